import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The texts of the waitlist mails. Plain text, times on the event's own wall clock. */
const greetingFor = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');
const onWallClock = (instant: Date, zone: string) =>
  `${dayjs(instant).tz(zone).format('dddd, MMMM D [at] h:mm A')} (${zone.replaceAll('_', ' ')} time)`;

interface SpotMail {
  name: string;
  title: string;
  timeZone: string;
  startsAt: Date;
  link: string;
}

export function spotOfferedMail({ name, title, timeZone, startsAt, link, expiresAt }: SpotMail & { expiresAt: Date }) {
  return {
    subject: `A spot opened up: ${title}`,
    text: `${greetingFor(name)}\n\nA spot opened up in ${title} on ${onWallClock(startsAt, timeZone)}. It is yours if you claim it by ${onWallClock(expiresAt, timeZone)}:\n\n${link}\n\nAfter that, it goes to the next person on the waitlist.\n`,
  };
}

export function spotGivenMail({ name, title, timeZone, startsAt, link, isGuest }: SpotMail & { isGuest: boolean }) {
  // A guest has no account to leave the game with; the organizer takes them off.
  const ifNot = isGuest
    ? 'let the organizer know so the next person gets the spot'
    : 'leave the game so the next person gets the spot';
  return {
    subject: `You're in: ${title}`,
    text: `${greetingFor(name)}\n\nA spot opened up in ${title} on ${onWallClock(startsAt, timeZone)}, and it is yours: you are off the waitlist.\n\n${link}\n\nIf you can't make it, ${ifNot}.\n`,
  };
}

/** Why someone's spots went away: the whole event was cancelled, or dates left its schedule. */
export type SpotsEndedReason = 'cancelled' | 'datesRemoved';

export function spotsEndedMail({
  name,
  title,
  timeZone,
  dates,
  reason,
  discoverLink,
}: {
  name: string;
  title: string;
  timeZone: string;
  dates: Date[];
  reason: SpotsEndedReason;
  discoverLink: string;
}) {
  const list = dates.map((date) => `- ${onWallClock(date, timeZone)}`).join('\n');
  const what =
    reason === 'cancelled'
      ? `The organizer cancelled ${title}. You had a spot or a place on the waitlist on:`
      : `The organizer took these dates off the schedule of ${title}, and with them your spot or your place on the waitlist:`;
  return {
    subject: reason === 'cancelled' ? `Cancelled: ${title}` : `Dates removed: ${title}`,
    text: `${greetingFor(name)}\n\n${what}\n\n${list}\n\nThere is nothing you need to do. Other games near you:\n\n${discoverLink}\n`,
  };
}
