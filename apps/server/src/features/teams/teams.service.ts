import { randomBytes } from 'node:crypto';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type { CreateTeamBody, TeamDetail, TeamRole, TeamSummary, UpdateTeamBody } from '@huddle/shared/teams';
import { invitationMailLimit, invitationMailLimitMessage, teamDefaults } from '@huddle/shared/teams';
import type { UsCity } from '@huddle/shared/profiles';
import geohash from 'ngeohash';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { normalizeUploadedImage } from '../../lib/images/normalize-image.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { findUserRecord, findUserRecordByEmail, getCurrentUser } from '../accounts/accounts.service.ts';
import { nextTeamEventStarts } from '../events/team-next-events.service.ts';
import { assertKnownGameTypes } from '../game-types/game-types.service.ts';
import { isKnownUsCity } from '../places/us-cities.ts';
import { invitationMail } from './teams.mails.ts';
import { usersWhoBlocked } from '../profiles/profiles.service.ts';
import {
  acceptInvitationRow,
  countMembers,
  countJoinedTeams,
  countOwnedTeams,
  deleteFollow,
  deleteJoinRequest,
  deleteMember,
  deleteTeamRow,
  findInvitationByToken,
  findRole,
  findTeam,
  hasJoinRequest,
  insertFollow,
  insertAmbassadorApplication,
  insertInvitation,
  insertMailedInvitation,
  insertJoinRequest,
  insertMember,
  insertTeamWithOwner,
  isFollowing,
  listFollowedTeamRows,
  listInvitationRows,
  listJoinRequestRows,
  listMembers,
  listTeamsOfUser,
  listTopicRows,
  recordMailRequestOncePerDay,
  upsertTopic,
  moveOwnership,
  nextSessionStarts,
  revokeInvitationRow,
  searchPublicTeams,
  updateMemberRole,
  updateTeamColumns,
  type InvitationRow,
  type TeamRow,
} from './teams.repository.ts';

export const managers: readonly TeamRole[] = ['owner', 'organizer'];
const teamNotFound = () => new AppError('NOT_FOUND', 'Team not found');

/** Spec §2, team-not-found: a private team does not exist for outsiders. */
export async function visibleTeam(db: Database, teamId: string, viewerId: string | undefined) {
  const team = await findTeam(db, teamId);
  if (!team) throw teamNotFound();
  const role = viewerId ? ((await findRole(db, teamId, viewerId)) as TeamRole | undefined) : undefined;
  if (team.visibility === 'private' && !role) throw teamNotFound();
  return { team, role };
}

/** Every management action checks the actor's role here (spec §6): 404 for outsiders of private teams, 403 otherwise. */
export async function requireRole(db: Database, teamId: string, actorId: string, allowed: readonly TeamRole[]) {
  const { team, role } = await visibleTeam(db, teamId, actorId);
  if (!role || !allowed.includes(role)) throw new AppError('FORBIDDEN', 'Only the team’s organizers can do that.');
  return { team, role };
}

function toSummary(team: TeamRow, memberCount: number): TeamSummary {
  return {
    id: team.id,
    kind: team.kind as TeamSummary['kind'],
    name: team.name,
    gameType: team.gameType,
    photoURL: team.photoUrl,
    city: team.cityName,
    joinPolicy: team.joinPolicy as TeamSummary['joinPolicy'],
    visibility: team.visibility as TeamSummary['visibility'],
    subscription: team.subscription,
    memberCount,
  };
}

async function summaries(db: Database, rows: TeamRow[]): Promise<TeamSummary[]> {
  const counts = await countMembers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, counts.get(row.id) ?? 0));
}

