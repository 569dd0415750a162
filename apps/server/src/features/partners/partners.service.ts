import {
  partnerLimits,
  partnerMessages,
  partnerTeamSearchLimit,
  type EventsPartnerDetail,
  type ManagedPartner,
  type ManagedPartnerDetail,
  type PartnerDetail,
  type PartnerOffer,
  type PartnerSummary,
  type PartnerType,
  type partnerBody,
  type partnerListQuery,
  type partnerOfferBody,
} from '@huddle/shared/partners';
import type { LatLng } from '@huddle/shared/places';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { getCurrentUser } from '../accounts/accounts.service.ts';
import { teamEvents } from '../events/event-lists.service.ts';
import { isKnownUsCity } from '../places/us-cities.ts';
import { publicTeamOptions, teamOption, visibleTeam } from '../teams/teams.service.ts';
import {
  deleteOfferRow,
  deletePartnerRow,
  findOfferRow,
  findPartnerRow,
  findPartnerWithEvents,
  insertOffer,
  insertPartner,
  listAllOfferRows,
  listAllPartnerRows,
  listCurrentOfferRows,
  listPreferredPartnerRows,
  updateOfferRow,
  updatePartnerRow,
  type PartnerOfferRow,
  type PartnerRow,
} from './partners.repository.ts';

const notFound = () => new AppError('NOT_FOUND', partnerMessages.notFound);
const offerNotFound = () => new AppError('NOT_FOUND', partnerMessages.offerNotFound);

function baseOf(partner: PartnerRow, hasEvents: boolean) {
  return {
    id: partner.id,
    type: partner.type as PartnerType,
    name: partner.name,
    description: partner.description,
    logoUrl: partner.logoUrl,
    websiteUrl: partner.websiteUrl,
    cityName: partner.cityName,
    address: partner.address,
    hasEvents,
  };
}

function offerOf(offer: PartnerOfferRow): PartnerOffer {
  return {
    id: offer.id,
    title: offer.title,
    description: offer.description,
    code: offer.code,
    url: offer.url,
    validFrom: offer.validFrom?.toISOString() ?? null,
    validUntil: offer.validUntil?.toISOString() ?? null,
  };
}

/**
 * partners/{ptype} (spec §2; public, §6): the preferred partners of a type. Nearest first when a
 * city is known: the visitor's picked one (lat, lng), else the signed-in viewer's own; else by name.
 */
export async function listPartners(
  db: Database,
  clock: Clock,
  { viewerId, query }: { viewerId: string | undefined; query: z.output<typeof partnerListQuery> },
): Promise<{ partners: PartnerSummary[]; order: 'nearest' | 'name' }> {
  let near: LatLng | undefined =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
  if (!near && viewerId) near = (await getCurrentUser(db, viewerId)).defaultCity ?? undefined;
  const rows = await listPreferredPartnerRows(db, {
    type: query.type,
    near,
    now: clock.now(),
    limit: partnerLimits.list,
  });
  return {
    partners: rows.map(({ partner, offerCount, distanceKm, hasEvents }) => ({
      ...baseOf(partner, hasEvents),
      distanceKm: distanceKm === null ? null : Number(distanceKm),
      offerCount,
    })),
    order: near ? 'nearest' : 'name',
  };
}

/** A partner the public may see: preferred ones only (decision 048); any other reads as not found. */
async function publicPartner(db: Database, partnerId: string) {
  const row = await findPartnerWithEvents(db, partnerId);
  if (!row || !row.partner.preferred) throw notFound();
  return row;
}

/** partner/preferred/{id}: the partner and its offers valid now (expired and future ones hidden). */
export async function getPartner(
  db: Database,
  clock: Clock,
  { partnerId }: { partnerId: string },
): Promise<PartnerDetail> {
  const { partner, hasEvents } = await publicPartner(db, partnerId);
  const offers = await listCurrentOfferRows(db, partnerId, clock.now());
  return { ...baseOf(partner, hasEvents), offers: offers.map(offerOf) };
}

/**
 * partner/events/{id}: an events partner (one with a team) with the team's upcoming events, read
 * through the events service as the viewer sees them on the team's page (a member also sees the
 * team-only ones, with their own status). A partner without a
 * team, or whose team has turned private, is not an events partner: not found.
 */
export async function getEventsPartner(
  db: Database,
  clock: Clock,
  { viewerId, partnerId }: { viewerId: string | undefined; partnerId: string },
): Promise<EventsPartnerDetail> {
  const { partner, hasEvents } = await publicPartner(db, partnerId);
  if (!partner.teamId || !hasEvents) throw notFound();
  // The page is public: the team is read as a visitor would, whoever asks.
  const team = await visibleTeam(db, partner.teamId, undefined).catch(() => null);
  if (!team) throw notFound();
  const [events, offers] = await Promise.all([
    teamEvents(db, clock, { viewerId, teamId: partner.teamId }),
    listCurrentOfferRows(db, partnerId, clock.now()),
  ]);
  return {
    ...baseOf(partner, true),
    offers: offers.map(offerOf),
    team: { id: team.team.id, name: team.team.name },
    events: events.events.slice(0, partnerLimits.events),
  };
}

