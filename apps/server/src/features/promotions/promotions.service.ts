import {
  promotionLimits,
  promotionMessages,
  type Promotion,
  type PublicPromotion,
  type promotionBody,
} from '@huddle/shared/promotions';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deletePromotionRow,
  findCurrentPromotionRow,
  findPromotionRow,
  insertPromotion,
  listPromotionRows,
  updatePromotionRow,
  type PromotionRow,
} from './promotions.repository.ts';

const notFound = () => new AppError('NOT_FOUND', promotionMessages.notFound);

function publicOf(row: PromotionRow): PublicPromotion {
  return {
    id: row.id,
    headline: row.headline,
    text: row.text,
    linkUrl: row.linkUrl,
    linkLabel: row.linkLabel || promotionMessages.defaultLinkLabel,
    endsAt: row.endsAt.toISOString(),
  };
}

export function promotionOf(row: PromotionRow): Promotion {
  return {
    ...publicOf(row),
    // The admin form shows what was entered: an empty label stays empty there.
    linkLabel: row.linkLabel,
    startsAt: row.startsAt.toISOString(),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Spec §2 home, the community sale banner: the promotion running at `now`, or null. Read with
 * the public config (one indexed row), so home asks nothing more for it (issue 11).
 */
export async function getCurrentPromotion(db: Database, now: Date): Promise<PublicPromotion | null> {
  const row = await findCurrentPromotionRow(db, now);
  return row ? publicOf(row) : null;
}

// Managing promotions: the admin area calls these after its own admin check, in its transaction.

const fieldsOf = (body: z.output<typeof promotionBody>) => ({
  headline: body.headline,
  text: body.text,
  linkUrl: body.linkUrl || null,
  linkLabel: body.linkLabel,
  startsAt: new Date(body.startsAt),
  endsAt: new Date(body.endsAt),
  active: body.active,
});

export async function listPromotions(db: Database): Promise<Promotion[]> {
  return (await listPromotionRows(db, promotionLimits.list)).map(promotionOf);
}

export async function findPromotion(db: Database, promotionId: string): Promise<Promotion> {
  const row = await findPromotionRow(db, promotionId);
  if (!row) throw notFound();
  return promotionOf(row);
}

export async function createPromotion(db: Database, body: z.output<typeof promotionBody>): Promise<Promotion> {
  return promotionOf(await insertPromotion(db, fieldsOf(body)));
}

export async function updatePromotion(
  db: Database,
  { promotionId, body, now }: { promotionId: string; body: z.output<typeof promotionBody>; now: Date },
): Promise<Promotion> {
  const row = await updatePromotionRow(db, promotionId, fieldsOf(body), now);
  if (!row) throw notFound();
  return promotionOf(row);
}

export async function deletePromotion(db: Database, promotionId: string): Promise<Promotion> {
  const row = await deletePromotionRow(db, promotionId);
  if (!row) throw notFound();
  return promotionOf(row);
}