export async function getTeam(
  db: Database,
  { viewerId, teamId }: { viewerId: string | undefined; teamId: string },
): Promise<TeamDetail> {
  const { team, role } = await visibleTeam(db, teamId, viewerId);
  const [members, hiddenFrom, following, pendingRequest] = await Promise.all([
    listMembers(db, teamId),
    usersWhoBlocked(db, viewerId),
    viewerId ? isFollowing(db, teamId, viewerId) : false,
    viewerId && !role ? hasJoinRequest(db, teamId, viewerId) : false,
  ]);
  return {
    ...toSummary(team, members.length),
    description: team.description,
    timeZone: team.timeZone,
    createdAt: team.createdAt.toISOString(),
    // Members who blocked the viewer are left out of the roster the viewer sees.
    members: members
      .filter((member) => !hiddenFrom.has(member.id))
      .map((member) => ({
        id: member.id,
        displayName: member.name.trim() || displayNameFallback,
        photoURL: member.image || defaultPhotoPath,
        role: member.role as TeamRole,
      })),
    viewer: { role: role ?? null, following, pendingRequest },
  };
}

async function checkTeamInput(db: Database, input: Partial<Pick<CreateTeamBody, 'gameType' | 'city'>>) {
  if (input.gameType != null) await assertKnownGameTypes(db, [input.gameType], 'gameType');
  if (input.city && !isKnownUsCity(input.city)) {
    throw new AppError('VALIDATION_FAILED', undefined, { city: ['Choose a US city from the list.'] });
  }
}

const cityColumns = (city: UsCity) => ({
  cityName: city.name,
  cityLat: city.lat,
  cityLng: city.lng,
  cityGeohash: geohash.encode(city.lat, city.lng, 9),
});

export async function createTeam(db: Database, { actorId, team }: { actorId: string; team: CreateTeamBody }) {
  await checkTeamInput(db, team);
  const teamId = await insertTeamWithOwner(
    db,
    {
      kind: team.kind,
      name: team.name,
      gameType: team.gameType ?? teamDefaults.gameType,
      description: team.description || null,
      joinPolicy: team.joinPolicy ?? teamDefaults.joinPolicy,
      visibility: team.visibility ?? teamDefaults.visibility,
      timeZone: team.timeZone ?? null,
      creatorId: actorId,
      ...(team.city && cityColumns(team.city)),
    },
    actorId,
  );
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function updateTeam(
  db: Database,
  { actorId, teamId, changes }: { actorId: string; teamId: string; changes: UpdateTeamBody },
) {
  await requireRole(db, teamId, actorId, managers);
  await checkTeamInput(db, changes);
  const { city, description, ...rest } = changes;
  await updateTeamColumns(db, teamId, {
    ...rest,
    ...(description !== undefined && { description: description || null }),
    ...(city && cityColumns(city)),
  });
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function deleteTeam(db: Database, { actorId, teamId }: { actorId: string; teamId: string }) {
  await requireRole(db, teamId, actorId, ['owner']);
  await deleteTeamRow(db, teamId);
}

function nextActivity(event: Date | undefined, sessions: { current: Date | null; any: Date } | undefined) {
  const current = sessions?.current ?? undefined;
  if (event && current) return event <= current ? event : current;
  return event ?? current ?? sessions?.any;
}

/**
 * my-communities: each team with the user's role and its next activity: the next event or a
 * session of a season under way, whichever comes first; a session of a season not begun yet
 * only when there is neither (issue 11: not a far session before the next game).
 */
export async function listMyTeams(db: Database, { actorId }: { actorId: string }) {
  const rows = await listTeamsOfUser(db, actorId);
  const ids = rows.map((row) => row.team.id);
  const [counts, nextSessions, nextEvents] = await Promise.all([
    countMembers(db, ids),
    nextSessionStarts(db, ids),
    nextTeamEventStarts(db, systemClock, ids),
  ]);
  return {
    teams: rows.map((row) => ({
      ...toSummary(row.team, counts.get(row.team.id) ?? 0),
      role: row.role as TeamRole,
      nextActivityAt: nextActivity(nextEvents.get(row.team.id), nextSessions.get(row.team.id))?.toISOString() ?? null,
    })),
  };
}

const earthRadiusKm = 6371;
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.sqrt(h));
}

