import {
  planMatches,
  planProblem,
  poolOfSeeds,
  scheduleMatches,
  type MatchSource,
  type TournamentFormat,
} from '@huddle/shared/tournament-brackets';
import {
  bracketLockedMessage,
  detailsConflictMessage,
  knockoutNeedsWinnerMessage,
  laterMatchPlayedMessage,
  scheduledAlreadyMessage,
  scoreConflictMessage,
  tournamentIdParams,
  tournamentTopic,
  tournamentUpdatedEvent,
  type EntrantsBody,
  type ScoreBody,
  type TournamentBody,
  type TournamentDetail,
  type TournamentDetailsBody,
  type TournamentMatch,
  type TournamentSummary,
} from '@huddle/shared/tournaments';
import type { TeamRole } from '@huddle/shared/teams';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { managers, requireRole, visibleTeam } from '../teams/teams.service.ts';
import { championOf, poolStandings } from './tournament-champion.ts';
import {
  countEntrants,
  deleteSchedule,
  deleteTournamentRow,
  findTeamRegistrations,
  findTournament,
  insertMatchRows,
  insertTournament,
  listEntrantRows,
  listMatchRows,
  listTournamentRowsOfTeam,
  listTournamentRowsOfUser,
  markScheduled,
  replaceEntrantRows,
  setEntrantPool,
  updateMatchRow,
  updateTournamentRow,
  withTournamentLocked,
  type EntrantRow,
  type MatchRow,
  type NewEntrant,
  type TournamentRow,
} from './tournaments.repository.ts';

export interface TournamentDeps {
  db: Database;
  realtime: RealtimeHub;
  clock: { now(): Date };
}

const tournamentNotFound = () => new AppError('NOT_FOUND', 'Tournament not found');
const organizersOnly = () => new AppError('FORBIDDEN', 'Only the team’s organizers can do that.');

/** A tournament is as visible as its team (spec §6: public like events; a private team's answer 404 to outsiders). */
async function visibleTournament(db: Database, tournamentId: string, viewerId: string | undefined) {
  const tournament = await findTournament(db, tournamentId);
  if (!tournament) throw tournamentNotFound();
  const { team, role } = await visibleTeam(db, tournament.teamId, viewerId).catch(() => {
    throw tournamentNotFound();
  });
  return { tournament, team, manages: role !== undefined && managers.includes(role as TeamRole) };
}

async function managedTournament(db: Database, tournamentId: string, actorId: string) {
  const found = await visibleTournament(db, tournamentId, actorId);
  if (!found.manages) throw organizersOnly();
  return found;
}

const ordinal = (rank: number) => `${rank}${rank === 1 ? 'st' : rank === 2 ? 'nd' : rank === 3 ? 'rd' : 'th'}`;

function placeholderOf(source: MatchSource, seeded: Map<number, EntrantRow>): string {
  switch (source.kind) {
    case 'seed':
      return seeded.get(source.seed)?.name ?? `Seed ${source.seed}`;
    case 'winner':
      return `Winner of ${source.match}`;
    case 'loser':
      return `Loser of ${source.match}`;
    case 'poolRank':
      return `${ordinal(source.rank)} in pool ${source.pool}`;
  }
}

function toSummary(
  tournament: TournamentRow,
  teamName: string,
  entrantCount: number,
  champion: EntrantRow | undefined,
): TournamentSummary {
  return {
    id: tournament.id,
    teamId: tournament.teamId,
    teamName,
    name: tournament.name,
    format: tournament.format as TournamentSummary['format'],
    startsAt: tournament.startsAt.toISOString(),
    endsAt: tournament.endsAt.toISOString(),
    placeName: tournament.placeName,
    entrantCount,
    scheduled: tournament.scheduledAt !== null,
    championName: champion?.name ?? null,
  };
}

