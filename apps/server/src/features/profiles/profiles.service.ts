import type { DistanceUnit } from '@huddle/shared/distance';
import { profileUpcomingGamesLimit, type ProfileBody, type PublicProfile, type UsCity } from '@huddle/shared/profiles';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type { CurrentUser, NotificationSettings, PrivacySettings } from '@huddle/shared/users';
import { randomUUID } from 'node:crypto';
import geohash from 'ngeohash';
import { countGamesPlayed } from '../events/games-played.service.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { normalizeUploadedImage } from '../../lib/images/normalize-image.ts';
import { findUserRecord, getCurrentUser } from '../accounts/accounts.service.ts';
import { listProfileBadges, type BadgeDeps } from '../badges/badges.service.ts';
import { areConnected } from '../connections/connections.service.ts';
import { assertKnownGameTypes } from '../game-types/game-types.service.ts';
import { isKnownUsCity } from '../places/us-cities.ts';
import { isOnline } from '../presence/presence.service.ts';
import { listPublicQuizLevels } from '../quizzes/quizzes.service.ts';
import {
  deleteBlock,
  findBlocksBetween,
  insertBlock,
  insertFeedback,
  listBlocked,
  listBlockedIds,
  listBlockerIds,
  listUpcomingGamesOf,
  listVisibleTeamsOf,
  searchUsers,
  updateDistanceUnit,
  updateNotificationSettings,
  updatePrivacy,
  updateUsageAnalytics,
  updateUserColumns,
} from './profiles.repository.ts';

/** Spec §5: the city is one the picker offers (a US city), never free text. */
function assertKnownCity(city: UsCity): void {
  if (!isKnownUsCity(city)) {
    throw new AppError('VALIDATION_FAILED', undefined, { defaultCity: ['Choose a US city from the list.'] });
  }
}

function cityColumns({ name, lat, lng }: UsCity) {
  return {
    defaultCityName: name,
    defaultCityLat: lat,
    defaultCityLng: lng,
    defaultCityGeohash: geohash.encode(lat, lng, 9),
  };
}

/** Saves the profile form; the first save completes the first-time setup (spec §2, §4). */
export async function updateProfile(
  db: Database,
  { actorId, profile }: { actorId: string; profile: ProfileBody },
): Promise<CurrentUser> {
  assertKnownCity(profile.defaultCity);
  await assertKnownGameTypes(db, profile.games, 'games');
  await updateUserColumns(db, actorId, {
    name: profile.displayName,
    fullName: profile.fullName,
    ...cityColumns(profile.defaultCity),
    games: [...new Set(profile.games)],
    pronouns: profile.pronouns,
    // Left out (an older form) keeps the saved gender; null clears it.
    ...(profile.gender !== undefined && { gender: profile.gender }),
    bio: profile.bio || null,
    joinReason: profile.joinReason,
    ...(profile.selfRatedLevel !== undefined && { selfRatedLevel: profile.selfRatedLevel }),
    hasAdditionalInfo: true,
  });
  return getCurrentUser(db, actorId);
}

/** Home's city picker: the city alone, so nothing else of the profile is written back stale. */
export async function updateCity(db: Database, { actorId, city }: { actorId: string; city: UsCity }) {
  assertKnownCity(city);
  await updateUserColumns(db, actorId, cityColumns(city));
  return getCurrentUser(db, actorId);
}

export async function updateGames(db: Database, { actorId, games }: { actorId: string; games: string[] }) {
  await assertKnownGameTypes(db, games, 'games');
  await updateUserColumns(db, actorId, { games: [...new Set(games)] });
  return getCurrentUser(db, actorId);
}

export async function saveNotificationSettings(
  db: Database,
  { actorId, settings }: { actorId: string; settings: NotificationSettings },
) {
  await updateNotificationSettings(db, actorId, settings);
  return getCurrentUser(db, actorId);
}

export async function savePrivacy(db: Database, { actorId, privacy }: { actorId: string; privacy: PrivacySettings }) {
  await updatePrivacy(db, actorId, privacy);
  return getCurrentUser(db, actorId);
}

export async function saveDistanceUnit(
  db: Database,
  { actorId, distanceUnit }: { actorId: string; distanceUnit: DistanceUnit },
) {
  await updateDistanceUnit(db, actorId, distanceUnit);
  return getCurrentUser(db, actorId);
}

/** Spec §7: analytics only for people who have not opted out; the web app reads this from the session. */
export async function saveUsageAnalytics(
  db: Database,
  { actorId, usageAnalytics }: { actorId: string; usageAnalytics: boolean },
) {
  await updateUsageAnalytics(db, actorId, usageAnalytics);
  return getCurrentUser(db, actorId);
}

export async function submitFeedback(
  db: Database,
  { actorId, message, rating }: { actorId: string; message: string; rating: number | null },
) {
  await insertFeedback(db, actorId, message, rating);
  return getCurrentUser(db, actorId);
}

export async function listBlockedUsers(db: Database, { actorId }: { actorId: string }) {
  const rows = await listBlocked(db, actorId);
  return {
    blockedUsers: rows.map((row) => ({
      id: row.id,
      displayName: row.name.trim() || displayNameFallback,
      photoURL: row.image || defaultPhotoPath,
    })),
  };
}

export async function blockUser(db: Database, { actorId, userId }: { actorId: string; userId: string }) {
  if (userId === actorId)
    throw new AppError('VALIDATION_FAILED', 'You cannot block yourself.', { userId: ['You cannot block yourself.'] });
  if (!(await findUserRecord(db, userId))) throw new AppError('NOT_FOUND', 'User not found');
  await insertBlock(db, actorId, userId);
  return listBlockedUsers(db, { actorId });
}