/**
 * GET /api/teams: public teams by name; asked `near` by a viewer with a city, nearest that city
 * first (teams without a place last).
 */
export async function listTeams(
  db: Database,
  { viewerId, search, near, limit }: { viewerId: string | undefined; search: string; near: boolean; limit: number },
) {
  const from = near && viewerId ? (await getCurrentUser(db, viewerId)).defaultCity : null;
  const rows = await searchPublicTeams(db, search || undefined, from ? 500 : limit);
  const withDistance = (await summaries(db, rows)).map((summary, index) => {
    const row = rows[index] as TeamRow;
    const distance =
      from && row.cityLat !== null && row.cityLng !== null
        ? distanceKm(from, { lat: row.cityLat, lng: row.cityLng })
        : null;
    return { ...summary, distanceKm: distance === null ? null : Math.round(distance * 10) / 10 };
  });
  if (from) withDistance.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
  return { teams: withDistance.slice(0, limit) };
}

/** Public teams whose name contains the search, as names only: the admin's league team picker (decision 051). */
export async function publicTeamOptions(db: Database, search: string, limit: number) {
  return (await searchPublicTeams(db, search || undefined, limit)).map(teamOptionOf);
}

/** A team's id, name and city whatever its visibility (an admin editing a league's link), or null. */
export async function teamOption(db: Database, teamId: string) {
  const row = await findTeam(db, teamId);
  return row ? teamOptionOf(row) : null;
}

const teamOptionOf = (row: TeamRow) => ({ id: row.id, name: row.name, city: row.cityName });

export async function joinTeam(deps: NotifyDeps, { actorId, teamId }: { actorId: string; teamId: string }) {
  const { db } = deps;
  const { team, role } = await visibleTeam(db, teamId, actorId);
  if (role) throw new AppError('CONFLICT', 'You are already a member.');
  if (team.joinPolicy === 'invite') throw new AppError('FORBIDDEN', 'This team takes new members by invitation only.');
  if (team.joinPolicy === 'open') {
    await insertMember(db, teamId, actorId, 'player');
    return { outcome: 'joined' as const, team: await getTeam(db, { viewerId: actorId, teamId }) };
  }
  if (await insertJoinRequest(db, teamId, actorId)) {
    const requester = await findUserRecord(db, actorId);
    const name = requester?.name.trim() || displayNameFallback;
    const organizers = (await listMembers(db, teamId)).filter((member) => managers.includes(member.role as TeamRole));
    await notify(deps, {
      userIds: organizers.map((member) => member.id),
      category: 'teamJoin',
      kind: 'joinRequest',
      title: `${name} asked to join ${team.name}`,
      body: `${name} asked to join ${team.name}. Approve or decline the request on the team page.`,
      link: `/team/${teamId}`,
      actorId,
      teamId,
      subjectId: teamId,
    });
  }
  return { outcome: 'requested' as const, team: await getTeam(db, { viewerId: actorId, teamId }) };
}

/**
 * An organizer puts a person on the roster as a player, from another feature's flow (a form's
 * submission, issue 14); the caller has checked the organizer. True when they were not a member.
 */
export async function addPlayerToTeam(db: Database, { teamId, userId }: { teamId: string; userId: string }) {
  return insertMember(db, teamId, userId, 'player');
}

export async function leaveTeam(db: Database, { actorId, teamId }: { actorId: string; teamId: string }) {
  const { role } = await visibleTeam(db, teamId, actorId);
  if (!role) {
    // Withdrawing a pending request is leaving too.
    if (await deleteJoinRequest(db, teamId, actorId)) return;
    throw new AppError('NOT_FOUND', 'You are not a member of this team.');
  }
  if (role === 'owner')
    throw new AppError('CONFLICT', 'Hand the team to another member, or delete it, before leaving.');
  await deleteMember(db, teamId, actorId);
}

