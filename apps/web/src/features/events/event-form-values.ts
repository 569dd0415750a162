import { defaultMaxGuestFriends, type EventBody, type EventView, type SkillLevel } from '@huddle/shared/events';
import { eventBody } from '@huddle/contracts/events';
import { maxOccurrences } from '@huddle/shared/event-occurrences';
import { defaultEventGender, type EventGender } from '@huddle/shared/genders';
import { defaultRefundDeadlineHours, type RefundAfterDeadline } from '@huddle/shared/refund-policy';
import { geohashOf, type LatLng, type PlaceBody } from '@huddle/shared/places';
import { placeBody } from '@huddle/contracts/places';

/** A place chosen from the autocomplete. */
export interface ChosenPlace {
  id: string;
  name: string;
  address: string;
}

/**
 * A place that does not exist yet: created with POST /api/places before the event. Its point
 * comes from the address search or a click on the map, never from typed coordinates.
 */
export interface NewPlaceValues {
  name: string;
  address: string;
  point: LatLng | null;
}

/** What the event form holds; numbers stay strings while a field is empty. */
export interface EventFormValues {
  title: string;
  gameType: string;
  description: string;
  place: ChosenPlace | null;
  newPlace: NewPlaceValues | null;
  timeZone: string;
  startLocal: string;
  endLocal: string;
  repeats: 'none' | 'weekly';
  /** ISO weekdays as strings ('1' = Monday), as the chips hold them. */
  weekdays: string[];
  /** No default (issue 11): a weekly game says on purpose how long it runs. */
  repeatEnds: '' | 'until' | 'count';
  until: string;
  count: number | string;
  slots: number | string;
  skillLevel: SkillLevel;
  gender: EventGender;
  visibility: 'public' | 'team';
  /** Dollars, as typed. */
  price: number | string;
  /** The refund policy (decision 035), shown only with a price; hours as the Select holds them. */
  refundDeadlineHours: string;
  refundAfterDeadline: RefundAfterDeadline;
  autoPromote: boolean;
  /** The most friends a guest (no account) may bring. */
  maxGuestFriends: number | string;
}

export function emptyEventValues(timeZone: string): EventFormValues {
  return {
    title: '',
    gameType: '',
    description: '',
    place: null,
    newPlace: null,
    timeZone,
    startLocal: '',
    endLocal: '',
    repeats: 'none',
    weekdays: [],
    repeatEnds: '',
    until: '',
    count: '',
    slots: 10,
    skillLevel: 'all',
    gender: defaultEventGender,
    visibility: 'public',
    price: '',
    refundDeadlineHours: String(defaultRefundDeadlineHours),
    refundAfterDeadline: 'none',
    autoPromote: false,
    maxGuestFriends: defaultMaxGuestFriends,
  };
}