export async function unblockUser(db: Database, { actorId, userId }: { actorId: string; userId: string }) {
  await deleteBlock(db, actorId, userId);
  return listBlockedUsers(db, { actorId });
}

/**
 * What a viewer (signed in or not) may see of a player. Email and settings are never
 * part of it; a player who blocked the viewer shows only name and photo. Upcoming games
 * follow the player's publicUpcomingGames switch (on by default, spec §9); teams and games
 * show only what the viewer could open anyway (decision 019); badges follow publicBadges and
 * the badges flag (decision 064).
 */
export async function getPublicProfile(
  deps: BadgeDeps,
  { viewerId, userId }: { viewerId: string | undefined; userId: string },
): Promise<PublicProfile> {
  const { db, clock } = deps;
  const owner = await findUserRecord(db, userId);
  if (!owner) throw new AppError('NOT_FOUND', 'User not found');
  const blocks = viewerId && viewerId !== userId ? await findBlocksBetween(db, viewerId, userId) : [];
  const blockedByOwner = blocks.some((block) => block.blockerId === userId);
  const blockedByViewer = blocks.some((block) => block.blockerId === viewerId);
  const base = {
    id: owner.id,
    displayName: owner.name.trim() || displayNameFallback,
    photoURL: owner.image || defaultPhotoPath,
    blockedByViewer,
  };
  if (blockedByOwner)
    return {
      ...base,
      bio: null,
      pronouns: null,
      games: [],
      city: null,
      online: null,
      canMessage: false,
      upcomingGames: null,
      teams: [],
      gamesPlayed: null,
      skillLevels: [],
      badges: null,
    };
  const now = clock.now();
  const showsUpcoming = owner.publicUpcomingGames || viewerId === userId;
  const [upcoming, teams, gamesPlayed, skillLevels, badges] = await Promise.all([
    showsUpcoming
      ? listUpcomingGamesOf(db, { userId, viewerId, now, limit: profileUpcomingGamesLimit })
      : Promise.resolve(null),
    listVisibleTeamsOf(db, { userId, viewerId }),
    countGamesPlayed(db, { userId, now }),
    listPublicQuizLevels(db, userId),
    listProfileBadges(deps, { userId, publicBadges: owner.publicBadges }),
  ]);
  return {
    ...base,
    upcomingGames: upcoming?.map((game) => ({ ...game, startsAt: game.startsAt.toISOString() })) ?? null,
    teams: teams.map(({ photoUrl, kind, ...team }) => ({
      ...team,
      kind: kind as 'team' | 'community',
      photoURL: photoUrl,
    })),
    gamesPlayed,
    skillLevels,
    badges,
    bio: owner.bio,
    pronouns: owner.pronouns as PublicProfile['pronouns'],
    games: owner.games,
    city: owner.defaultCityName,
    online: owner.publicOnlineStatus ? await isOnline(db, owner.id) : null,
    canMessage:
      Boolean(viewerId) &&
      viewerId !== userId &&
      !blockedByViewer &&
      // Issue 16: a connection may write first even with messagesFromAnyone off (decision 045).
      (owner.messagesFromAnyone || (await areConnected(db, viewerId!, userId))),
  };
}

/** Replaces the profile photo: re-encoded, stored under a fresh name, the old file removed. */
export async function setProfilePhoto(
  db: Database,
  storage: FileStorage,
  { actorId, bytes }: { actorId: string; bytes: Buffer },
): Promise<CurrentUser> {
  const photo = await normalizeUploadedImage(bytes);
  const previous = (await findUserRecord(db, actorId))?.image;
  const url = await storage.put('avatars', `${actorId}-${randomUUID()}.webp`, photo);
  await updateUserColumns(db, actorId, { image: url });
  if (previous) await storage.remove(previous);
  return getCurrentUser(db, actorId);
}

export async function removeProfilePhoto(db: Database, storage: FileStorage, { actorId }: { actorId: string }) {
  const previous = (await findUserRecord(db, actorId))?.image;
  await updateUserColumns(db, actorId, { image: null });
  if (previous) await storage.remove(previous);
  return getCurrentUser(db, actorId);
}

/** The people who blocked the viewer: lists of players leave them out (spec §3, privacy). */
export async function usersWhoBlocked(db: Database, viewerId: string | undefined): Promise<Set<string>> {
  return new Set(viewerId ? await listBlockerIds(db, viewerId) : []);
}

/** Everyone blocked either way between the viewer and others (spec §3 privacy, blocklist). */
export async function usersBlockedEitherWay(db: Database, viewerId: string | undefined): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const [blockers, { blockedUsers }] = await Promise.all([
    usersWhoBlocked(db, viewerId),
    listBlockedUsers(db, { actorId: viewerId }),
  ]);
  return new Set([...blockers, ...blockedUsers.map((user) => user.id)]);
}

/** The player directory (user-list): never the viewer, nobody either of them blocked. */
export async function listPlayers(
  db: Database,
  { viewerId, search, limit }: { viewerId: string; search: string | undefined; limit: number },
) {
  const [blockers, blocked] = await Promise.all([listBlockerIds(db, viewerId), listBlockedIds(db, viewerId)]);
  const rows = await searchUsers(db, { search, excludeIds: [viewerId, ...blockers, ...blocked], limit });
  return {
    players: rows.map((row) => ({
      id: row.id,
      displayName: row.name.trim() || displayNameFallback,
      photoURL: row.image || defaultPhotoPath,
      city: row.city,
      games: row.games,
    })),
  };
}
