import { toKm, type DistanceUnit } from '@huddle/shared/distance';
import { upcomingOccurrences, type Occurrence } from '@huddle/shared/event-occurrences';
import type { Party } from '@huddle/shared/events';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import {
  alreadyAnsweredMessage,
  invitationAnswerWindowMinutes,
  invitationsPerOpenSpot,
  noInvitationMessage,
  substituteHoursBefore,
  type MyInvitation,
  type SubstituteAnswer,
  type SubstituteSettings,
  type SubstitutesReply,
} from '@huddle/shared/substitutes';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { joinEvent, occurrenceOf } from '../events/event-parties.service.ts';
import { scheduleOf } from '../events/event-schedule.ts';
import { managedEvent, visibleEvent } from '../events/events.service.ts';
import { substituteInvitedTexts } from './substitutes.mails.ts';
import { availabilityCovers } from './substitute-matcher.ts';
import {
  countHeldSpots,
  countPendingInvitations,
  findInvitation,
  insertInvitations,
  inTransaction,
  listCancelledDates,
  listCandidates,
  listEventsWithSubstitutes,
  listInvitations,
  lockOccurrenceForScan,
  recordAnswer,
  updateSubstituteSettings,
  type InvitationRow,
  type ScanEventRow,
} from './substitutes.repository.ts';

/** What the substitutes feature needs: the notify deps (AppDeps fields of the same names). */
export type SubstituteDeps = NotifyDeps;

const hourMs = 60 * 60 * 1000;
/** People read from the database per date and scan, nearest first, before the matcher filters them. */
const candidatesPerScan = 200;

export const substituteScanJob = 'substitutes.scan';
/** Every five minutes: a game's window opens at most five minutes late. */
export const substituteScanCron = '*/5 * * * *';

const settingsOf = (event: ScanEventRow): SubstituteSettings => ({
  enabled: event.substitutesEnabled,
  hoursBefore: event.substituteHoursBefore,
  radius: event.substituteRadius,
  radiusUnit: event.substituteRadiusUnit as DistanceUnit,
});

/** The event page on one date: the invitation opens it, where Join is the first thing to do. */
export const invitationLink = (eventId: string, startsAt: Date) =>
  `/discover/events/${eventId}?occurrence=${encodeURIComponent(startsAt.toISOString())}`;

// ---- The scan ------------------------------------------------------------------------------

/**
 * Finds every date inside its event's window (now < start <= now + hoursBefore) that is short
 * of players and invites substitutes to it (decision 028). Runs as a scheduled job; safe to run
 * on several instances at once (a lock per date, and the invitations' unique key).
 */
export async function scanForSubstitutes(
  deps: SubstituteDeps,
  { eventId }: { eventId?: string } = {},
): Promise<{ invited: number }> {
  const now = deps.clock.now();
  const events = await listEventsWithSubstitutes(deps.db, {
    now,
    until: new Date(now.getTime() + substituteHoursBefore.max * hourMs),
    eventId,
  });
  let invited = 0;
  for (const event of events) {
    const windowEnd = now.getTime() + event.substituteHoursBefore * hourMs;
    const cancelled = new Set((await listCancelledDates(deps.db, event.id)).map((date) => date.getTime()));
    // A weekly series has at most one date a day, and the widest window is two days.
    const dates = upcomingOccurrences(scheduleOf(event), now, 4).filter(
      (occurrence) =>
        occurrence.startsAt > now &&
        occurrence.startsAt.getTime() <= windowEnd &&
        !cancelled.has(occurrence.startsAt.getTime()),
    );
    for (const occurrence of dates) invited += await inviteToOccurrence(deps, event, occurrence, now);
  }
  return { invited };
}

/**
 * Asks the nearest available substitutes to one date: as many as the open spots times
 * invitationsPerOpenSpot, less the invitations still waiting for an answer (an invitation left
 * unanswered for invitationAnswerWindowMinutes stops counting, so the next nearest is asked).
 * A full date asks nobody.
 */
async function inviteToOccurrence(
  deps: SubstituteDeps,
  event: ScanEventRow,
  occurrence: Occurrence,
  now: Date,
): Promise<number> {
  const { startsAt } = occurrence;
  const outcome = await inTransaction(deps.db, async (tx) => {
    await lockOccurrenceForScan(tx, event.id, startsAt);
    const open = event.slots - (await countHeldSpots(tx, event.id, startsAt));
    if (open <= 0) return { open, invited: [] as InvitationRow[] };
    const answerSince = new Date(now.getTime() - invitationAnswerWindowMinutes * 60_000);
    const wanted = open * invitationsPerOpenSpot - (await countPendingInvitations(tx, event.id, startsAt, answerSince));
    if (wanted <= 0) return { open, invited: [] as InvitationRow[] };
    const candidates = await listCandidates(tx, {
      event,
      startsAt,
      radiusKm: toKm(event.substituteRadius, event.substituteRadiusUnit as DistanceUnit),
      limit: candidatesPerScan,
    });
    const game = { ...occurrence, timeZone: event.timeZone };
    const chosen = candidates.filter((candidate) => availabilityCovers(candidate.availability, game)).slice(0, wanted);
    const invited = await insertInvitations(
      tx,
      chosen.map((candidate) => ({
        eventId: event.id,
        occurrenceStartsAt: startsAt,
        userId: candidate.userId,
        distanceKm: candidate.distanceKm,
        invitedAt: now,
      })),
    );
    return { open, invited };
  });
  if (outcome.invited.length === 0) return 0;
  const texts = substituteInvitedTexts({
    title: event.title,
    timeZone: event.timeZone,
    startsAt,
    open: outcome.open,
  });
  await notify(deps, {
    userIds: outcome.invited.map((row) => row.userId),
    category: 'eventCreatedJoin',
    kind: 'substituteInvited',
    title: texts.title,
    body: texts.body,
    link: invitationLink(event.id, startsAt),
    subjectId: event.id,
    // Once per person and date, even if a retried job asks again.
    dedupeKey: `substitute:${event.id}:${startsAt.toISOString()}`,
    mail: ({ name }) => texts.mail({ name, link: `${deps.publicOrigin}${invitationLink(event.id, startsAt)}` }),
  });
  return outcome.invited.length;
}

