import { z } from 'zod';
import { okReply } from './accounts.ts';
import { instant } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { eventSummary } from './events.ts';
import { latitude, longitude } from './places.ts';
import { usCity } from './profiles.ts';

/**
 * Issue 16, "Partners" (spec §2 partners/{ptype}, partner/preferred/{id}, partner/events/{id};
 * §6 partner pages are public). Partners are venues, shops, coaches and leagues Huddle works with;
 * admins manage them (issue 17) and the public reads the preferred ones (decision 048).
 * Each type has the URL segment of partners/{ptype} (the plural, as the issue names them).
 */
export const partnerTypes = [
  { type: 'venue', slug: 'venues', name: 'Venues', one: 'Venue' },
  { type: 'shop', slug: 'shops', name: 'Shops', one: 'Shop' },
  { type: 'coach', slug: 'coaches', name: 'Coaches', one: 'Coach' },
  { type: 'league', slug: 'leagues', name: 'Leagues', one: 'League' },
] as const;
export type PartnerType = (typeof partnerTypes)[number]['type'];
export const partnerTypeValues = partnerTypes.map((entry) => entry.type) as [PartnerType, ...PartnerType[]];

export const findPartnerTypeBySlug = (slug: string) => partnerTypes.find((entry) => entry.slug === slug);
export const partnerTypeOf = (type: PartnerType) => partnerTypes.find((entry) => entry.type === type)!;

export const partnerLimits = {
  name: 120,
  description: 2000,
  address: 200,
  url: 400,
  offerTitle: 120,
  offerDescription: 1000,
  offerCode: 40,
  /** A type's list: partners are few (admins add them by hand), so one page holds them. */
  list: 100,
  /** Upcoming events on an events partner's page. */
  events: 20,
} as const;

export const partnerMessages = {
  listHeading: (typeName: string) => `Preferred ${typeName}`,
  notFound: 'Partner not found',
  offerNotFound: 'Offer not found',
  noPartners: 'No preferred partners of this kind yet.',
  noOffers: 'No offers right now.',
  noEvents: 'No upcoming events.',
  unknownTeam: 'Choose a public team or community.',
  teamOnlyForLeagues: 'Only an events partner (a league) links a team.',
  offerEndsBeforeStart: 'The offer must end after it starts.',
  badImage: 'Upload the logo again.',
  badWebsite: 'Enter a web address starting with https://.',
} as const;

const max = (limit: number) => `At most ${limit} characters.`;

export const partnerIdParams = z.object({ partnerId: z.uuid(partnerMessages.notFound) });
export const partnerOfferIdParams = z.object({ offerId: z.uuid(partnerMessages.offerNotFound) });

/** A logo is an upload from POST /api/images (a /uploads/ path, or the S3 public URL). */
const imageUrl = z
  .string()
  .max(partnerLimits.url)
  .regex(/^(https:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9._/-]+)$/, partnerMessages.badImage);