async function summaries(db: Database, rows: { tournament: TournamentRow; teamName: string }[]) {
  const ids = rows.map((row) => row.tournament.id);
  const [counts, matches] = await Promise.all([countEntrants(db, ids), listMatchRows(db, ids)]);
  const withChampion = rows.filter((row) => row.tournament.scheduledAt !== null);
  const entrantsOf = new Map(
    await Promise.all(
      withChampion.map(async (row) => [row.tournament.id, await listEntrantRows(db, row.tournament.id)] as const),
    ),
  );
  return rows.map(({ tournament, teamName }) =>
    toSummary(
      tournament,
      teamName,
      counts.get(tournament.id) ?? 0,
      championOf(
        tournament,
        entrantsOf.get(tournament.id) ?? [],
        matches.filter((match) => match.tournamentId === tournament.id),
      ),
    ),
  );
}

/** Whether this viewer may score this match now: both sides known, and an organizer or (when allowed) a side's captain. */
function canScore(
  tournament: TournamentRow,
  match: MatchRow,
  entrantsById: Map<string, EntrantRow>,
  viewer: { id: string | undefined; manages: boolean },
) {
  if (!match.homeEntrantId || !match.awayEntrantId || !viewer.id) return false;
  if (viewer.manages) return true;
  if (!tournament.captainsEnterScores) return false;
  return [match.homeEntrantId, match.awayEntrantId].some((id) => entrantsById.get(id)?.captainId === viewer.id);
}

async function toDetail(
  db: Database,
  tournament: TournamentRow,
  teamName: string,
  viewer: { id: string | undefined; manages: boolean },
): Promise<TournamentDetail> {
  const [entrants, matches] = await Promise.all([
    listEntrantRows(db, tournament.id),
    listMatchRows(db, [tournament.id]),
  ]);
  const byId = new Map(entrants.map((entrant) => [entrant.id, entrant]));
  const bySeed = new Map(entrants.map((entrant) => [entrant.seed, entrant]));
  const side = (entrantId: string | null, source: MatchSource) => ({
    entrantId,
    name: entrantId ? (byId.get(entrantId)?.name ?? null) : null,
    placeholder: placeholderOf(source, bySeed),
  });
  return {
    ...toSummary(tournament, teamName, entrants.length, championOf(tournament, entrants, matches)),
    courts: tournament.courts,
    matchMinutes: tournament.matchMinutes,
    pools: tournament.pools,
    advancePerPool: tournament.advancePerPool,
    captainsEnterScores: tournament.captainsEnterScores,
    version: tournament.version,
    scored: matches.some((match) => match.homeScore !== null),
    manages: viewer.manages,
    entrants: entrants.map((entrant) => ({
      id: entrant.id,
      name: entrant.name,
      seed: entrant.seed,
      pool: entrant.pool,
      fromRegistration: entrant.registrationId !== null,
      registrationId: entrant.registrationId,
    })),
    matches: matches.map((match): TournamentMatch => ({
      id: match.id,
      key: match.key,
      stage: match.stage as TournamentMatch['stage'],
      round: match.round,
      position: match.position,
      pool: match.pool,
      home: side(match.homeEntrantId, match.homeSource),
      away: side(match.awayEntrantId, match.awaySource),
      homeScore: match.homeScore,
      awayScore: match.awayScore,
      winnerEntrantId: match.winnerEntrantId,
      court: match.court,
      startsAt: match.startsAt.toISOString(),
      version: match.version,
      canScore: canScore(tournament, match, byId, viewer),
    })),
    standings: poolStandings(tournament, entrants, matches).map(({ pool, rows }) => ({
      pool,
      rows: rows.map(({ entrant, ...row }) => ({ entrantId: entrant, name: byId.get(entrant)?.name ?? '', ...row })),
    })),
  };
}

const tournamentColumns = (body: TournamentBody) => ({
  name: body.name,
  format: body.format,
  startsAt: new Date(body.startsAt),
  endsAt: new Date(body.endsAt),
  placeName: body.placeName || null,
  courts: body.courts,
  matchMinutes: body.matchMinutes,
  pools: body.format === 'round_robin' ? body.pools : 1,
  advancePerPool: body.format === 'round_robin' ? body.advancePerPool : 0,
  captainsEnterScores: body.captainsEnterScores,
});

export async function createTournament(
  db: Database,
  { actorId, teamId, tournament }: { actorId: string; teamId: string; tournament: TournamentBody },
): Promise<TournamentDetail> {
  const { team } = await requireRole(db, teamId, actorId, managers);
  const row = await insertTournament(db, { teamId, createdBy: actorId, ...tournamentColumns(tournament) });
  return toDetail(db, row, team.name, { id: actorId, manages: true });
}

