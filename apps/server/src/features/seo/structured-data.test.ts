import { describe, expect, it } from 'vitest';
import {
  googleEventFields,
  schemaOrgEnumerations,
  schemaOrgProperties,
  schemaOrgTypes,
} from './schema-org-vocabulary.ts';
import {
  availabilityOf,
  discussionPostingLd,
  partnerOrganizationLd,
  placeLd,
  postalAddressOf,
  sportsEventLd,
  sportsTeamLd,
  type EventFacts,
  type PartnerFacts,
  type PostFacts,
} from './structured-data.ts';

/** Whether `type` is `ancestor` or one of its subtypes, by schema.org's subClassOf. */
function isA(type: string, ancestor: string): boolean {
  if (type === ancestor) return true;
  return (schemaOrgTypes[type] ?? []).some((parent) => isA(parent, ancestor));
}

const vocabularyPrefix = 'https://schema.org/';

/** Why a value does not fit any of a property's ranges, or null when one fits. */
function rangeProblem(value: unknown, ranges: readonly string[]): string | null {
  const fits = ranges.some((range) => {
    if (typeof value === 'object' && value !== null) {
      const type = (value as { '@type'?: string })['@type'];
      return typeof type === 'string' && isA(type, range);
    }
    if (typeof value === 'number') return range === 'Number' || (range === 'Integer' && Number.isInteger(value));
    if (typeof value !== 'string') return false;
    if (range === 'Text') return true;
    if (range === 'URL') return URL.canParse(value);
    if (range === 'DateTime') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(value);
    if (range === 'Date') return /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (range === 'Number') return /^\d+(\.\d+)?$/.test(value);
    if (!value.startsWith(vocabularyPrefix)) return false;
    const term = value.slice(vocabularyPrefix.length);
    // An enumeration member, or a type named by its URL (interactionType: JoinAction).
    return schemaOrgEnumerations[range]?.includes(term) === true || (term in schemaOrgTypes && isA(term, range));
  });
  return fits ? null : `${JSON.stringify(value)} is none of ${ranges.join(', ')}`;
}

/** Every problem of a JSON-LD node and the nodes inside it, by path. */
function vocabularyProblems(node: Record<string, unknown>, path = '$'): string[] {
  const type = node['@type'];
  if (typeof type !== 'string' || !(type in schemaOrgTypes)) return [`${path}: unknown @type ${String(type)}`];
  return Object.entries(node).flatMap(([property, value]) => {
    if (property === '@context') return value === 'https://schema.org' ? [] : [`${path}: @context ${String(value)}`];
    if (property === '@type') return [];
    const definition = schemaOrgProperties[property];
    if (!definition) return [`${path}.${property}: not a schema.org property`];
    if (!definition.on.some((owner) => isA(type, owner))) return [`${path}.${property}: not a property of ${type}`];
    return (Array.isArray(value) ? value : [value]).flatMap((item, index) => {
      const at = Array.isArray(value) ? `${path}.${property}[${index}]` : `${path}.${property}`;
      const problem = rangeProblem(item, definition.range);
      if (problem) return [`${at}: ${problem}`];
      return typeof item === 'object' && item !== null ? vocabularyProblems(item as Record<string, unknown>, at) : [];
    });
  });
}

const game: EventFacts = {
  name: 'Thursday </script><script>alert(1)</script> run',
  description: 'Bring a light and a dark shirt.',
  url: 'https://huddle.example/discover/events/6f1c8a8e-9a5b-4a34-9d8c-3b0a4b1e2f10',
  image: 'https://huddle.example/og/events/6f1c8a8e-9a5b-4a34-9d8c-3b0a4b1e2f10.png?v=abc',
  sport: 'Soccer',
  timeZone: 'America/Chicago',
  startsAt: '2030-06-05T00:30:00.000Z',
  endsAt: '2030-06-05T02:00:00.000Z',
  cancelled: false,
  place: {
    name: 'Zilker Park Great Lawn',
    address: '2100 Barton Springs Rd, Austin, TX 78704, USA',
    lat: 30.2669,
    lng: -97.7729,
    url: 'https://huddle.example/places/view/1',
  },
  organizer: { kind: 'team', name: 'Lakeside Loons', url: 'https://huddle.example/team/1' },
  priceCents: 1250,
  currency: 'USD',
  slots: 12,
  spotsLeft: 7,
};