// Managing partners (issue 17's admin area calls these after its own admin check; decision 048).

/** The columns of a partner from what an admin entered; the city must be one of the picker's. */
async function partnerFields(db: Database, body: z.output<typeof partnerBody>) {
  if (body.city && !isKnownUsCity(body.city)) {
    throw new AppError('VALIDATION_FAILED', undefined, { city: ['Choose a US city from the list.'] });
  }
  if (body.teamId && !(await visibleTeam(db, body.teamId, undefined).catch(() => null))) {
    throw new AppError('VALIDATION_FAILED', undefined, { teamId: [partnerMessages.unknownTeam] });
  }
  return {
    type: body.type,
    name: body.name,
    description: body.description,
    logoUrl: body.logoUrl,
    websiteUrl: body.websiteUrl,
    cityName: body.city?.name ?? null,
    lat: body.city?.lat ?? null,
    lng: body.city?.lng ?? null,
    address: body.address?.trim() || null,
    preferred: body.preferred,
    teamId: body.teamId,
  };
}

/** What an admin sees of a partner: every column, preferred or not. */
export function toManagedPartner(row: PartnerRow): ManagedPartner {
  return {
    id: row.id,
    type: row.type as PartnerType,
    name: row.name,
    description: row.description,
    logoUrl: row.logoUrl,
    websiteUrl: row.websiteUrl,
    city:
      row.cityName !== null && row.lat !== null && row.lng !== null
        ? { name: row.cityName, lat: row.lat, lng: row.lng }
        : null,
    address: row.address,
    preferred: row.preferred,
    teamId: row.teamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listManagedPartners(db: Database): Promise<ManagedPartner[]> {
  return (await listAllPartnerRows(db)).map(toManagedPartner);
}

/** A partner and all its offers, past and future included. */
export async function getManagedPartner(
  db: Database,
  { partnerId }: { partnerId: string },
): Promise<ManagedPartnerDetail> {
  const partner = await findPartnerRow(db, partnerId);
  if (!partner) throw notFound();
  return {
    ...toManagedPartner(partner),
    offers: (await listAllOfferRows(db, partnerId)).map(offerOf),
    team: partner.teamId ? await teamOption(db, partner.teamId) : null,
  };
}

/** The league form's team picker: public teams and communities by name (decision 051). */
export async function searchPartnerTeams(db: Database, { q }: { q: string }) {
  return { teams: await publicTeamOptions(db, q, partnerTeamSearchLimit) };
}

/** An offer as stored, or not found. */
export async function getPartnerOffer(db: Database, { offerId }: { offerId: string }) {
  const row = await findOfferRow(db, offerId);
  if (!row) throw offerNotFound();
  return { partnerId: row.partnerId, offer: offerOf(row) };
}

export async function createPartner(db: Database, { body }: { body: z.output<typeof partnerBody> }) {
  return insertPartner(db, await partnerFields(db, body));
}

export async function updatePartner(
  db: Database,
  clock: Clock,
  { partnerId, body }: { partnerId: string; body: z.output<typeof partnerBody> },
) {
  const row = await updatePartnerRow(db, partnerId, await partnerFields(db, body), clock.now());
  if (!row) throw notFound();
  return row;
}

export async function deletePartner(db: Database, { partnerId }: { partnerId: string }): Promise<void> {
  if (!(await deletePartnerRow(db, partnerId))) throw notFound();
}

const offerFields = (body: z.output<typeof partnerOfferBody>) => ({
  title: body.title,
  description: body.description,
  code: body.code?.trim() || null,
  url: body.url,
  validFrom: body.validFrom ? new Date(body.validFrom) : null,
  validUntil: body.validUntil ? new Date(body.validUntil) : null,
});

export async function createPartnerOffer(
  db: Database,
  { partnerId, body }: { partnerId: string; body: z.output<typeof partnerOfferBody> },
): Promise<PartnerOffer> {
  if (!(await findPartnerRow(db, partnerId))) throw notFound();
  return offerOf(await insertOffer(db, partnerId, offerFields(body)));
}

export async function updatePartnerOffer(
  db: Database,
  { offerId, body }: { offerId: string; body: z.output<typeof partnerOfferBody> },
): Promise<PartnerOffer> {
  const row = await updateOfferRow(db, offerId, offerFields(body));
  if (!row) throw offerNotFound();
  return offerOf(row);
}

export async function deletePartnerOffer(db: Database, { offerId }: { offerId: string }): Promise<void> {
  if (!(await deleteOfferRow(db, offerId))) throw offerNotFound();
}