export async function listTeamTournaments(db: Database, { viewerId, teamId }: { viewerId?: string; teamId: string }) {
  await visibleTeam(db, teamId, viewerId);
  return { tournaments: await summaries(db, await listTournamentRowsOfTeam(db, teamId)) };
}

export async function listMyTournaments(db: Database, { actorId }: { actorId: string }) {
  return { tournaments: await summaries(db, await listTournamentRowsOfUser(db, actorId, managers)) };
}

export async function getTournament(
  db: Database,
  { viewerId, tournamentId }: { viewerId?: string; tournamentId: string },
): Promise<TournamentDetail> {
  const { tournament, team, manages } = await visibleTournament(db, tournamentId, viewerId);
  return toDetail(db, tournament, team.name, { id: viewerId, manages });
}

export async function deleteTournament(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
) {
  await managedTournament(db, tournamentId, actorId);
  await deleteTournamentRow(db, tournamentId);
}

/** Entrants typed by hand or taken from the team's season registrations (whose player captains the side). */
export async function setEntrants(
  db: Database,
  { actorId, tournamentId, entrants }: { actorId: string; tournamentId: string; entrants: EntrantsBody['entrants'] },
): Promise<TournamentDetail> {
  const { team } = await managedTournament(db, tournamentId, actorId);
  const registrationIds = entrants.flatMap((entrant) => ('registrationId' in entrant ? [entrant.registrationId] : []));
  if (new Set(registrationIds).size !== registrationIds.length) {
    throw new AppError('VALIDATION_FAILED', 'Check the entrants.', { entrants: ['A registration is entered twice.'] });
  }
  const found = new Map(
    (await findTeamRegistrations(db, team.id, registrationIds)).map((registration) => [registration.id, registration]),
  );
  const rows: NewEntrant[] = entrants.map((entrant, index) => {
    if ('name' in entrant) return { name: entrant.name, seed: index + 1 };
    const registration = found.get(entrant.registrationId);
    if (!registration) {
      throw new AppError('VALIDATION_FAILED', 'Check the entrants.', {
        [`entrants.${index}.registrationId`]: ['Not a registration of this team’s seasons.'],
      });
    }
    return {
      name: registration.name,
      seed: index + 1,
      captainId: registration.userId,
      registrationId: registration.id,
    };
  });
  const result = await withTournamentLocked(db, tournamentId, async (tx, tournament) => {
    if (tournament.scheduledAt) throw new AppError('CONFLICT', scheduledAlreadyMessage);
    await replaceEntrantRows(tx, tournamentId, rows);
    return tournament;
  });
  if (!result) throw tournamentNotFound();
  return toDetail(db, result, team.name, { id: actorId, manages: true });
}

const planOptions = (tournament: TournamentRow, entrantCount: number) => ({
  format: tournament.format as TournamentFormat,
  entrantCount,
  pools: tournament.pools,
  advancePerPool: tournament.advancePerPool,
});

/** Each planned match's court and time, by match key. */
const slotsOf = (tournament: TournamentRow, planned: ReturnType<typeof planMatches>) =>
  new Map(
    scheduleMatches(planned, {
      startsAt: tournament.startsAt,
      matchMinutes: tournament.matchMinutes,
      courts: tournament.courts,
    }).map((slot) => [slot.key, slot]),
  );

