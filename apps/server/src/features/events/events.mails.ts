import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eventTitleLength } from '@huddle/shared/events';
import { organizerTextForMail } from '../teams/teams.mails.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The texts of the waitlist mails. Plain text, times on the event's own wall clock. */
const greetingFor = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');
export const onWallClock = (instant: Date, zone: string) =>
  `${dayjs(instant).tz(zone).format('dddd, MMMM D [at] h:mm A')} (${zone.replaceAll('_', ' ')} time)`;

interface SpotMail {
  name: string;
  title: string;
  timeZone: string;
  startsAt: Date;
  link: string;
}

/**
 * The name (a guest types any) and the title (the organizer's) go to addresses anyone can give:
 * one line each, with links defused, so the event's own link is the only one in the mail.
 */
function defused<Mail extends { name: string; title: string }>(mail: Mail): Mail {
  return {
    ...mail,
    name: organizerTextForMail(mail.name, 100),
    title: organizerTextForMail(mail.title, eventTitleLength.max),
  };
}

export function spotOfferedMail(mail: SpotMail & { expiresAt: Date }) {
  const { name, title, timeZone, startsAt, link, expiresAt } = defused(mail);
  return {
    subject: `A spot opened up: ${title}`,
    text: `${greetingFor(name)}\n\nA spot opened up in ${title} on ${onWallClock(startsAt, timeZone)}. It is yours if you claim it by ${onWallClock(expiresAt, timeZone)}:\n\n${link}\n\nAfter that, it goes to the next person on the waitlist.\n`,
  };
}

export function spotGivenMail(mail: SpotMail & { isGuest: boolean }) {
  const { name, title, timeZone, startsAt, link, isGuest } = defused(mail);
  // A guest has no account to leave the game with; the organizer takes them off.
  const ifNot = isGuest
    ? 'let the organizer know so the next person gets the spot'
    : 'leave the game so the next person gets the spot';
  return {
    subject: `You're in: ${title}`,
    text: `${greetingFor(name)}\n\nA spot opened up in ${title} on ${onWallClock(startsAt, timeZone)}, and it is yours: you are off the waitlist.\n\n${link}\n\nIf you can't make it, ${ifNot}.\n`,
  };
}

/** What a guest's join did, mailed to the address they gave (issue 10: every guest join mails). */
export function guestJoinedMail(mail: SpotMail & { joined: boolean }) {
  const { name, title, timeZone, startsAt, link, joined } = defused(mail);
  const what = joined
    ? `You're in ${title} on ${onWallClock(startsAt, timeZone)}.`
    : `${title} on ${onWallClock(startsAt, timeZone)} is full, so you are on the waitlist. If a spot frees up for you, it is yours and we'll write again.`;
  return {
    subject: joined ? `You're in: ${title}` : `On the waitlist: ${title}`,
    text: `${greetingFor(name)}\n\n${what}\n\n${link}\n\nIf you can't make it, let the organizer know so the next person gets the spot. If you did not ask to join, ignore this mail.\n`,
  };
}

/** A guest join asked again for an address already on that date: nothing changed. */
export function guestAlreadyOnMail(mail: SpotMail) {
  const { name, title, timeZone, startsAt, link } = defused(mail);
  return {
    subject: `Already on the list: ${title}`,
    text: `${greetingFor(name)}\n\nSomeone asked to join ${title} on ${onWallClock(startsAt, timeZone)} as a guest with this email address. You are already on the list for that date, so nothing changed:\n\n${link}\n`,
  };
}

/**
 * A guest join gave the email of an account: no guest spot is added for it (the account holder
 * joins signed in), and the account holder hears about it instead of the requester (issue 10).
 */
export function guestJoinForAccountMail(mail: SpotMail) {
  const { name, title, timeZone, startsAt, link } = defused(mail);
  return {
    subject: `Sign in to join: ${title}`,
    text: `${greetingFor(name)}\n\nSomeone asked to join ${title} on ${onWallClock(startsAt, timeZone)} as a guest with this email address. It belongs to your Huddle account, so we did not add a guest spot. To join, sign in and join from the event page:\n\n${link}\n\nIf it was not you, ignore this mail: nothing changed.\n`,
  };
}

