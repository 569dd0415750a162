import { inboxPageSize, type AdminPlans, type InboxState } from '@huddle/shared/admin';
import type { ManagedPartnerDetail, PartnerOffer, partnerBody, partnerOfferBody } from '@huddle/shared/partners';
import type { Promotion, promotionBody } from '@huddle/shared/promotions';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  createPartner,
  createPartnerOffer,
  deletePartner,
  deletePartnerOffer,
  getManagedPartner,
  getPartnerOffer,
  updatePartner,
  updatePartnerOffer,
} from '../partners/partners.service.ts';
import { listFeedback, setFeedbackHandled } from '../profiles/feedback.service.ts';
import { createPromotion, deletePromotion, findPromotion, updatePromotion } from '../promotions/promotions.service.ts';
import { listPlansOfPlatform, type SubscriptionDeps } from '../subscriptions/subscriptions.service.ts';
import {
  listAmbassadorApplications,
  setAmbassadorApplicationHandled,
} from '../teams/ambassador-applications.service.ts';
import { audit, type Actor } from './admin.service.ts';

/**
 * Issue 17's remaining sections (decision 051): partners and their offers, plans and
 * promotions, ambassador applications and feedback. Each write is the owning feature's service
 * function and its audit row, in one transaction; the routes checked the admin role first.
 */

interface Acting {
  db: Database;
  actor: Actor;
}

// Partners and offers (decision 048: written here only).

export async function adminCreatePartner(
  { db, actor }: Acting,
  body: z.output<typeof partnerBody>,
): Promise<ManagedPartnerDetail> {
  return db.transaction(async (tx) => {
    const row = await createPartner(tx, { body });
    const after = await getManagedPartner(tx, { partnerId: row.id });
    await audit(tx, actor, { action: 'partner.create', targetType: 'partner', targetId: row.id, before: null, after });
    return after;
  });
}

export async function adminUpdatePartner(
  { db, actor, clock }: Acting & { clock: Clock },
  { partnerId, body }: { partnerId: string; body: z.output<typeof partnerBody> },
): Promise<ManagedPartnerDetail> {
  return db.transaction(async (tx) => {
    const { offers: _offers, ...before } = await getManagedPartner(tx, { partnerId });
    await updatePartner(tx, clock, { partnerId, body });
    const after = await getManagedPartner(tx, { partnerId });
    const { offers: _afterOffers, ...changed } = after;
    await audit(tx, actor, {
      action: 'partner.update',
      targetType: 'partner',
      targetId: partnerId,
      before,
      after: changed,
    });
    return after;
  });
}

export async function adminDeletePartner({ db, actor }: Acting, partnerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The audit row keeps the partner and its offers as they were.
    const before = await getManagedPartner(tx, { partnerId });
    await deletePartner(tx, { partnerId });
    await audit(tx, actor, {
      action: 'partner.delete',
      targetType: 'partner',
      targetId: partnerId,
      before,
      after: null,
    });
  });
}

export async function adminCreateOffer(
  { db, actor }: Acting,
  { partnerId, body }: { partnerId: string; body: z.output<typeof partnerOfferBody> },
): Promise<PartnerOffer> {
  return db.transaction(async (tx) => {
    const offer = await createPartnerOffer(tx, { partnerId, body });
    await audit(tx, actor, {
      action: 'partner-offer.create',
      targetType: 'partner-offer',
      targetId: offer.id,
      before: null,
      after: { partnerId, ...offer },
    });
    return offer;
  });
}

export async function adminUpdateOffer(
  { db, actor }: Acting,
  { offerId, body }: { offerId: string; body: z.output<typeof partnerOfferBody> },
): Promise<PartnerOffer> {
  return db.transaction(async (tx) => {
    const { partnerId, offer: before } = await getPartnerOffer(tx, { offerId });
    const after = await updatePartnerOffer(tx, { offerId, body });
    await audit(tx, actor, {
      action: 'partner-offer.update',
      targetType: 'partner-offer',
      targetId: offerId,
      before: { partnerId, ...before },
      after: { partnerId, ...after },
    });
    return after;
  });
}

export async function adminDeleteOffer({ db, actor }: Acting, offerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { partnerId, offer } = await getPartnerOffer(tx, { offerId });
    await deletePartnerOffer(tx, { offerId });
    await audit(tx, actor, {
      action: 'partner-offer.delete',
      targetType: 'partner-offer',
      targetId: offerId,
      before: { partnerId, ...offer },
      after: null,
    });
  });
}

// Plans (read-only) and promotions.

export async function adminListPlans(deps: SubscriptionDeps): Promise<AdminPlans> {
  return listPlansOfPlatform(deps);
}

export async function adminCreatePromotion(
  { db, actor }: Acting,
  body: z.output<typeof promotionBody>,
): Promise<Promotion> {
  return db.transaction(async (tx) => {
    const after = await createPromotion(tx, body);
    await audit(tx, actor, {
      action: 'promotion.create',
      targetType: 'promotion',
      targetId: after.id,
      before: null,
      after,
    });
    return after;
  });
}

export async function adminUpdatePromotion(
  { db, actor, clock }: Acting & { clock: Clock },
  { promotionId, body }: { promotionId: string; body: z.output<typeof promotionBody> },
): Promise<Promotion> {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, promotionId);
    const after = await updatePromotion(tx, { promotionId, body, now: clock.now() });
    await audit(tx, actor, {
      action: 'promotion.update',
      targetType: 'promotion',
      targetId: promotionId,
      before,
      after,
    });
    return after;
  });
}

export async function adminDeletePromotion({ db, actor }: Acting, promotionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await deletePromotion(tx, promotionId);
    await audit(tx, actor, {
      action: 'promotion.delete',
      targetType: 'promotion',
      targetId: promotionId,
      before,
      after: null,
    });
  });
}

// Ambassador applications and feedback: newest first, handled or not.

export const adminListApplications = (db: Database, state: InboxState) =>
  listAmbassadorApplications(db, { state, limit: inboxPageSize });

export const adminListFeedback = (db: Database, state: InboxState) => listFeedback(db, { state, limit: inboxPageSize });

/** Only a change is logged: of two admins marking it at once, one audit row (the update is conditional). */
export async function adminSetApplicationHandled(
  { db, actor, now }: Acting & { now: Date },
  { applicationId, handled }: { applicationId: string; handled: boolean },
) {
  return db.transaction(async (tx) => {
    const { application, changed } = await setAmbassadorApplicationHandled(tx, { applicationId, handled, now });
    if (changed) {
      await audit(tx, actor, {
        action: 'ambassador-application.handled',
        targetType: 'ambassador-application',
        targetId: applicationId,
        before: { handled: !handled },
        after: { handled },
      });
    }
    return application;
  });
}

export async function adminSetFeedbackHandled(
  { db, actor, now }: Acting & { now: Date },
  { feedbackId, handled }: { feedbackId: string; handled: boolean },
) {
  return db.transaction(async (tx) => {
    const { feedback, changed } = await setFeedbackHandled(tx, { feedbackId, handled, now });
    if (changed) {
      await audit(tx, actor, {
        action: 'feedback.handled',
        targetType: 'feedback',
        targetId: feedbackId,
        before: { handled: !handled },
        after: { handled },
      });
    }
    return feedback;
  });
}
