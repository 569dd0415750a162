import { createHash, randomBytes } from 'node:crypto';
import type { FieldErrors } from '@huddle/shared/errors';
import { instantToLocal } from '@huddle/shared/event-occurrences';
import { eventBody } from '@huddle/shared/events';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import {
  pollLinkPath,
  pollPath,
  timePollMessages,
  timePollTopic,
  timePollUpdatedEvent,
  type CloseTimePollBody,
  type CreateTimePollBody,
  type TimePoll,
  type TimePollList,
  type VoteBody,
  type VoteChoice,
} from '@huddle/shared/time-polls';
import type { TeamRole } from '@huddle/shared/teams';
import { AppError } from '../../lib/app-error.ts';
import { onWallClock } from '../events/events.mails.ts';
import { createEvent } from '../events/events.service.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { getPlace } from '../places/places.service.ts';
import { organizerTextForMail } from '../teams/teams.mails.ts';
import { managers, requireRole, visibleTeam } from '../teams/teams.service.ts';
import {
  countInvitees,
  findInviteeByTokenHash,
  findPoll,
  findUserName,
  inTransaction,
  insertInvitees,
  insertPoll,
  insertSlots,
  listInviteeIds,
  listSlots,
  listTeamMemberIds,
  listTeamPolls,
  listVotes,
  lockPoll,
  lockPollForShare,
  markClosed,
  upsertVotes,
  watchKeyExists,
  type PollWithNames,
  type TimePollRow,
  type TimePollSlotRow,
} from './time-polls.repository.ts';

/** What time polls need: the notify deps (AppDeps fields of the same names). */
export type TimePollDeps = NotifyDeps;
type Db = TimePollDeps['db'];

const notFound = () => new AppError('NOT_FOUND', timePollMessages.notFound);
const linkInvalid = () => new AppError('NOT_FOUND', timePollMessages.linkInvalid);
/** A team without a zone of its own (made before zones existed) reads its polls in UTC. */
const fallbackZone = 'UTC';

/** The link's secret is never stored: only its SHA-256, so a database leak gives away no votes. */
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const acceptingVotes = (poll: TimePollRow, now: Date) =>
  poll.status === 'open' && (poll.closesAt === null || poll.closesAt > now);

/** The slot closing suggests: the most yes, then the most if-needed, then the earliest. */
function suggestedSlot(slots: { id: string; startsAt: string; counts: Record<VoteChoice, number> }[]): string | null {
  if (slots.every((slot) => slot.counts.yes + slot.counts.ifNeeded === 0)) return null;
  const [best] = [...slots].sort(
    (a, b) =>
      b.counts.yes - a.counts.yes ||
      b.counts.ifNeeded - a.counts.ifNeeded ||
      Date.parse(a.startsAt) - Date.parse(b.startsAt),
  );
  return best?.id ?? null;
}

async function toPollReply(
  db: Db,
  found: PollWithNames,
  viewer: { userId: string; canManage: boolean },
  now: Date,
): Promise<TimePoll> {
  const { poll } = found;
  const [slots, votes, invitedCount, viewerName] = await Promise.all([
    listSlots(db, poll.id),
    listVotes(db, poll.id),
    countInvitees(db, poll.id),
    findUserName(db, viewer.userId),
  ]);
  const slotReplies = slots.map((slot) => {
    const voters = votes
      .filter((vote) => vote.slotId === slot.id)
      .map((vote) => ({
        userId: vote.userId,
        displayName: vote.name?.trim() || displayNameFallback,
        photoURL: vote.image || defaultPhotoPath,
        choice: vote.choice,
      }));
    const counts = { yes: 0, ifNeeded: 0, no: 0 };
    for (const voter of voters) counts[voter.choice] += 1;
    return { id: slot.id, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString(), counts, voters };
  });
  const mine = votes.filter((vote) => vote.userId === viewer.userId);
  return {
    id: poll.id,
    teamId: poll.teamId,
    teamName: found.teamName,
    title: poll.title,
    place: poll.placeId && found.placeName ? { id: poll.placeId, name: found.placeName } : null,
    spots: poll.spots,
    timeZone: poll.timeZone,
    closesAt: poll.closesAt?.toISOString() ?? null,
    status: poll.status,
    acceptingVotes: acceptingVotes(poll, now),
    createdAt: poll.createdAt.toISOString(),
    slots: slotReplies,
    suggestedSlotId: suggestedSlot(slotReplies),
    chosenSlotId: poll.chosenSlotId,
    eventId: poll.eventId,
    invitedCount,
    respondedCount: new Set(votes.map((vote) => vote.userId)).size,
    viewer: {
      userId: viewer.userId,
      displayName: viewerName?.trim() || displayNameFallback,
      votes: Object.fromEntries(mine.map((vote) => [vote.slotId, vote.choice])),
      canManage: viewer.canManage,
    },
    topic: timePollTopic(poll.watchKey),
  };
}