/** Plans the bracket from the entrants in seed order and puts each match on a court and a time. */
export async function generateSchedule(
  deps: TournamentDeps,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
): Promise<TournamentDetail> {
  const { db } = deps;
  const { team } = await managedTournament(db, tournamentId, actorId);
  const result = await withTournamentLocked(db, tournamentId, async (tx, tournament) => {
    if (tournament.scheduledAt) throw new AppError('CONFLICT', 'The schedule is made already.');
    const entrants = await listEntrantRows(tx, tournamentId);
    const options = planOptions(tournament, entrants.length);
    const problem = planProblem(options);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { entrants: [problem] });
    const planned = planMatches(options);
    const slots = slotsOf(tournament, planned);
    const bySeed = new Map(entrants.map((entrant) => [entrant.seed, entrant.id]));
    const entrantOf = (source: MatchSource) => (source.kind === 'seed' ? (bySeed.get(source.seed) ?? null) : null);
    if (tournament.format === 'round_robin') {
      const pools = poolOfSeeds(entrants.length, tournament.pools);
      for (const [index, seeds] of pools.entries()) {
        for (const seed of seeds) await setEntrantPool(tx, bySeed.get(seed)!, index + 1);
      }
    }
    await insertMatchRows(
      tx,
      tournamentId,
      planned.map((match) => ({
        key: match.key,
        stage: match.stage,
        round: match.round,
        position: match.position,
        pool: match.pool,
        homeSource: match.home,
        awaySource: match.away,
        homeEntrantId: entrantOf(match.home),
        awayEntrantId: entrantOf(match.away),
        court: slots.get(match.key)!.court,
        startsAt: slots.get(match.key)!.startsAt,
      })),
    );
    const at = deps.clock.now();
    await markScheduled(tx, tournamentId, at);
    return { ...tournament, scheduledAt: at };
  });
  if (!result) throw tournamentNotFound();
  announce(deps, result);
  return toDetail(db, result, team.name, { id: actorId, manages: true });
}

/** To everyone watching the tournament's public topic, signed in or not (decision 055). */
function announce({ realtime }: TournamentDeps, tournament: TournamentRow) {
  realtime.publish(tournamentTopic(tournament.id), { type: tournamentUpdatedEvent, tournamentId: tournament.id });
}

/** The realtime topic's gate: anyone who may read the tournament may watch it (decision 055). */
export async function mayWatchTournament(
  db: Database,
  { viewerId, tournamentId }: { viewerId: string | null; tournamentId: string },
): Promise<boolean> {
  if (!tournamentIdParams.shape.tournamentId.safeParse(tournamentId).success) return false;
  return visibleTournament(db, tournamentId, viewerId ?? undefined).then(
    () => true,
    () => false,
  );
}

const bracketFields = ['format', 'pools', 'advancePerPool'] as const;
const slotFields = ['startsAt', 'matchMinutes', 'courts'] as const;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The organizers correct a tournament's details (issue 16). Edits are made from the version read:
 * of two saves from one version the first wins and the other is told (decision 055). Once the
 * schedule is made, a new format or pools drop it (it is generated again) until a score is
 * entered, and are refused after; new courts, start or match length move the matches.
 */
export async function updateTournamentDetails(
  deps: TournamentDeps,
  { actorId, tournamentId, details }: { actorId: string; tournamentId: string; details: TournamentDetailsBody },
): Promise<TournamentDetail> {
  const { db } = deps;
  const { team } = await managedTournament(db, tournamentId, actorId);
  const { version, ...body } = details;
  const result = await withTournamentLocked(db, tournamentId, async (tx, tournament) => {
    if (tournament.version !== version) throw new AppError('CONFLICT', detailsConflictMessage);
    const columns = { ...tournamentColumns(body), version: tournament.version + 1 };
    const updated: TournamentRow = { ...tournament, ...columns };
    if (!tournament.scheduledAt) return updateTournamentRow(tx, tournamentId, columns);
    const changed = (field: keyof typeof columns) => !sameValue(columns[field], tournament[field]);
    const matches = await listMatchRows(tx, [tournamentId]);
    if (bracketFields.some(changed)) {
      if (matches.some((match) => match.homeScore !== null)) {
        throw new AppError(
          'CONFLICT',
          bracketLockedMessage,
          Object.fromEntries(bracketFields.filter(changed).map((field) => [field, [bracketLockedMessage]])),
        );
      }
      await deleteSchedule(tx, tournamentId);
      return updateTournamentRow(tx, tournamentId, { ...columns, scheduledAt: null });
    }
    if (slotFields.some(changed)) {
      const entrants = await listEntrantRows(tx, tournamentId);
      const slots = slotsOf(updated, planMatches(planOptions(updated, entrants.length)));
      for (const match of matches) {
        const slot = slots.get(match.key);
        if (slot) await updateMatchRow(tx, match.id, { court: slot.court, startsAt: slot.startsAt });
      }
    }
    return updateTournamentRow(tx, tournamentId, columns);
  });
  if (!result) throw tournamentNotFound();
  announce(deps, result);
  return toDetail(db, result, team.name, { id: actorId, manages: true });
}