const webUrl = z
  .string()
  .trim()
  .max(partnerLimits.url, max(partnerLimits.url))
  .regex(/^https:\/\/[^\s"'<>]+$/, partnerMessages.badWebsite);

/** What an admin enters for a partner (issue 17 builds the screens; the service takes this). */
export const partnerBody = z
  .strictObject({
    type: z.enum(partnerTypeValues, 'Choose a kind of partner.'),
    name: z
      .string({ error: 'Give the partner a name.' })
      .trim()
      .min(1, 'Give the partner a name.')
      .max(partnerLimits.name, max(partnerLimits.name)),
    description: z.string().trim().max(partnerLimits.description, max(partnerLimits.description)).default(''),
    logoUrl: imageUrl.nullable().default(null),
    websiteUrl: webUrl.nullable().default(null),
    /** The partner's city (the US city picker): what "nearest first" measures from. */
    city: usCity.nullable().default(null),
    /** Where in the city, in words (a street address, "Zilker Park"). */
    address: z.string().trim().max(partnerLimits.address, max(partnerLimits.address)).nullable().default(null),
    /** Listed and shown to the public (spec §2: preferred partners); off keeps it for admins only. */
    preferred: z.boolean().default(true),
    /** An events partner's team: its upcoming events show on partner/events/{id}. */
    teamId: z.uuid(partnerMessages.unknownTeam).nullable().default(null),
  })
  .superRefine((body, context) => {
    if (body.teamId && body.type !== 'league') {
      context.addIssue({ code: 'custom', path: ['teamId'], message: partnerMessages.teamOnlyForLeagues });
    }
  })
  .meta({ id: 'PartnerBody' });
export type PartnerBody = z.input<typeof partnerBody>;

export const partnerOfferBody = z
  .strictObject({
    title: z
      .string({ error: 'Give the offer a title.' })
      .trim()
      .min(1, 'Give the offer a title.')
      .max(partnerLimits.offerTitle, max(partnerLimits.offerTitle)),
    description: z.string().trim().max(partnerLimits.offerDescription, max(partnerLimits.offerDescription)).default(''),
    /** A code to give at the till or checkout; null for none. */
    code: z.string().trim().max(partnerLimits.offerCode, max(partnerLimits.offerCode)).nullable().default(null),
    /** Where to claim it; null for none. */
    url: webUrl.nullable().default(null),
    /** Shown from this instant (null: at once) until the other (null: until removed). */
    validFrom: instant('Pick a date and time.').nullable().default(null),
    validUntil: instant('Pick a date and time.').nullable().default(null),
  })
  .superRefine((body, context) => {
    if (body.validFrom && body.validUntil && Date.parse(body.validUntil) <= Date.parse(body.validFrom)) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: partnerMessages.offerEndsBeforeStart });
    }
  })
  .meta({ id: 'PartnerOfferBody' });
export type PartnerOfferBody = z.input<typeof partnerOfferBody>;

export const partnerListQuery = z.object({
  type: z.enum(partnerTypeValues, 'Choose a kind of partner.'),
  /** A visitor's picked city; a signed-in viewer's own city is used without it. */
  lat: latitude.optional(),
  lng: longitude.optional(),
});

export const partnerSummary = z
  .object({
    id: z.string(),
    type: z.enum(partnerTypeValues),
    name: z.string(),
    description: z.string(),
    logoUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    cityName: z.string().nullable(),
    address: z.string().nullable(),
    /** From the viewer's city, when known. */
    distanceKm: z.number().nullable(),
    /** Has a team whose events partner/events/{id} shows. */
    hasEvents: z.boolean(),
    /** Offers valid now. */
    offerCount: z.number().int(),
  })
  .meta({ id: 'PartnerSummary' });
export type PartnerSummary = z.infer<typeof partnerSummary>;

export const partnerListReply = z.object({
  partners: z.array(partnerSummary),
  /** Nearest first (a city is known) or by name. */
  order: z.enum(['nearest', 'name']),
});

export const partnerOffer = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    code: z.string().nullable(),
    url: z.string().nullable(),
    validFrom: z.iso.datetime().nullable(),
    validUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PartnerOffer' });
export type PartnerOffer = z.infer<typeof partnerOffer>;

export const partnerDetail = partnerSummary
  .omit({ distanceKm: true, offerCount: true })
  .extend({ offers: z.array(partnerOffer) })
  .meta({ id: 'Partner' });
export type PartnerDetail = z.infer<typeof partnerDetail>;

export const eventsPartnerDetail = partnerDetail
  .extend({
    team: z.object({ id: z.string(), name: z.string() }),
    events: z.array(eventSummary),
  })
  .meta({ id: 'EventsPartner' });
export type EventsPartnerDetail = z.infer<typeof eventsPartnerDetail>;

const tags = ['partners'] as const;

export const partnerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/partners',
    summary: 'Preferred partners of a kind (public): nearest first when a city is known, else by name',
    tags,
    query: partnerListQuery,
    reply: partnerListReply,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:partnerId',
    summary: 'A preferred partner with its current offers (public)',
    tags,
    params: partnerIdParams,
    reply: partnerDetail,
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:partnerId/events',
    summary: "An events partner with its team's upcoming public events and its current offers (public)",
    tags,
    params: partnerIdParams,
    reply: eventsPartnerDetail,
  }),
};