/** The poll for a member of its team; it does not exist for anyone else (a link's guest aside). */
async function memberPoll(db: Db, pollId: string, actorId: string) {
  const found = await findPoll(db, pollId);
  if (!found) throw notFound();
  const role = await roleIn(db, found.poll.teamId, actorId);
  if (!role) throw notFound();
  return { found, role };
}

async function roleIn(db: Db, teamId: string, userId: string): Promise<TeamRole | undefined> {
  return visibleTeam(db, teamId, userId).then(
    ({ role }) => role,
    () => undefined,
  );
}

function announceChange(deps: TimePollDeps, poll: TimePollRow) {
  deps.realtime.publish(timePollTopic(poll.watchKey), { type: timePollUpdatedEvent, pollId: poll.id });
}

// ---- Create --------------------------------------------------------------------------------

function inviteMail({
  name,
  organizer,
  teamName,
  title,
  slots,
  timeZone,
  closesAt,
  link,
}: {
  name: string;
  organizer: string;
  teamName: string;
  title: string;
  slots: { startsAt: Date }[];
  timeZone: string;
  closesAt: Date | null;
  link: string;
}) {
  const greeting = name.trim() ? `Hi ${organizerTextForMail(name, 100)},` : 'Hi,';
  const times = slots.map((slot) => `- ${onWallClock(slot.startsAt, timeZone)}`).join('\n');
  const closing = closesAt ? `\nVoting closes on ${onWallClock(closesAt, timeZone)}.\n` : '';
  return {
    subject: `When can you play? ${organizerTextForMail(title, 100)}`,
    text:
      `${greeting}\n\n${organizerTextForMail(organizer, 100)} asks ${organizerTextForMail(teamName, 100)} ` +
      `when you can play ${organizerTextForMail(title, 100)}. Answer yes, if needed or no for each time:\n\n` +
      `${times}\n${closing}\nVote here, no sign-in needed (the link is yours alone: do not forward it):\n${link}\n`,
  };
}

/**
 * Sends the team a poll (organizers): the poll, its times and one invitee row per member with the
 * hash of their personal link's secret, in one transaction; then every member but the organizer
 * hears of it by their settings ("New events you can join", and the team's own switches), the
 * mail carrying their own link.
 */
export async function createTimePoll(
  deps: TimePollDeps,
  { actorId, teamId, body }: { actorId: string; teamId: string; body: CreateTimePollBody },
): Promise<TimePoll> {
  const { team } = await requireRole(deps.db, teamId, actorId, managers);
  const now = deps.clock.now();
  const fields: FieldErrors = {};
  body.slots.forEach((slot, index) => {
    if (Date.parse(slot.startsAt) <= now.getTime()) fields[`slots.${index}.startsAt`] = [timePollMessages.slotPast];
  });
  if (body.closesAt && Date.parse(body.closesAt) <= now.getTime()) fields.closesAt = [timePollMessages.closesPast];
  if (body.placeId) {
    const exists = await getPlace(deps.db, deps.clock, { viewerId: actorId, placeId: body.placeId }).then(
      () => true,
      () => false,
    );
    if (!exists) fields.placeId = [timePollMessages.unknownPlace];
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', undefined, fields);

  const slots = body.slots
    .map((slot) => ({ startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) }))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const memberIds = await listTeamMemberIds(deps.db, teamId);
  const tokens = new Map(memberIds.map((userId) => [userId, randomBytes(32).toString('base64url')]));
  const poll = await inTransaction(deps.db, async (tx) => {
    const row = await insertPoll(tx, {
      teamId,
      creatorId: actorId,
      title: body.title,
      placeId: body.placeId,
      spots: body.spots,
      timeZone: team.timeZone ?? fallbackZone,
      closesAt: body.closesAt ? new Date(body.closesAt) : null,
      watchKey: randomBytes(18).toString('base64url'),
      createdAt: now,
    });
    await insertSlots(tx, row.id, slots);
    await insertInvitees(
      tx,
      [...tokens].map(([userId, token]) => ({ pollId: row.id, userId, tokenHash: hashToken(token) })),
    );
    return row;
  });

  const organizer = (await findUserName(deps.db, actorId))?.trim() || displayNameFallback;
  await notify(deps, {
    userIds: memberIds,
    category: 'eventCreatedJoin',
    kind: 'timePollOpened',
    title: `When can you play ${body.title}?`,
    body: `${organizer} asks ${team.name} to vote on ${slots.length} times.`,
    link: pollPath(teamId, poll.id),
    actorId,
    teamId,
    subjectId: poll.id,
    dedupeKey: `time-poll:${poll.id}`,
    mail: ({ name, userId }) =>
      inviteMail({
        name,
        organizer,
        teamName: team.name,
        title: body.title,
        slots,
        timeZone: poll.timeZone,
        closesAt: poll.closesAt,
        link: `${deps.publicOrigin}${pollLinkPath(tokens.get(userId) ?? '')}`,
      }),
  });
  const found = await findPoll(deps.db, poll.id);
  return toPollReply(deps.db, found!, { userId: actorId, canManage: true }, now);
}

