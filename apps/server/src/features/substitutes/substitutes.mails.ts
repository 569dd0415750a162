import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eventTitleLength } from '@huddle/shared/events';
import { organizerTextForMail } from '../teams/teams.mails.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const onWallClock = (instant: Date, zone: string) =>
  `${dayjs(instant).tz(zone).format('dddd, MMMM D [at] h:mm A')} (${zone.replaceAll('_', ' ')} time)`;
const greetingFor = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');
const spots = (open: number) => (open === 1 ? '1 more player' : `${open} more players`);

/**
 * The invitation's texts: the notification (title and body) and the mail. The title is the
 * organizer's, one line with links defused, so the event's own link is the only one in the mail.
 */
export function substituteInvitedTexts({
  title,
  timeZone,
  startsAt,
  open,
}: {
  title: string;
  timeZone: string;
  startsAt: Date;
  open: number;
}) {
  const safeTitle = organizerTextForMail(title, eventTitleLength.max);
  const when = onWallClock(startsAt, timeZone);
  return {
    title: `Play as a substitute: ${safeTitle}`,
    body: `${safeTitle} on ${when} needs ${spots(open)}. Open it to join.`,
    mail: ({ name, link }: { name: string; link: string }) => ({
      subject: `Play as a substitute: ${safeTitle}`,
      text:
        `${greetingFor(organizerTextForMail(name, 100))}\n\n` +
        `${safeTitle} on ${when} is short of players and you are nearby and free then.\n` +
        `Join with one tap here (you get a spot while one is free, else a place on the waitlist):\n\n${link}\n\n` +
        'You get this because you chose "Play as a substitute" on your profile.\n',
    }),
  };
}
