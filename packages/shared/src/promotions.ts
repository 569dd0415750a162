import { z } from 'zod';
import { okReply } from './accounts.ts';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Spec §2 home: "a community sale banner". Admins write promotions (issue 17); home shows the
 * current one, dismissible (decision 051). It reaches the browser with the public config, so
 * home makes no request of its own for it.
 */
export const promotionLimits = {
  headline: 80,
  text: 280,
  url: 400,
  linkLabel: 40,
  /** The admin list: promotions are few, one page holds them. */
  list: 200,
} as const;

export const promotionMessages = {
  notFound: 'Promotion not found',
  endsBeforeStart: 'The promotion must end after it starts.',
  badLink: 'Enter a web address starting with https://, or a Huddle page starting with /.',
  defaultLinkLabel: 'See the offer',
} as const;

const max = (limit: number) => `At most ${limit} characters.`;

export const promotionIdParams = z.object({ promotionId: z.uuid(promotionMessages.notFound) });

/** What an admin enters for a promotion. */
export const promotionBody = z
  .strictObject({
    headline: z
      .string({ error: 'Give the promotion a headline.' })
      .trim()
      .min(1, 'Give the promotion a headline.')
      .max(promotionLimits.headline, max(promotionLimits.headline)),
    text: z.string().trim().max(promotionLimits.text, max(promotionLimits.text)).default(''),
    /** Where the banner's link goes: an https address, or a Huddle page ("/community/pricing"). */
    linkUrl: z
      .string()
      .trim()
      .max(promotionLimits.url, max(promotionLimits.url))
      .regex(/^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/, promotionMessages.badLink)
      .nullable()
      .default(null),
    /** The link's words; empty: "See the offer". */
    linkLabel: z.string().trim().max(promotionLimits.linkLabel, max(promotionLimits.linkLabel)).default(''),
    startsAt: instant('Choose when it starts.'),
    endsAt: instant('Choose when it ends.'),
    /** Off: kept, never shown (paused or being prepared). */
    active: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    if (Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: promotionMessages.endsBeforeStart });
    }
  })
  .meta({ id: 'PromotionBody' });
export type PromotionBody = z.input<typeof promotionBody>;

/** What home needs of the current promotion. */
export const publicPromotion = z
  .object({
    id: z.string(),
    headline: z.string(),
    text: z.string(),
    linkUrl: z.string().nullable(),
    linkLabel: z.string(),
    endsAt: z.iso.datetime(),
  })
  .meta({ id: 'CurrentPromotion' });
export type PublicPromotion = z.infer<typeof publicPromotion>;

/** What an admin sees of a promotion. */
export const promotion = publicPromotion
  .extend({
    startsAt: z.iso.datetime(),
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof promotion>;

export const promotionsReply = z.object({ promotions: z.array(promotion) }).meta({ id: 'Promotions' });

const tags = ['admin'] as const;

export const adminPromotionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/promotions',
    summary: 'Every promotion (home sale banner), the latest start first',
    tags,
    reply: promotionsReply,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/promotions',
    summary: 'Add a promotion: headline, text, optional link, start and end, active',
    tags,
    body: promotionBody,
    reply: promotion,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/promotions/:promotionId',
    summary: 'Change a promotion',
    tags,
    params: promotionIdParams,
    body: promotionBody,
    reply: promotion,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/promotions/:promotionId',
    summary: 'Delete a promotion',
    tags,
    params: promotionIdParams,
    reply: okReply,
  }),
} as const;