export async function listJoinRequests(db: Database, { actorId, teamId }: { actorId: string; teamId: string }) {
  await requireRole(db, teamId, actorId, managers);
  const rows = await listJoinRequestRows(db, teamId);
  return {
    requests: rows.map((row) => ({
      userId: row.userId,
      displayName: row.name.trim() || displayNameFallback,
      photoURL: row.image || defaultPhotoPath,
      requestedAt: row.requestedAt.toISOString(),
    })),
  };
}

export async function answerJoinRequest(
  deps: NotifyDeps,
  { actorId, teamId, userId, approve }: { actorId: string; teamId: string; userId: string; approve: boolean },
) {
  const { db } = deps;
  const { team } = await requireRole(db, teamId, actorId, managers);
  if (!(await hasJoinRequest(db, teamId, userId))) throw new AppError('NOT_FOUND', 'That request is no longer open.');
  if (approve) {
    await insertMember(db, teamId, userId, 'player');
    // A decline is not announced: the request simply closes.
    await notify(deps, {
      userIds: [userId],
      category: 'teamJoin',
      kind: 'joinRequestAnswered',
      title: `You're in ${team.name}`,
      body: `Your request to join ${team.name} was approved. Welcome to the team!`,
      link: `/team/${teamId}`,
      actorId,
      teamId,
      subjectId: teamId,
    });
  } else await deleteJoinRequest(db, teamId, userId);
  return listJoinRequests(db, { actorId, teamId });
}

/**
 * Organizers manage players and substitutes; only the owner makes or unmakes organizers.
 * Nobody changes the owner's role except by handing the team over.
 */
async function assertCanManageMember(db: Database, teamId: string, actorId: string, userId: string) {
  const { role: actorRole } = await requireRole(db, teamId, actorId, managers);
  const targetRole = (await findRole(db, teamId, userId)) as TeamRole | undefined;
  if (!targetRole) throw new AppError('NOT_FOUND', 'That person is not a member of this team.');
  if (targetRole === 'owner')
    throw new AppError('FORBIDDEN', 'The owner’s role changes only by handing the team over.');
  if (targetRole === 'organizer' && actorRole !== 'owner') {
    throw new AppError('FORBIDDEN', 'Only the owner can change or remove organizers.');
  }
  return actorRole;
}

