/**
 * The part of schema.org's vocabulary Huddle's JSON-LD uses (decision 076), copied from the type
 * pages at https://schema.org (release 29, 2025), so structured-data.test.ts checks the JSON-LD
 * with no network: each type's parent, the properties it has (its own and inherited ones, only
 * those we might use), and what each property's value may be. A property or type missing here
 * fails the test: adding one means reading its schema.org page first.
 */

/** Type → its parents (schema.org's "subClassOf"). */
export const schemaOrgTypes: Record<string, readonly string[]> = {
  Thing: [],
  Event: ['Thing'],
  SportsEvent: ['Event'],
  Place: ['Thing'],
  Organization: ['Thing'],
  LocalBusiness: ['Organization', 'Place'],
  SportsActivityLocation: ['LocalBusiness'],
  Store: ['LocalBusiness'],
  SportingGoodsStore: ['Store'],
  SportsOrganization: ['Organization'],
  SportsTeam: ['SportsOrganization'],
  Person: ['Thing'],
  Intangible: ['Thing'],
  StructuredValue: ['Intangible'],
  ContactPoint: ['StructuredValue'],
  PostalAddress: ['ContactPoint'],
  GeoCoordinates: ['StructuredValue'],
  Offer: ['Intangible'],
  InteractionCounter: ['StructuredValue'],
  Action: ['Thing'],
  JoinAction: ['Action'],
  InteractAction: ['Action'],
  CommunicateAction: ['InteractAction'],
  CommentAction: ['CommunicateAction'],
  CreativeWork: ['Thing'],
  Article: ['CreativeWork'],
  SocialMediaPosting: ['Article'],
  DiscussionForumPosting: ['SocialMediaPosting'],
};

/** Values: a schema.org type name, or one of these data types. */
type Range = string;

/** Property → the types it is defined on (a subtype has it too), and the values it takes. */
export const schemaOrgProperties: Record<string, { on: readonly string[]; range: readonly Range[] }> = {
  name: { on: ['Thing'], range: ['Text'] },
  description: { on: ['Thing'], range: ['Text'] },
  url: { on: ['Thing'], range: ['URL'] },
  image: { on: ['Thing'], range: ['URL', 'ImageObject'] },
  sameAs: { on: ['Thing'], range: ['URL'] },
  headline: { on: ['CreativeWork'], range: ['Text'] },
  text: { on: ['CreativeWork'], range: ['Text'] },
  articleSection: { on: ['Article'], range: ['Text'] },
  author: { on: ['CreativeWork'], range: ['Organization', 'Person'] },
  datePublished: { on: ['CreativeWork'], range: ['Date', 'DateTime'] },
  dateModified: { on: ['CreativeWork'], range: ['Date', 'DateTime'] },
  contentLocation: { on: ['CreativeWork'], range: ['Place'] },
  sport: { on: ['SportsEvent', 'SportsOrganization'], range: ['Text', 'URL'] },
  startDate: { on: ['Event'], range: ['DateTime', 'Date'] },
  endDate: { on: ['Event'], range: ['DateTime', 'Date'] },
  eventStatus: { on: ['Event'], range: ['EventStatusType'] },
  eventAttendanceMode: { on: ['Event'], range: ['EventAttendanceModeEnumeration'] },
  location: { on: ['Event', 'Organization'], range: ['Place', 'PostalAddress', 'Text'] },
  organizer: { on: ['Event'], range: ['Organization', 'Person'] },
  offers: { on: ['Event', 'Organization'], range: ['Offer'] },
  maximumAttendeeCapacity: { on: ['Event', 'Place'], range: ['Integer'] },
  remainingAttendeeCapacity: { on: ['Event'], range: ['Integer'] },
  address: { on: ['Place', 'Organization', 'Person'], range: ['PostalAddress', 'Text'] },
  geo: { on: ['Place'], range: ['GeoCoordinates'] },
  streetAddress: { on: ['PostalAddress'], range: ['Text'] },
  addressLocality: { on: ['PostalAddress'], range: ['Text'] },
  addressRegion: { on: ['PostalAddress'], range: ['Text'] },
  postalCode: { on: ['PostalAddress'], range: ['Text'] },
  addressCountry: { on: ['PostalAddress'], range: ['Text'] },
  latitude: { on: ['GeoCoordinates'], range: ['Number'] },
  longitude: { on: ['GeoCoordinates'], range: ['Number'] },
  price: { on: ['Offer'], range: ['Number', 'Text'] },
  priceCurrency: { on: ['Offer'], range: ['Text'] },
  availability: { on: ['Offer'], range: ['ItemAvailability'] },
  logo: { on: ['Organization', 'Place'], range: ['URL', 'ImageObject'] },
  interactionStatistic: { on: ['CreativeWork', 'Organization', 'Person'], range: ['InteractionCounter'] },
  interactionType: { on: ['InteractionCounter'], range: ['Action'] },
  userInteractionCount: { on: ['InteractionCounter'], range: ['Integer'] },
};

/** Enumerations: their members, written as https://schema.org/<member>. */
export const schemaOrgEnumerations: Record<string, readonly string[]> = {
  EventStatusType: ['EventCancelled', 'EventMovedOnline', 'EventPostponed', 'EventRescheduled', 'EventScheduled'],
  EventAttendanceModeEnumeration: [
    'MixedEventAttendanceMode',
    'OfflineEventAttendanceMode',
    'OnlineEventAttendanceMode',
  ],
  ItemAvailability: [
    'BackOrder',
    'Discontinued',
    'InStock',
    'InStoreOnly',
    'LimitedAvailability',
    'MadeToOrder',
    'OnlineOnly',
    'OutOfStock',
    'PreOrder',
    'PreSale',
    'Reserved',
    'SoldOut',
  ],
};

/**
 * Google Search's Event rich result (developers.google.com/search/docs/appearance/structured-data/event):
 * what it requires, and what it recommends that a pickup game has (no performer, no ticket sale date).
 */
export const googleEventFields = {
  required: ['name', 'startDate', 'location'],
  requiredOfLocation: ['address'],
  recommended: ['description', 'endDate', 'eventAttendanceMode', 'eventStatus', 'image', 'offers', 'organizer'],
  recommendedOfOffers: ['availability', 'price', 'priceCurrency', 'url'],
  recommendedOfOrganizer: ['name', 'url'],
} as const;