/** The web addresses of the partner pages (spec §2). */
export const partnerPaths = {
  list: (slug: string) => `/partners/${slug}`,
  preferred: (partnerId: string) => `/partner/preferred/${partnerId}`,
  events: (partnerId: string) => `/partner/events/${partnerId}`,
  /** The first type's list: where a "Partners" link goes. */
  start: '/partners/venues',
};

/** What an admin sees of a partner (issue 17): everything, preferred or not. */
export const managedPartner = z
  .object({
    id: z.string(),
    type: z.enum(partnerTypeValues),
    name: z.string(),
    description: z.string(),
    logoUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    city: z.object({ name: z.string(), lat: z.number(), lng: z.number() }).nullable(),
    address: z.string().nullable(),
    preferred: z.boolean(),
    teamId: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ManagedPartner' });
export type ManagedPartner = z.infer<typeof managedPartner>;

/** A public team or community a league can link, as the admin's team picker lists it. */
export const partnerTeamOption = z
  .object({ id: z.string(), name: z.string(), city: z.string().nullable() })
  .meta({ id: 'PartnerTeamOption' });
export type PartnerTeamOption = z.infer<typeof partnerTeamOption>;

/** One partner with all its offers, past and future included, and its linked team's name. */
export const managedPartnerDetail = managedPartner
  .extend({ offers: z.array(partnerOffer), team: partnerTeamOption.nullable() })
  .meta({ id: 'ManagedPartnerDetail' });
export type ManagedPartnerDetail = z.infer<typeof managedPartnerDetail>;

export const managedPartnersReply = z.object({ partners: z.array(managedPartner) }).meta({ id: 'ManagedPartners' });

const adminTags = ['admin'] as const;

/** The league form's team picker: public teams whose name contains `q` (empty: the first by name). */
export const partnerTeamSearchQuery = z.object({ q: z.string().trim().max(100).default('') });
export const partnerTeamSearchLimit = 20;
export const partnerTeamsReply = z.object({ teams: z.array(partnerTeamOption) }).meta({ id: 'PartnerTeams' });

/** Partners are written here only, by admins (decision 048: no public route writes them). */
export const adminPartnerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/partners',
    summary: 'Every partner, preferred or not, by kind and name',
    tags: adminTags,
    reply: managedPartnersReply,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/partners/:partnerId',
    summary: 'A partner with all its offers, ended and future ones included',
    tags: adminTags,
    params: partnerIdParams,
    reply: managedPartnerDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/partners',
    summary: 'Add a partner',
    tags: adminTags,
    body: partnerBody,
    reply: managedPartnerDetail,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/partners/:partnerId',
    summary: 'Change a partner',
    tags: adminTags,
    params: partnerIdParams,
    body: partnerBody,
    reply: managedPartnerDetail,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/partners/:partnerId',
    summary: 'Delete a partner and its offers',
    tags: adminTags,
    params: partnerIdParams,
    reply: okReply,
  }),
  createOffer: defineEndpoint({
    method: 'POST',
    path: '/api/admin/partners/:partnerId/offers',
    summary: 'Add an offer to a partner',
    tags: adminTags,
    params: partnerIdParams,
    body: partnerOfferBody,
    reply: partnerOffer,
    status: 201,
  }),
  updateOffer: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/partner-offers/:offerId',
    summary: "Change a partner's offer",
    tags: adminTags,
    params: partnerOfferIdParams,
    body: partnerOfferBody,
    reply: partnerOffer,
  }),
  removeOffer: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/partner-offers/:offerId',
    summary: "Delete a partner's offer",
    tags: adminTags,
    params: partnerOfferIdParams,
    reply: okReply,
  }),
  searchTeams: defineEndpoint({
    method: 'GET',
    path: '/api/admin/partner-teams',
    summary: 'Public teams and communities by name, for linking one to a league partner',
    tags: adminTags,
    query: partnerTeamSearchQuery,
    reply: partnerTeamsReply,
  }),
} as const;