// ---- Read ----------------------------------------------------------------------------------

export async function listTimePolls(
  deps: Pick<TimePollDeps, 'db'>,
  { actorId, teamId }: { actorId: string; teamId: string },
): Promise<TimePollList> {
  const { role } = await visibleTeam(deps.db, teamId, actorId);
  if (!role) throw new AppError('FORBIDDEN', 'Only the team’s members see its polls.');
  const rows = await listTeamPolls(deps.db, teamId);
  return {
    polls: rows.map(({ poll, slotCount, respondedCount }) => ({
      id: poll.id,
      title: poll.title,
      status: poll.status,
      closesAt: poll.closesAt?.toISOString() ?? null,
      createdAt: poll.createdAt.toISOString(),
      slotCount,
      respondedCount,
      eventId: poll.eventId,
    })),
    canCreate: managers.includes(role),
  };
}

export async function getTimePoll(
  deps: Pick<TimePollDeps, 'db' | 'clock'>,
  { actorId, pollId }: { actorId: string; pollId: string },
): Promise<TimePoll> {
  const { found, role } = await memberPoll(deps.db, pollId, actorId);
  return toPollReply(deps.db, found, { userId: actorId, canManage: managers.includes(role) }, deps.clock.now());
}

/** The invitee a voting link stands for, while they are still on the team; 404 for anything else. */
async function linkInvitee(db: Db, token: string) {
  const invitee = await findInviteeByTokenHash(db, hashToken(token));
  if (!invitee) throw linkInvalid();
  const found = await findPoll(db, invitee.pollId);
  if (!found || !(await roleIn(db, found.poll.teamId, invitee.userId))) throw linkInvalid();
  return { invitee, found };
}

/** The poll of a voting link, as its invitee sees it; the link reads this one poll and no other. */
export async function getPollByLink(
  deps: Pick<TimePollDeps, 'db' | 'clock'>,
  { token }: { token: string },
): Promise<TimePoll> {
  const { invitee, found } = await linkInvitee(deps.db, token);
  return toPollReply(deps.db, found, { userId: invitee.userId, canManage: false }, deps.clock.now());
}

// ---- Vote ----------------------------------------------------------------------------------

/**
 * Writes a voter's answers. The poll row is share-locked first: ballots do not wait for each
 * other, but a close holds the row exclusively, so a ballot either lands before the close
 * commits or sees the poll closed. Answers are upserts: a repeated, raced or replayed ballot
 * leaves one row per person per time, holding the last answer written.
 */
async function castVotes(deps: TimePollDeps, pollId: string, userId: string, body: VoteBody): Promise<void> {
  const now = deps.clock.now();
  const poll = await inTransaction(deps.db, async (tx) => {
    const row = await lockPollForShare(tx, pollId);
    if (!row) throw notFound();
    if (!acceptingVotes(row, now)) throw new AppError('CONFLICT', timePollMessages.alreadyClosed);
    const slotIds = new Set((await listSlots(tx, pollId)).map((slot) => slot.id));
    if (body.votes.some((vote) => !slotIds.has(vote.slotId))) {
      throw new AppError('VALIDATION_FAILED', undefined, { votes: [timePollMessages.unknownSlot] });
    }
    await upsertVotes(tx, { pollId, userId, votes: body.votes, at: now });
    return row;
  });
  announceChange(deps, poll);
}

export async function voteInPoll(
  deps: TimePollDeps,
  { actorId, pollId, body }: { actorId: string; pollId: string; body: VoteBody },
): Promise<TimePoll> {
  const { role } = await memberPoll(deps.db, pollId, actorId);
  await castVotes(deps, pollId, actorId, body);
  const found = await findPoll(deps.db, pollId);
  return toPollReply(deps.db, found!, { userId: actorId, canManage: managers.includes(role) }, deps.clock.now());
}

/** A vote through a voting link: as the link's invitee, on the link's poll only. */
export async function voteByLink(
  deps: TimePollDeps,
  { token, body }: { token: string; body: VoteBody },
): Promise<TimePoll> {
  const { invitee } = await linkInvitee(deps.db, token);
  await castVotes(deps, invitee.pollId, invitee.userId, body);
  const found = await findPoll(deps.db, invitee.pollId);
  return toPollReply(deps.db, found!, { userId: invitee.userId, canManage: false }, deps.clock.now());
}

