import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { PartnerType } from '@huddle/shared/partners';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * schema.org JSON-LD for the public pages (issue 33, decision 076): what search engines read of an
 * event, team, place, board post or partner from the first HTML. Plain objects built from what the
 * page itself shows to a visitor, so nothing private can reach them; structured-data.test.ts checks
 * every type and property against schema.org's vocabulary and Google's Event rich-result fields.
 */

const context = 'https://schema.org';
const vocabulary = (term: string) => `${context}/${term}`;

type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

/** An instant on the event's own wall clock, with its offset: 2026-12-06T18:00:00-06:00. */
export const instantInZone = (instant: string | Date, zone: string) => dayjs(instant).tz(zone).format();

/**
 * A place's one-line address as PostalAddress parts where it reads as a US address ("2100 Barton
 * Springs Rd, Austin, TX 78704, USA"; places are picked from US cities, spec §5); otherwise the
 * whole line as the street address, which Google accepts.
 */
export function postalAddressOf(line: string): JsonLd {
  const parts = line
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const country = 'US';
  if (parts.length > 1 && /^(USA?|United States( of America)?)$/i.test(parts.at(-1) ?? '')) parts.pop();
  const regionPart = /^([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/.exec(parts.at(-1) ?? '');
  if (!regionPart || parts.length < 3) {
    return { '@type': 'PostalAddress', streetAddress: line.trim(), addressCountry: country };
  }
  parts.pop();
  const locality = parts.pop() ?? '';
  return {
    '@type': 'PostalAddress',
    streetAddress: parts.join(', '),
    addressLocality: locality,
    addressRegion: regionPart[1],
    ...(regionPart[2] && { postalCode: regionPart[2] }),
    addressCountry: country,
  };
}

export interface PlaceFacts {
  name: string;
  address: string;
  lat: number;
  lng: number;
  url?: string;
  description?: string | null;
}

export function placeLd(place: PlaceFacts, { withContext = true } = {}): JsonLd {
  return {
    ...(withContext && { '@context': context }),
    // Courts, fields and gyms: a place people play a sport at.
    '@type': 'SportsActivityLocation',
    name: place.name,
    ...(place.description && { description: place.description }),
    address: postalAddressOf(place.address),
    geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lng },
    ...(place.url && { url: place.url }),
  };
}

export type Availability = 'InStock' | 'LimitedAvailability' | 'SoldOut';

/**
 * Spots left as schema.org availability: none is SoldOut (the waitlist still takes names), a
 * fifth or fewer of the spots (at most 3 for small games) LimitedAvailability, else InStock.
 */
export function availabilityOf(spotsLeft: number, slots: number): Availability {
  if (spotsLeft <= 0) return 'SoldOut';
  if (spotsLeft <= Math.max(3, Math.floor(slots / 5))) return 'LimitedAvailability';
  return 'InStock';
}

export interface EventFacts {
  name: string;
  description: string;
  url: string;
  image: string | null;
  sport: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  cancelled: boolean;
  place: PlaceFacts;
  organizer: { name: string; url: string; kind: 'person' | 'team' };
  priceCents: number | null;
  /** ISO 4217; Huddle's games are priced in USD (spec §9). */
  currency: string;
  slots: number;
  spotsLeft: number;
}

export function sportsEventLd(event: EventFacts): JsonLd {
  return {
    '@context': context,
    '@type': 'SportsEvent',
    name: event.name,
    description: event.description,
    url: event.url,
    ...(event.image && { image: [event.image] }),
    sport: event.sport,
    startDate: instantInZone(event.startsAt, event.timeZone),
    endDate: instantInZone(event.endsAt, event.timeZone),
    eventStatus: vocabulary(event.cancelled ? 'EventCancelled' : 'EventScheduled'),
    eventAttendanceMode: vocabulary('OfflineEventAttendanceMode'),
    location: placeLd(event.place, { withContext: false }),
    organizer: {
      '@type': event.organizer.kind === 'team' ? 'SportsTeam' : 'Person',
      name: event.organizer.name,
      url: event.organizer.url,
    },
    maximumAttendeeCapacity: event.slots,
    remainingAttendeeCapacity: Math.max(0, event.spotsLeft),
    offers: {
      '@type': 'Offer',
      url: event.url,
      price: ((event.priceCents ?? 0) / 100).toFixed(2),
      priceCurrency: event.currency,
      availability: vocabulary(availabilityOf(event.spotsLeft, event.slots)),
    },
  };
}

export interface TeamFacts {
  name: string;
  description: string | null;
  url: string;
  sport: string;
  image: string | null;
  city: string | null;
  memberCount: number;
}

export function sportsTeamLd(team: TeamFacts): JsonLd {
  return {
    '@context': context,
    '@type': 'SportsTeam',
    name: team.name,
    ...(team.description && { description: team.description }),
    url: team.url,
    sport: team.sport,
    ...(team.image && { logo: team.image }),
    ...(team.city && { location: { '@type': 'Place', name: team.city } }),
    // Members, as a count: the roster's names are not for search engines.
    ...(team.memberCount > 0 && {
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: vocabulary('JoinAction'),
        userInteractionCount: team.memberCount,
      },
    }),
  };
}

/** An instant in UTC to the second, as schema.org's DateTime reads it: 2026-12-06T18:00:00Z. */
const utcInstant = (instant: string) => new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface PostFacts {
  title: string;
  text: string;
  url: string;
  /** "Play & Competition - Sub needed": where on the board it is. */
  section: string;
  images: readonly string[];
  authorName: string;
  publishedAt: string;
  editedAt: string | null;
  place: string | null;
  replyCount: number;
}

/**
 * A board post (spec §6: posts are public) as Google reads forum threads: DiscussionForumPosting
 * with its author, dates, words and photos, and how many replies it has (their words stay on the page).
 */
export function discussionPostingLd(post: PostFacts): JsonLd {
  return {
    '@context': context,
    '@type': 'DiscussionForumPosting',
    headline: post.title,
    text: post.text,
    url: post.url,
    articleSection: post.section,
    author: { '@type': 'Person', name: post.authorName },
    datePublished: utcInstant(post.publishedAt),
    ...(post.editedAt && { dateModified: utcInstant(post.editedAt) }),
    ...(post.images.length > 0 && { image: [...post.images] }),
    ...(post.place && { contentLocation: { '@type': 'Place', name: post.place } }),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: vocabulary('CommentAction'),
      userInteractionCount: post.replyCount,
    },
  };
}

/** Each kind of partner as schema.org types it (Organization's subtypes; a venue is a place too). */
const partnerTypes = {
  venue: 'SportsActivityLocation',
  shop: 'SportingGoodsStore',
  coach: 'LocalBusiness',
  league: 'SportsOrganization',
} as const satisfies Record<PartnerType, string>;

export interface PartnerFacts {
  kind: PartnerType;
  name: string;
  description: string;
  url: string;
  logo: string | null;
  /** The partner's own site: the same organization elsewhere. */
  website: string | null;
  address: string | null;
  city: string | null;
}

/** A partner's page (spec §6: public): the organization, its logo, its own site and where it is. */
export function partnerOrganizationLd(partner: PartnerFacts): JsonLd {
  return {
    '@context': context,
    '@type': partnerTypes[partner.kind],
    name: partner.name,
    ...(partner.description.trim() && { description: partner.description }),
    url: partner.url,
    ...(partner.logo && { logo: partner.logo }),
    ...(partner.website && { sameAs: partner.website }),
    ...(partner.address
      ? { address: postalAddressOf(partner.address) }
      : partner.city && { location: { '@type': 'Place', name: partner.city } }),
  };
}
