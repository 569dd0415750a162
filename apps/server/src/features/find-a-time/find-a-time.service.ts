import {
  availabilityNudgeKey,
  availabilitySettingsPath,
  findATimeLimits,
  findATimeMessages,
  type FindATimeReply,
  type FindATimeRequest,
} from '@huddle/shared/find-a-time';
import { instantToLocal, localToInstant } from '@huddle/shared/event-occurrences';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import { rankSlots, type RankingMember } from '@huddle/shared/slot-ranking';
import { AppError } from '../../lib/app-error.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { managers, requireRole } from '../teams/teams.service.ts';
import { findPlaceSummary, listMembersJoinedGames, listMembersWithAvailability } from './find-a-time.repository.ts';

export type FindATimeDeps = NotifyDeps;

const dayMs = 86_400_000;
/** How far ahead a window may start: a season's planning, not a typo's year 2200. */
const maxDaysAhead = 366;

/**
 * "Find a time" (issue 34 part 1, decision 079): the team's organizers (owner and organizers,
 * as every other team management route) rank the slots of a window. Members who gave no
 * availability are nudged once, ever, to add it (after the answer is worked out).
 */
export async function findATime(
  deps: FindATimeDeps,
  { actorId, teamId, body }: { actorId: string; teamId: string; body: FindATimeRequest },
): Promise<FindATimeReply> {
  const { team } = await requireRole(deps.db, teamId, actorId, managers);
  const timeZone = team.timeZone ?? body.timeZone ?? 'UTC';
  const now = deps.clock.now();

  const today = instantToLocal(now, timeZone).slice(0, 10);
  const startDay = Date.parse(`${body.startDate}T00:00:00Z`);
  const todayDay = Date.parse(`${today}T00:00:00Z`);
  if (startDay < todayDay || startDay > todayDay + maxDaysAhead * dayMs) {
    const message = startDay < todayDay ? 'Pick today or a later day.' : 'Pick a day within the next year.';
    throw new AppError('VALIDATION_FAILED', message, { startDate: [message] });
  }

  const place = body.placeId ? await findPlaceSummary(deps.db, body.placeId) : null;
  if (body.placeId && !place) {
    throw new AppError('VALIDATION_FAILED', 'Pick a place from the list.', {
      placeId: ['Pick a place from the list.'],
    });
  }

  // The window on the team's calendar, widened by a day each side for games that straddle it.
  const windowStart = localToInstant(`${body.startDate}T00:00`, timeZone);
  const windowEnd = new Date(windowStart.getTime() + (body.days + 1) * dayMs);
  const [rows, games] = await Promise.all([
    listMembersWithAvailability(deps.db, teamId),
    listMembersJoinedGames(deps.db, teamId, new Date(windowStart.getTime() - dayMs), windowEnd),
  ]);

  const gamesOf = new Map<string, Array<{ start: number; end: number }>>();
  for (const game of games) {
    const list = gamesOf.get(game.userId) ?? [];
    list.push({ start: game.startsAt.getTime(), end: game.endsAt.getTime() });
    gamesOf.set(game.userId, list);
  }
  const members: RankingMember[] = rows.map((row) => ({
    id: row.id,
    // A row saved before zones were recorded is read on the team's clock (decision 079).
    availability:
      row.weekly && row.dates ? { weekly: row.weekly, dates: row.dates, timeZone: row.timeZone ?? timeZone } : null,
    games: gamesOf.get(row.id) ?? [],
  }));

  const ranked = rankSlots({
    timeZone,
    startDate: body.startDate,
    days: body.days,
    durationMinutes: body.durationMinutes,
    earliest: body.earliest,
    latest: body.latest,
    stepMinutes: findATimeLimits.stepMinutes,
    minPlayers: body.minPlayers ?? 1,
    limit: findATimeLimits.slots,
    notBefore: now.getTime(),
    members,
  });

  const toNudge = rows.filter((row) => !row.weekly && !row.nudged && row.id !== actorId).map((row) => row.id);
  if (toNudge.length > 0) {
    // The dedupe key makes it once per person even when searches race: the second insert is a no-op.
    await notify(deps, {
      userIds: toNudge,
      category: 'teamMessage',
      kind: 'availabilityNudge',
      title: findATimeMessages.nudgeTitle,
      body: findATimeMessages.nudgeBody(team.name),
      link: availabilitySettingsPath,
      teamId,
      subjectId: teamId,
      dedupeKey: availabilityNudgeKey,
    });
  }

  return {
    timeZone,
    memberCount: rows.length,
    members: rows.map((row) => ({
      id: row.id,
      displayName: row.name.trim() || displayNameFallback,
      photoURL: row.image || defaultPhotoPath,
    })),
    noAvailability: ranked.noAvailability,
    place,
    slots: ranked.slots.map((slot) => ({
      startsAt: new Date(slot.start).toISOString(),
      endsAt: new Date(slot.end).toISOString(),
      startLocal: slot.startLocal,
      endLocal: slot.endLocal,
      freeCount: slot.free.length,
      busyCount: slot.busy.length,
      free: slot.free,
      busy: slot.busy,
    })),
  };
}