interface ScanJobData {
  /** One event only (its settings were just saved); every event when absent (the schedule). */
  eventId?: string;
}

/** The scan as a job of the queue, every five minutes across all instances. */
export function defineSubstituteScan(deps: SubstituteDeps & { jobs: JobQueue }): void {
  deps.jobs.define<ScanJobData>(substituteScanJob, async (data) => {
    // A cron-made job carries no data: pg-boss hands over null, whatever the type says.
    const eventId = (data as ScanJobData | null)?.eventId;
    await scanForSubstitutes(deps, { eventId });
  });
  deps.jobs.every(substituteScanJob, substituteScanCron);
}

// ---- The organizer -------------------------------------------------------------------------

/** A party on the date as an answer: a spot (or one offered) is a yes, a waitlist place is waiting. */
const answerOfParty = (status: string): SubstituteAnswer => (status === 'waitlisted' ? 'waitlisted' : 'joined');

export async function getSubstitutes(
  deps: SubstituteDeps,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence: string },
): Promise<SubstitutesReply> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrence, 'occurrence');
  const rows = await listInvitations(deps.db, eventId, startsAt);
  return {
    settings: settingsOf(event),
    invitations: rows.map(({ invitation, name, image, partyStatus, partyCreatedAt }) => {
      // Joined with the page's own Join button rather than the invitation's (or after saying no):
      // the party on the date is the answer.
      const open = invitation.answer === null || invitation.answer === 'declined';
      const byParty = open && partyStatus && partyCreatedAt ? answerOfParty(partyStatus) : null;
      return {
        person: {
          id: invitation.userId,
          displayName: name.trim() || displayNameFallback,
          photoURL: image || defaultPhotoPath,
        },
        distanceKm: invitation.distanceKm,
        invitedAt: invitation.invitedAt.toISOString(),
        answer: byParty ?? (invitation.answer as SubstituteAnswer | null),
        answeredAt: (byParty ? partyCreatedAt : invitation.answeredAt)?.toISOString() ?? null,
      };
    }),
  };
}

export async function saveSubstituteSettings(
  deps: SubstituteDeps,
  { actorId, eventId, settings }: { actorId: string; eventId: string; settings: SubstituteSettings },
) {
  await managedEvent(deps.db, eventId, actorId);
  await updateSubstituteSettings(deps.db, eventId, settings, deps.clock.now());
  // Turned on inside the window (a game three hours away, short of players): the first
  // invitations go out now rather than at the next scheduled scan.
  if (settings.enabled) {
    await deps.jobs.send<ScanJobData>(substituteScanJob, { eventId }, { singletonKey: `substitutes:${eventId}` });
  }
  return { settings };
}

// ---- The invited person --------------------------------------------------------------------

const toMyInvitation = (row: InvitationRow | undefined): MyInvitation => ({
  invitation: row
    ? {
        invitedAt: row.invitedAt.toISOString(),
        answer: row.answer as SubstituteAnswer | null,
        answeredAt: row.answeredAt?.toISOString() ?? null,
      }
    : null,
});

/** An invitation of the actor to a date the actor may see; anything else is "no invitation". */
async function invitationOf(deps: Pick<SubstituteDeps, 'db'>, actorId: string, eventId: string, occurrence: string) {
  const { event } = await visibleEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrence, 'occurrenceStartsAt');
  return findInvitation(deps.db, eventId, startsAt, actorId);
}

export async function getMyInvitation(
  deps: Pick<SubstituteDeps, 'db'>,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence: string },
): Promise<MyInvitation> {
  return toMyInvitation(await invitationOf(deps, actorId, eventId, occurrence));
}

/**
 * The one-tap join: the same join as the page's own button (a free spot, else the waitlist; a
 * full, cancelled or past date is refused the same way), then the answer is kept for the organizer.
 */
export async function acceptInvitation(
  deps: SubstituteDeps,
  { actorId, eventId, occurrenceStartsAt }: { actorId: string; eventId: string; occurrenceStartsAt: string },
): Promise<{ party: Party }> {
  const invitation = await invitationOf(deps, actorId, eventId, occurrenceStartsAt);
  if (!invitation) throw new AppError('NOT_FOUND', noInvitationMessage);
  const joined = await joinEvent(deps, { viewerId: actorId, eventId, occurrenceStartsAt, friends: 0, guest: null });
  await recordAnswer(deps.db, invitation.id, answerOfParty(joined.party.status), deps.clock.now());
  return joined;
}

export async function declineInvitation(
  deps: SubstituteDeps,
  { actorId, eventId, occurrenceStartsAt }: { actorId: string; eventId: string; occurrenceStartsAt: string },
): Promise<MyInvitation> {
  const invitation = await invitationOf(deps, actorId, eventId, occurrenceStartsAt);
  if (!invitation) throw new AppError('NOT_FOUND', noInvitationMessage);
  // A person who took the spot leaves through the page's Leave; declining would hide that.
  if (invitation.answer === 'joined' || invitation.answer === 'waitlisted') {
    throw new AppError('CONFLICT', alreadyAnsweredMessage);
  }
  if (invitation.answer === 'declined') return toMyInvitation(invitation);
  return toMyInvitation(await recordAnswer(deps.db, invitation.id, 'declined', deps.clock.now()));
}