/** The spots were lowered after an offer went out, and it no longer fits (issue 10). */
export function offerWithdrawnMail(mail: SpotMail) {
  const { name, title, timeZone, startsAt, link } = defused(mail);
  return {
    subject: `Offer withdrawn: ${title}`,
    text: `${greetingFor(name)}\n\nThe organizer reduced the number of spots in ${title} on ${onWallClock(startsAt, timeZone)}, so the spot we offered you is no longer free. You keep your place on the waitlist; when a spot frees up for you, we'll write again:\n\n${link}\n`,
  };
}

/**
 * Why someone's spots went away: the whole event was cancelled, dates left its schedule, or the
 * organizer called off one date of the series (issue 11).
 */
export type SpotsEndedReason = 'cancelled' | 'datesRemoved' | 'dateCancelled';

const spotsEndedWhat = {
  cancelled: (title: string) => `The organizer cancelled ${title}. You had a spot or a place on the waitlist on:`,
  datesRemoved: (title: string) =>
    `The organizer took these dates off the schedule of ${title}, and with them your spot or your place on the waitlist:`,
  dateCancelled: (title: string) =>
    `The organizer cancelled this date of ${title}, where you had a spot or a place on the waitlist. The other dates go on as planned.`,
} satisfies Record<SpotsEndedReason, (title: string) => string>;

const spotsEndedSubject = {
  cancelled: 'Cancelled',
  datesRemoved: 'Dates removed',
  dateCancelled: 'Date cancelled',
} satisfies Record<SpotsEndedReason, string>;

export function spotsEndedMail(mail: {
  name: string;
  title: string;
  timeZone: string;
  dates: Date[];
  reason: SpotsEndedReason;
  discoverLink: string;
}) {
  const { name, title, timeZone, dates, reason, discoverLink } = defused(mail);
  const list = dates.map((date) => `- ${onWallClock(date, timeZone)}`).join('\n');
  const what = spotsEndedWhat[reason](title);
  return {
    subject: `${spotsEndedSubject[reason]}: ${title}`,
    text: `${greetingFor(name)}\n\n${what}\n\n${list}\n\nThere is nothing you need to do. Other games near you:\n\n${discoverLink}\n`,
  };
}

/** An organizer put the player on a date (issue 11): a spot, or the waitlist when it was full. */
export function addedByOrganizerMail(mail: SpotMail & { organizer: string; joined: boolean }) {
  const { name, title, timeZone, startsAt, link, joined } = defused(mail);
  const organizer = organizerTextForMail(mail.organizer, 100);
  const what = joined
    ? `${organizer} added you to ${title} on ${onWallClock(startsAt, timeZone)}: you have a spot.`
    : `${organizer} added you to the waitlist of ${title} on ${onWallClock(startsAt, timeZone)}: the game is full, and if a spot frees up for you we'll write again.`;
  return {
    subject: joined ? `You're in: ${title}` : `On the waitlist: ${title}`,
    text: `${greetingFor(name)}\n\n${what}\n\n${link}\n\nIf you can't make it, leave the game from that page so the next person gets the spot.\n`,
  };
}

/**
 * An organizer's message to a date's players (issue 11). The subject and text are theirs: the
 * subject is kept to one line, and the mail says who wrote it and for which game.
 */
export function organizerMessageMail(mail: SpotMail & { organizer: string; subject: string; message: string }) {
  const { name, title, timeZone, startsAt, link } = defused(mail);
  const organizer = organizerTextForMail(mail.organizer, 100);
  const subject = organizerTextForMail(mail.subject, 120);
  return {
    subject: `${subject} (${title})`,
    text: `${greetingFor(name)}\n\n${organizer}, who organizes ${title} on ${onWallClock(startsAt, timeZone)}, wrote:\n\n${mail.message}\n\n${link}\n`,
  };
}