/** The form filled from an event being edited. */
export function eventValuesFrom(event: EventView['event']): EventFormValues {
  return {
    title: event.title,
    gameType: event.gameType,
    description: event.description ?? '',
    place: { id: event.place.id, name: event.place.name, address: event.place.address },
    newPlace: null,
    timeZone: event.timeZone,
    startLocal: event.startLocal,
    endLocal: event.endLocal,
    repeats: event.repeat ? 'weekly' : 'none',
    weekdays: (event.repeat?.weekdays ?? []).map(String),
    repeatEnds: event.repeat ? (event.repeat.until ? 'until' : 'count') : '',
    until: event.repeat?.until ?? '',
    count: event.repeat?.count ?? '',
    slots: event.slots,
    skillLevel: event.skillLevel,
    gender: event.gender,
    visibility: event.visibility,
    price: event.priceCents === null ? '' : event.priceCents / 100,
    refundDeadlineHours: String(event.refundPolicy.deadlineHours),
    refundAfterDeadline: event.refundPolicy.afterDeadline,
    autoPromote: event.autoPromote,
    maxGuestFriends: event.maxGuestFriends,
  };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD…' local date. */
export function isoWeekdayOf(localDate: string): number {
  const day = new Date(`${localDate.slice(0, 10)}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const numberOrNull = (value: number | string) =>
  value === '' || value === null || Number.isNaN(Number(value)) ? null : Number(value);

/** The request body; placeId comes from the chosen place or the place just created. */
export function eventBodyFrom(values: EventFormValues, ids: { placeId: string; teamId: string | null }): EventBody {
  const price = numberOrNull(values.price);
  return {
    title: values.title,
    gameType: values.gameType,
    description: values.description.trim() || null,
    timeZone: values.timeZone,
    startLocal: values.startLocal,
    endLocal: values.endLocal,
    repeat:
      values.repeats === 'weekly'
        ? {
            weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
            until: values.repeatEnds === 'until' ? values.until || null : null,
            count: values.repeatEnds === 'count' ? numberOrNull(values.count) : null,
          }
        : null,
    placeId: ids.placeId,
    teamId: ids.teamId,
    // NumberInput leaves '' when empty: the schema's own message ("Enter the number of spots.") answers.
    slots: numberOrNull(values.slots) as number,
    skillLevel: values.skillLevel,
    gender: values.gender,
    visibility: values.visibility,
    priceCents: price === null ? null : Math.round(price * 100),
    refundDeadlineHours: Number(values.refundDeadlineHours),
    refundAfterDeadline: values.refundAfterDeadline,
    autoPromote: values.autoPromote,
    maxGuestFriends: numberOrNull(values.maxGuestFriends) as number,
  };
}

/** The body of the new place, with the geohash the browser computes (spec §7). */
export function placeBodyFrom(place: NewPlaceValues): PlaceBody {
  return {
    name: place.name,
    address: place.address,
    // No point yet: NaN, which the shared schema refuses with its "pick an address" message.
    lat: place.point?.lat ?? Number.NaN,
    lng: place.point?.lng ?? Number.NaN,
    geohash: place.point ? geohashOf(place.point.lat, place.point.lng) : '',
    description: null,
  };
}

/** Server and schema field paths to the form's own fields. */
const formFieldOf: Record<string, string> = {
  'repeat.until': 'until',
  'repeat.count': 'count',
  'repeat.weekdays': 'weekdays',
  repeat: 'repeats',
  priceCents: 'price',
  placeId: 'place',
};

/** Field messages of the event body ({ 'repeat.until': … }) keyed as the form's fields. */
export function eventFormErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const key = formFieldOf[field] ?? (field.startsWith('repeat.weekdays') ? 'weekdays' : field);
    errors[key] ??= message;
  }
  return errors;
}

// The coordinates and their geohash are one field on screen: the location under the map.
const locationFields = new Set(['lat', 'lng', 'geohash']);

/** Field messages of the place body, keyed as the new-place fields of the form (the position as `point`). */
export function placeFormErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  const located = !('lat' in fields || 'lng' in fields);
  for (const [field, message] of Object.entries(fields)) {
    // The browser computes the geohash; a bad one can only mean the coordinates are wrong.
    if (field === 'geohash' && !located) continue;
    errors[`newPlace.${locationFields.has(field) ? 'point' : field}`] ??= message;
  }
  return errors;
}

const placeholderPlaceId = '00000000-0000-4000-8000-000000000000';

/**
 * The form's errors, with the shared schemas' own messages: the event body, and the new
 * place's body when one is being added. Empty when the form may be sent.
 */
export function validateEventValues(values: EventFormValues, teamId: string | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const placeId = values.place?.id ?? placeholderPlaceId;
  const event = eventBody.safeParse(eventBodyFrom(values, { placeId, teamId }));
  if (!event.success) {
    const fields: Record<string, string> = {};
    for (const issue of event.error.issues) fields[issue.path.join('.')] ??= issue.message;
    Object.assign(errors, eventFormErrors(fields));
  }
  if (values.repeats === 'weekly') repeatEndErrors(values, errors);
  if (values.newPlace) {
    const place = placeBody.safeParse(placeBodyFrom(values.newPlace));
    if (!place.success) {
      const fields: Record<string, string> = {};
      for (const issue of place.error.issues) fields[issue.path.join('.')] ??= issue.message;
      Object.assign(errors, placeFormErrors(fields));
    }
  } else if (!values.place) {
    errors.place = 'Choose a place.';
  }
  return errors;
}

export const repeatEndsMessage = 'Choose when the repeat ends: on a date or after a number of times.';
export const repeatCountMessage = `Enter how many times it happens, 2 to ${maxOccurrences}.`;

/**
 * The schema's "choose when the repeat ends" lands on the date field; the form shows it where
 * the person has to act: the choice itself, or the number of times left empty.
 */
function repeatEndErrors(values: EventFormValues, errors: Record<string, string>) {
  const missingEnd = errors.until === repeatEndsMessage;
  if (values.repeatEnds === '') {
    delete errors.until;
    delete errors.count;
    errors.repeatEnds = repeatEndsMessage;
  } else if (values.repeatEnds === 'count' && missingEnd) {
    delete errors.until;
    errors.count ??= repeatCountMessage;
  }
}

/** A wall-clock 'YYYY-MM-DDTHH:mm' moved by some minutes (calendar arithmetic, no zone involved). */
export function addMinutesLocal(local: string, minutes: number): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  return new Date(Date.parse(`${local}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);
}