describe('schema.org JSON-LD (issue 33)', () => {
  it('writes a SportsEvent whose types and properties are all schema.org vocabulary', () => {
    const ld = sportsEventLd(game);
    expect(vocabularyProblems(ld)).toEqual([]);
    // The checker does catch what is not vocabulary.
    expect(vocabularyProblems({ ...ld, spotsLeft: 3 })).toEqual(['$.spotsLeft: not a schema.org property']);
    expect(vocabularyProblems({ ...ld, eventStatus: 'https://schema.org/InStock' })).toHaveLength(1);
    expect(vocabularyProblems({ ...ld, '@type': 'SportsGame' })).toEqual(['$: unknown @type SportsGame']);
  });

  it('has every field Google’s Event rich result requires, and the ones it recommends', () => {
    const ld = sportsEventLd(game) as Record<string, Record<string, unknown>>;
    for (const field of [...googleEventFields.required, ...googleEventFields.recommended])
      expect(ld, field).toHaveProperty(field);
    for (const field of googleEventFields.requiredOfLocation) expect(ld.location).toHaveProperty(field);
    for (const field of googleEventFields.recommendedOfOffers) expect(ld.offers).toHaveProperty(field);
    for (const field of googleEventFields.recommendedOfOrganizer) expect(ld.organizer).toHaveProperty(field);
  });

  it('gives start and end on the event’s own clock with its offset, the place with address and geo', () => {
    const ld = sportsEventLd(game);
    // 00:30 UTC on 5 June is 19:30 on 4 June in Chicago (CDT, -05:00).
    expect(ld.startDate).toBe('2030-06-04T19:30:00-05:00');
    expect(ld.endDate).toBe('2030-06-04T21:00:00-05:00');
    expect(sportsEventLd({ ...game, startsAt: '2030-12-05T00:30:00.000Z' }).startDate).toBe(
      '2030-12-04T18:30:00-06:00',
    );
    expect(ld.location).toEqual({
      '@type': 'SportsActivityLocation',
      name: 'Zilker Park Great Lawn',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '2100 Barton Springs Rd',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78704',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 30.2669, longitude: -97.7729 },
      url: 'https://huddle.example/places/view/1',
    });
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(ld.organizer).toEqual({
      '@type': 'SportsTeam',
      name: 'Lakeside Loons',
      url: 'https://huddle.example/team/1',
    });
  });

  it('says a cancelled game is cancelled, and prices and availability from the spots left', () => {
    expect(sportsEventLd(game).eventStatus).toBe('https://schema.org/EventScheduled');
    expect(sportsEventLd({ ...game, cancelled: true }).eventStatus).toBe('https://schema.org/EventCancelled');
    expect(sportsEventLd(game).offers).toEqual({
      '@type': 'Offer',
      url: game.url,
      price: '12.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect((sportsEventLd({ ...game, priceCents: null }).offers as { price: string }).price).toBe('0.00');
    const availability = (spotsLeft: number) =>
      (sportsEventLd({ ...game, spotsLeft }).offers as { availability: string }).availability;
    expect(availability(3)).toBe('https://schema.org/LimitedAvailability');
    expect(availability(0)).toBe('https://schema.org/SoldOut');
    expect(sportsEventLd({ ...game, spotsLeft: 0 }).remainingAttendeeCapacity).toBe(0);
    expect([availabilityOf(1, 1), availabilityOf(20, 100), availabilityOf(21, 100)]).toEqual([
      'LimitedAvailability',
      'LimitedAvailability',
      'InStock',
    ]);
  });

  it('writes SportsTeam and SportsActivityLocation in the vocabulary too', () => {
    const team = sportsTeamLd({
      name: 'Lakeside Loons',
      description: 'Sunday doubles.',
      url: 'https://huddle.example/team/1',
      sport: 'Pickleball',
      image: 'https://huddle.example/uploads/loons.png',
      city: 'Austin, TX',
      memberCount: 14,
    });
    expect(vocabularyProblems(team)).toEqual([]);
    expect(team).toMatchObject({ '@type': 'SportsTeam', sport: 'Pickleball', location: { name: 'Austin, TX' } });
    const place = placeLd({
      name: 'Krieg Fields',
      address: '517 S Pleasant Valley Rd, Austin, TX',
      lat: 30.2,
      lng: -97.7,
    });
    expect(vocabularyProblems(place)).toEqual([]);
    expect(place).toMatchObject({ '@context': 'https://schema.org', '@type': 'SportsActivityLocation' });
  });

  it('writes a board post as a DiscussionForumPosting: author, dates to the second in UTC, photos, replies counted', () => {
    const post: PostFacts = {
      title: 'Sub needed Thursday',
      text: 'Two spots left, bring a dark shirt.',
      url: 'https://huddle.example/posts/play-competition/sub-needed/1',
      section: 'Play & Competition - Sub needed',
      images: ['https://huddle.example/uploads/field.jpg'],
      authorName: 'Paula Poster',
      publishedAt: '2030-06-01T17:05:09.123Z',
      editedAt: null,
      place: 'Zilker Park',
      replyCount: 2,
    };
    const ld = discussionPostingLd(post);
    expect(vocabularyProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'DiscussionForumPosting',
      headline: 'Sub needed Thursday',
      author: { '@type': 'Person', name: 'Paula Poster' },
      datePublished: '2030-06-01T17:05:09Z',
      image: ['https://huddle.example/uploads/field.jpg'],
      contentLocation: { '@type': 'Place', name: 'Zilker Park' },
      interactionStatistic: { interactionType: 'https://schema.org/CommentAction', userInteractionCount: 2 },
    });
    expect(ld).not.toHaveProperty('dateModified');
    const edited = discussionPostingLd({ ...post, images: [], place: null, editedAt: '2030-06-02T08:00:00.000Z' });
    expect(vocabularyProblems(edited)).toEqual([]);
    expect(edited.dateModified).toBe('2030-06-02T08:00:00Z');
    expect(edited).not.toHaveProperty('image');
    expect(edited).not.toHaveProperty('contentLocation');
  });

  it('writes a partner as the organization it is, with its logo, its own site and its address, or its city', () => {
    const venue: PartnerFacts = {
      kind: 'venue',
      name: 'Court House',
      description: 'Six indoor courts.',
      url: 'https://huddle.example/partner/preferred/1',
      logo: 'https://huddle.example/uploads/court-house.png',
      website: 'https://courthouse.example',
      address: '100 Congress Ave, Austin, TX 78701',
      city: 'Austin, TX',
    };
    const ld = partnerOrganizationLd(venue);
    expect(vocabularyProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'SportsActivityLocation',
      sameAs: 'https://courthouse.example',
      address: { addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701' },
    });
    const plain = partnerOrganizationLd({ ...venue, description: ' ', logo: null, website: null, address: null });
    expect(vocabularyProblems(plain)).toEqual([]);
    expect(plain).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SportsActivityLocation',
      name: 'Court House',
      url: venue.url,
      location: { '@type': 'Place', name: 'Austin, TX' },
    });
    expect(partnerOrganizationLd({ ...venue, address: null, city: null })).not.toHaveProperty('location');
    // Each kind is a type of its own, all of them organizations in the vocabulary.
    const types = (['venue', 'shop', 'coach', 'league'] as const).map((kind) => {
      const typed = partnerOrganizationLd({ ...venue, kind });
      expect(vocabularyProblems(typed), kind).toEqual([]);
      expect(isA(typed['@type'], 'Organization'), kind).toBe(true);
      return typed['@type'];
    });
    expect(types).toEqual(['SportsActivityLocation', 'SportingGoodsStore', 'LocalBusiness', 'SportsOrganization']);
  });

  it('reads a US address line into its parts, and keeps any other line whole', () => {
    expect(postalAddressOf('517 S Pleasant Valley Rd, Austin, TX')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '517 S Pleasant Valley Rd',
      addressLocality: 'Austin',
      addressRegion: 'TX',
      addressCountry: 'US',
    });
    expect(postalAddressOf('Behind the old mill')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Behind the old mill',
      addressCountry: 'US',
    });
  });
});