export async function changeMemberRole(
  db: Database,
  {
    actorId,
    teamId,
    userId,
    role,
  }: { actorId: string; teamId: string; userId: string; role: Exclude<TeamRole, 'owner'> },
) {
  const actorRole = await assertCanManageMember(db, teamId, actorId, userId);
  if (role === 'organizer' && actorRole !== 'owner')
    throw new AppError('FORBIDDEN', 'Only the owner can make organizers.');
  await updateMemberRole(db, teamId, userId, role);
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function removeMember(
  db: Database,
  { actorId, teamId, userId }: { actorId: string; teamId: string; userId: string },
) {
  await assertCanManageMember(db, teamId, actorId, userId);
  await deleteMember(db, teamId, userId);
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function transferOwnership(
  db: Database,
  { actorId, teamId, userId }: { actorId: string; teamId: string; userId: string },
) {
  await requireRole(db, teamId, actorId, ['owner']);
  if (userId === actorId) throw new AppError('VALIDATION_FAILED', 'You already own this team.');
  if (!(await findRole(db, teamId, userId)))
    throw new AppError('NOT_FOUND', 'That person is not a member of this team.');
  await moveOwnership(db, teamId, actorId, userId);
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function setFollowing(
  db: Database,
  { actorId, teamId, follow }: { actorId: string; teamId: string; follow: boolean },
) {
  await visibleTeam(db, teamId, actorId);
  if (follow) await insertFollow(db, teamId, actorId);
  else await deleteFollow(db, teamId, actorId);
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function listFollowedTeams(db: Database, { actorId }: { actorId: string }) {
  const rows = (await listFollowedTeamRows(db, actorId)).filter((team) => team.visibility === 'public');
  return { teams: await summaries(db, rows) };
}

/** Spec §4 / accounts: an owner cannot delete their account until they hand over or delete their teams. */
export async function ownedTeamCount(db: Database, userId: string): Promise<number> {
  return countOwnedTeams(db, userId);
}

/** Spec §4, account deletion: the teams still to delete (owned) or to leave (joined). */
export async function teamsToDeleteOrLeave(db: Database, userId: string): Promise<{ owned: number; joined: number }> {
  const [owned, joined] = await Promise.all([countOwnedTeams(db, userId), countJoinedTeams(db, userId)]);
  return { owned, joined };
}

const invitationUrl = (publicOrigin: string, token: string) => `${publicOrigin}/invite/${token}`;

function toInvitation(row: InvitationRow, publicOrigin: string) {
  return {
    id: row.id,
    email: row.email,
    role: row.role as 'organizer' | 'player' | 'substitute',
    url: invitationUrl(publicOrigin, row.token),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    acceptedCount: row.acceptedCount,
  };
}

export type InvitationDeps = NotifyDeps;

export async function createInvitation(
  deps: InvitationDeps,
  {
    actorId,
    teamId,
    email,
    role,
    expiresInDays,
  }: {
    actorId: string;
    teamId: string;
    email: string | null;
    role: 'organizer' | 'player' | 'substitute';
    expiresInDays: number;
  },
) {
  const { db, mailer, publicOrigin } = deps;
  const { team, role: actorRole } = await requireRole(db, teamId, actorId, managers);
  if (role === 'organizer' && actorRole !== 'owner')
    throw new AppError('FORBIDDEN', 'Only the owner can invite organizers.');
  const invitation = {
    teamId,
    token: randomBytes(24).toString('base64url'),
    email,
    role,
    createdBy: actorId,
    expiresAt: new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000),
  };
  if (!email) return toInvitation(await insertInvitation(db, invitation), publicOrigin);
  // Huddle mails whatever address an organizer types: a daily cap per organizer keeps it from
  // being used to send mail in bulk.
  const row = await insertMailedInvitation(db, invitation, {
    limit: invitationMailLimit.perOrganizer,
    windowHours: invitationMailLimit.windowHours,
  });
  if (!row) throw new AppError('RATE_LIMITED', invitationMailLimitMessage, { email: [invitationMailLimitMessage] });
  const mail = invitationMail({
    teamName: team.name,
    role,
    url: invitationUrl(publicOrigin, row.token),
    expiresInDays,
  });
  // An address with an account gets the invitation on its notifications page too, and the mail
  // as its teamJoin setting says; any other address only has the mail.
  const invitee = await findUserRecordByEmail(db, email);
  if (invitee) {
    await notify(deps, {
      userIds: [invitee.id],
      category: 'teamJoin',
      kind: 'teamInvitation',
      title: `Invitation to join ${team.name}`,
      body: `You're invited to join ${team.name} on Huddle as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`,
      link: `/invite/${row.token}`,
      actorId,
      subjectId: teamId,
      mail: () => mail,
    });
  } else {
    await mailer.send({ to: email, ...mail });
  }
  return toInvitation(row, publicOrigin);
}

export async function listInvitations(
  { db, publicOrigin }: InvitationDeps,
  { actorId, teamId }: { actorId: string; teamId: string },
) {
  await requireRole(db, teamId, actorId, managers);
  return { invitations: (await listInvitationRows(db, teamId)).map((row) => toInvitation(row, publicOrigin)) };
}

export async function revokeInvitation(
  { db, publicOrigin }: InvitationDeps,
  { actorId, teamId, invitationId }: { actorId: string; teamId: string; invitationId: string },
) {
  await requireRole(db, teamId, actorId, managers);
  const row = await revokeInvitationRow(db, teamId, invitationId);
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
  return toInvitation(row, publicOrigin);
}

/** An invitation that can still be used: not revoked, not expired, a mailed one only once. */
function isUsableInvitation(row: InvitationRow, now: Date): boolean {
  const spent = row.email !== null && row.acceptedCount > 0;
  return !row.revokedAt && row.expiresAt > now && !spent;
}

const invitationGone = () =>
  new AppError('NOT_FOUND', 'This invitation has expired or was withdrawn. Ask the organizer for a new one.');

export async function previewInvitation(db: Database, { token }: { token: string }) {
  const row = await findInvitationByToken(db, token);
  if (!row || !isUsableInvitation(row, new Date())) throw invitationGone();
  const team = await findTeam(db, row.teamId);
  if (!team) throw teamNotFound();
  const [summary] = await summaries(db, [team]);
  return {
    team: summary as TeamSummary,
    role: row.role as 'organizer' | 'player' | 'substitute',
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(db: Database, { actorId, token }: { actorId: string; token: string }) {
  const now = new Date();
  // Judged under the row lock, inside the join's transaction: a single-use invitation admits one.
  // Already a member: nothing to do, the invitation stays unused and the link still shows the team.
  const row = await acceptInvitationRow(db, {
    token,
    userId: actorId,
    isUsable: (found) => isUsableInvitation(found, now),
  });
  if (!row) throw invitationGone();
  return getTeam(db, { viewerId: actorId, teamId: row.teamId });
}

export async function setTeamPhoto(
  db: Database,
  storage: FileStorage,
  { actorId, teamId, bytes }: { actorId: string; teamId: string; bytes: Buffer },
) {
  const { team } = await requireRole(db, teamId, actorId, managers);
  const photo = await normalizeUploadedImage(bytes);
  const url = await storage.put('teams', `${teamId}-${randomBytes(8).toString('hex')}.webp`, photo);
  await updateTeamColumns(db, teamId, { photoUrl: url });
  if (team.photoUrl) await storage.remove(team.photoUrl);
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function removeTeamPhoto(
  db: Database,
  storage: FileStorage,
  { actorId, teamId }: { actorId: string; teamId: string },
) {
  const { team } = await requireRole(db, teamId, actorId, managers);
  await updateTeamColumns(db, teamId, { photoUrl: null });
  if (team.photoUrl) await storage.remove(team.photoUrl);
  return getTeam(db, { viewerId: actorId, teamId });
}

export async function listTeamTopics(db: Database, { actorId }: { actorId: string }) {
  const rows = await listTopicRows(db, actorId);
  // No saved row: both switches on, like every other notification default (spec §9).
  return {
    topics: rows.map((row) => ({
      teamId: row.teamId,
      teamName: row.teamName,
      email: row.email ?? true,
      push: row.push ?? true,
    })),
  };
}

export async function saveTeamTopic(
  db: Database,
  { actorId, teamId, settings }: { actorId: string; teamId: string; settings: { email: boolean; push: boolean } },
) {
  if (!(await findRole(db, teamId, actorId))) throw new AppError('NOT_FOUND', 'You are not a member of this team.');
  await upsertTopic(db, teamId, actorId, settings);
  return listTeamTopics(db, { actorId });
}

/** Spec §4: the nudge after someone leaves the create flow half way; at most once a day. */
export async function sendTeamCreateMotivation(
  { db, mailer, publicOrigin }: InvitationDeps,
  { actorId }: { actorId: string },
): Promise<{ queued: boolean }> {
  const user = await getCurrentUser(db, actorId);
  if (!user.notificationSettings.learning.email) return { queued: false };
  if (!(await recordMailRequestOncePerDay(db, actorId, 'team-create-motivation-notification')))
    return { queued: false };
  await mailer.send({
    to: user.email,
    subject: 'Your team is one step away',
    text: `Hi ${user.displayName},\n\nYou started creating a team on Huddle but did not finish. It takes two minutes, and your players can join right away:\n\n${publicOrigin}/teams/create\n`,
  });
  return { queued: true };
}

export async function applyAsAmbassador(
  db: Database,
  {
    actorId,
    application,
  }: {
    actorId: string | undefined;
    application: { fullName: string; email: string; city: string; sports: string | null; motivation: string };
  },
) {
  await insertAmbassadorApplication(db, { userId: actorId ?? null, ...application });
}