/**
 * Fills the sides that come from `match` (its winner and loser), and, when a pool is over, the
 * knockout sides that come from its table. A later match that already has a score and would
 * change its side is refused: its score was played by someone else.
 */
async function advance(tx: Database, tournament: TournamentRow, matches: MatchRow[], entrants: EntrantRow[]) {
  const byKey = new Map(matches.map((match) => [match.key, match]));
  const tables = poolStandings(tournament, entrants, matches);
  const entrantFor = (source: MatchSource): string | null => {
    if (source.kind === 'seed') return entrants.find((entrant) => entrant.seed === source.seed)?.id ?? null;
    if (source.kind === 'poolRank') {
      const table = tables.find((candidate) => candidate.pool === source.pool);
      return table?.complete ? (table.rows[source.rank - 1]?.entrant ?? null) : null;
    }
    const from = byKey.get(source.match);
    if (!from?.winnerEntrantId) return null;
    if (source.kind === 'winner') return from.winnerEntrantId;
    return from.winnerEntrantId === from.homeEntrantId ? from.awayEntrantId : from.homeEntrantId;
  };
  // Play order (the order stored, by start time) keeps a chain of changes in step.
  for (const match of matches) {
    const home = entrantFor(match.homeSource);
    const away = entrantFor(match.awaySource);
    if (home === match.homeEntrantId && away === match.awayEntrantId) continue;
    if (match.homeScore !== null) throw new AppError('CONFLICT', laterMatchPlayedMessage);
    await updateMatchRow(tx, match.id, { homeEntrantId: home, awayEntrantId: away });
    match.homeEntrantId = home;
    match.awayEntrantId = away;
  }
}

export async function enterScore(
  deps: TournamentDeps,
  {
    actorId,
    tournamentId,
    matchId,
    score,
  }: { actorId: string; tournamentId: string; matchId: string; score: ScoreBody },
): Promise<TournamentDetail> {
  const { db } = deps;
  const { team, manages } = await visibleTournament(db, tournamentId, actorId);
  const matchNotFound = () => new AppError('NOT_FOUND', 'Match not found');
  const result = await withTournamentLocked(db, tournamentId, async (tx, tournament) => {
    const [entrants, matches] = await Promise.all([
      listEntrantRows(tx, tournamentId),
      listMatchRows(tx, [tournamentId]),
    ]);
    const match = matches.find((candidate) => candidate.id === matchId);
    if (!match) throw matchNotFound();
    const byId = new Map(entrants.map((entrant) => [entrant.id, entrant]));
    if (!canScore(tournament, match, byId, { id: actorId, manages })) {
      if (!match.homeEntrantId || !match.awayEntrantId) {
        throw new AppError('CONFLICT', 'Both sides of this match are not known yet.');
      }
      throw new AppError(
        'FORBIDDEN',
        'Only the organizers, or the two sides’ captains when allowed, enter this score.',
      );
    }
    // Two people typing the same match's score: the first to arrive wins, the other is told (decision 050).
    if (match.version !== score.version) {
      throw new AppError('CONFLICT', scoreConflictMessage, { homeScore: [scoreConflictMessage] });
    }
    const draw = score.homeScore === score.awayScore;
    if (draw && match.stage !== 'pool') {
      throw new AppError('VALIDATION_FAILED', knockoutNeedsWinnerMessage, { homeScore: [knockoutNeedsWinnerMessage] });
    }
    const winner = draw ? null : score.homeScore > score.awayScore ? match.homeEntrantId : match.awayEntrantId;
    const columns = {
      homeScore: score.homeScore,
      awayScore: score.awayScore,
      winnerEntrantId: winner,
      version: match.version + 1,
      scoredBy: actorId,
      scoredAt: deps.clock.now(),
    };
    await updateMatchRow(tx, match.id, columns);
    Object.assign(match, columns);
    await advance(tx, tournament, matches, entrants);
    return tournament;
  });
  if (!result) throw tournamentNotFound();
  announce(deps, result);
  return toDetail(db, result, team.name, { id: actorId, manages });
}
