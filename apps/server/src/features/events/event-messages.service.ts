import {
  messageRateMessage,
  messagesPerEventPerHour,
  noRecipientsMessage,
  type MessageAudience,
} from '@huddle/shared/event-organizer';
import { eventCancelledMessage } from '@huddle/shared/events';
import { AppError } from '../../lib/app-error.ts';
import { findUserRecord, getGuest } from '../accounts/accounts.service.ts';
import { occurrenceOf } from './event-parties.service.ts';
import { insertMessage, listMessageTimesSince } from './event-organizer.repository.ts';
import { organizerMessageMail } from './events.mails.ts';
import { inTransaction, listOccurrenceParties, lockEvent, type PartyRow } from './events.repository.ts';
import { eventNotFound, managedEvent } from './events.service.ts';
import { occurrenceLink, type EventDeps } from './waitlist.service.ts';

const hourMs = 60 * 60 * 1000;

const inAudience = (audience: MessageAudience, party: PartyRow) =>
  party.status === 'joined' ? audience !== 'waiting' : audience !== 'joined';

type SendOutcome =
  { kind: 'gone' } | { kind: 'limited'; retryAt: Date } | { kind: 'nobody' } | { kind: 'sent'; parties: PartyRow[] };

async function emailOf(deps: EventDeps, party: PartyRow) {
  if (party.guestId) return getGuest(deps.db, party.guestId);
  const user = party.userId ? await findUserRecord(deps.db, party.userId) : undefined;
  return user && { email: user.email, name: user.name };
}

/**
 * An organizer mails a date's joined players, its waitlist, or both (issue 11), through the mail
 * outbox. At most messagesPerEventPerHour per event per hour, counted under the event lock so
 * parallel sends cannot pass the limit; a send that reaches nobody does not count.
 */
export async function messagePlayers(
  deps: EventDeps,
  {
    actorId,
    eventId,
    occurrenceStartsAt,
    audience,
    subject,
    message,
  }: {
    actorId: string;
    eventId: string;
    occurrenceStartsAt: string;
    audience: MessageAudience;
    subject: string;
    message: string;
  },
): Promise<{ recipients: number }> {
  const now = deps.clock.now();
  const event = await managedEvent(deps.db, eventId, actorId);
  if (event.cancelledAt) throw new AppError('CONFLICT', eventCancelledMessage);
  const { startsAt } = occurrenceOf(event, occurrenceStartsAt, 'occurrenceStartsAt');
  const outcome = await inTransaction(deps.db, async (tx): Promise<SendOutcome> => {
    if (!(await lockEvent(tx, eventId))) return { kind: 'gone' };
    const recent = await listMessageTimesSince(tx, eventId, new Date(now.getTime() - hourMs));
    const [oldest] = recent;
    if (oldest && recent.length >= messagesPerEventPerHour) {
      return { kind: 'limited', retryAt: new Date(oldest.getTime() + hourMs) };
    }
    const parties = (await listOccurrenceParties(tx, eventId, startsAt)).filter((party) => inAudience(audience, party));
    if (parties.length === 0) return { kind: 'nobody' };
    await insertMessage(tx, {
      eventId,
      occurrenceStartsAt: startsAt,
      senderId: actorId,
      audience,
      subject,
      body: message,
      recipientCount: parties.length,
      sentAt: now,
    });
    return { kind: 'sent', parties };
  });
  if (outcome.kind === 'gone') throw eventNotFound();
  if (outcome.kind === 'limited') {
    const minutes = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 60_000));
    throw new AppError('RATE_LIMITED', messageRateMessage(minutes));
  }
  if (outcome.kind === 'nobody')
    throw new AppError('VALIDATION_FAILED', undefined, { audience: [noRecipientsMessage] });

  const organizer = (await findUserRecord(deps.db, actorId))?.name.trim() || 'The organizer';
  const link = occurrenceLink(deps.publicOrigin, eventId, startsAt);
  for (const party of outcome.parties) {
    try {
      const recipient = await emailOf(deps, party);
      if (!recipient) continue;
      await deps.mailer.send({
        to: recipient.email,
        ...organizerMessageMail({
          name: recipient.name,
          organizer,
          title: event.title,
          timeZone: event.timeZone,
          startsAt,
          link,
          subject,
          message,
        }),
      });
    } catch (error) {
      deps.log.error({ err: error, eventId }, 'organizer message mail failed');
    }
  }
  return { recipients: outcome.parties.length };
}