// ---- Close ---------------------------------------------------------------------------------

/** An event field's error, told beside the poll's field it came from. */
const closeFieldOf: Record<string, keyof CloseTimePollBody> = {
  startLocal: 'slotId',
  endLocal: 'slotId',
  placeId: 'placeId',
};

/**
 * Closes the poll on one of its times (organizers). Under the poll's row lock, in one
 * transaction: the game is created through the events feature's own createEvent (its checks:
 * place, game type, a start in the future) and the poll is marked closed with the game's id. A
 * second close, at once or later, waits for the lock, finds the poll closed and answers 409: one
 * game, however many presses. The voters and the members then hear of the game by their settings.
 */
export async function closeTimePoll(
  deps: TimePollDeps,
  { actorId, pollId, body }: { actorId: string; pollId: string; body: CloseTimePollBody },
): Promise<TimePoll> {
  const { role } = await memberPoll(deps.db, pollId, actorId);
  if (!managers.includes(role)) throw new AppError('FORBIDDEN', 'Only the team’s organizers can do that.');
  const { team } = await visibleTeam(deps.db, (await findPoll(deps.db, pollId))!.poll.teamId, actorId);
  const now = deps.clock.now();
  const { poll, slot } = await inTransaction(deps.db, async (tx) => {
    const locked = await lockPoll(tx, pollId);
    if (!locked) throw notFound();
    if (locked.status === 'closed') throw new AppError('CONFLICT', timePollMessages.closedTwice);
    const chosen = (await listSlots(tx, pollId)).find((candidate) => candidate.id === body.slotId);
    if (!chosen) throw new AppError('VALIDATION_FAILED', undefined, { slotId: [timePollMessages.unknownSlot] });
    const placeId = body.placeId ?? locked.placeId;
    if (!placeId) throw new AppError('VALIDATION_FAILED', undefined, { placeId: [timePollMessages.placeNeeded] });
    const input = eventBody.parse({
      title: locked.title,
      gameType: team.gameType,
      timeZone: locked.timeZone,
      startLocal: instantToLocal(chosen.startsAt, locked.timeZone),
      endLocal: instantToLocal(chosen.endsAt, locked.timeZone),
      placeId,
      teamId: locked.teamId,
      slots: locked.spots,
      visibility: team.visibility === 'private' ? 'team' : 'public',
    });
    const event = await createEvent({ ...deps, db: tx }, { actorId, input }).catch((error: unknown) => {
      if (!(error instanceof AppError) || !error.fields) throw error;
      const fields: FieldErrors = {};
      for (const [field, messages] of Object.entries(error.fields)) {
        const key = closeFieldOf[field] ?? 'slotId';
        fields[key] = [...(fields[key] ?? []), ...messages];
      }
      throw new AppError('VALIDATION_FAILED', undefined, fields);
    });
    const closed = await markClosed(tx, pollId, { chosenSlotId: chosen.id, eventId: event.id, closedAt: now });
    return { poll: closed, slot: chosen };
  });
  announceChange(deps, poll);
  await announceGame(deps, { actorId, poll, slot, teamName: team.name });
  const found = await findPoll(deps.db, pollId);
  return toPollReply(deps.db, found!, { userId: actorId, canManage: true }, now);
}

/** The game a poll decided, to everyone invited and everyone on the team now, by their settings. */
async function announceGame(
  deps: TimePollDeps,
  { actorId, poll, slot, teamName }: { actorId: string; poll: TimePollRow; slot: TimePollSlotRow; teamName: string },
) {
  const [invited, members] = await Promise.all([
    listInviteeIds(deps.db, poll.id),
    listTeamMemberIds(deps.db, poll.teamId),
  ]);
  const when = onWallClock(slot.startsAt, poll.timeZone);
  await notify(deps, {
    userIds: [...new Set([...invited, ...members])],
    category: 'eventCreatedJoin',
    kind: 'timePollClosed',
    title: `${poll.title} is on: ${when}`,
    body: `${teamName} voted: ${poll.title} is on ${when}. Join the game to hold your spot.`,
    link: `/discover/events/${poll.eventId}`,
    actorId,
    teamId: poll.teamId,
    subjectId: poll.eventId,
    // One announcement per poll, however the close is retried.
    dedupeKey: `time-poll-closed:${poll.id}`,
  });
}

// ---- Realtime ------------------------------------------------------------------------------

/**
 * The realtime topic's gate (decision 080): the topic's id is the poll's random watch key, given
 * only in replies to its readers (members, and a link's invitee, who has no session), so knowing
 * it is the permission. The events on it say only "read the poll again".
 */
export async function mayWatchPoll(db: Db, watchKey: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{24}$/.test(watchKey)) return false;
  return watchKeyExists(db, watchKey);
}
