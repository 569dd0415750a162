import { z } from 'zod';
import { distanceUnit } from './distance.ts';
import { profileGenders } from './genders.ts';
import { displayNameLength, emailMaxLength, fullNameLength } from './limits.ts';
import { accountFieldMessages, linkPattern } from './account-fields.ts';

/** Spec §9. */
export const joinReasons = ['Organize', 'Find-people', 'Substitute'] as const;
export const pronounOptions = ['He/His', 'She/Her', 'They/Them', 'Unspecified'] as const;

/** Spec §3, notification settings: each category has an email and a push switch. */
export const notificationCategories = [
  'surveys',
  'news',
  'learning',
  'products',
  'offers',
  'connections',
  'usersJoinNearby',
  'eventCreatedJoin',
  'eventJoined',
  'endorsement',
  'directMessage',
  'teamJoin',
  'teamMessage',
  'announcements',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

export const notificationChannels = z.object({ email: z.boolean(), push: z.boolean() });
export const notificationSettings = z.object(
  Object.fromEntries(notificationCategories.map((category) => [category, notificationChannels])) as Record<
    NotificationCategory,
    typeof notificationChannels
  >,
);
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** Spec §9: email and push both true for every category. */
export const defaultNotificationSettings = Object.fromEntries(
  notificationCategories.map((category) => [category, { email: true, push: true }]),
) as NotificationSettings;

export const privacySettings = z.object({
  messagesFromAnyone: z.boolean(),
  publicBadges: z.boolean(),
  publicOnlineStatus: z.boolean(),
  publicUpcomingGames: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettings>;

/** Spec §9: every privacy switch is on for a new profile; the blocklist starts empty. */
export const defaultPrivacySettings: PrivacySettings = {
  messagesFromAnyone: true,
  publicBadges: true,
  publicOnlineStatus: true,
  publicUpcomingGames: true,
};

export const cityReply = z.object({ name: z.string(), lat: z.number(), lng: z.number() });

/** Spec §5: displayName is required, 2-25 characters, trimmed, plus our extra rule. */
export const displayName = z
  .string({ error: 'Enter a display name.' })
  .trim()
  .min(displayNameLength.min, accountFieldMessages.displayNameTooShort)
  .max(displayNameLength.max, accountFieldMessages.displayNameTooLong)
  .refine((value) => !linkPattern.test(value), accountFieldMessages.displayNameHasLink)
  .refine((value) => /[\p{L}\p{N}]/u.test(value), accountFieldMessages.displayNameNoLetter);

export const fullName = z
  .string({ error: 'Enter your full name.' })
  .trim()
  .min(fullNameLength.min, `Full name must be at least ${fullNameLength.min} characters.`)
  .max(fullNameLength.max, `Full name must be at most ${fullNameLength.max} characters.`);

export const email = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .max(emailMaxLength, accountFieldMessages.emailTooLong)
  .pipe(z.email(accountFieldMessages.emailInvalid));

/** The signed-in person's own record (spec §3, User). */
export const currentUserReply = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    displayName: z.string(),
    /** True when the person has not chosen a name and displayName is the fallback. */
    displayNameFallback: z.boolean(),
    photoURL: z.string(),
    hasAdditionalInfo: z.boolean(),
    fullName: z.string().nullable(),
    bio: z.string().nullable(),
    pronouns: z.enum(pronounOptions).nullable(),
    /** Private: only the person sees it (decision 022). */
    gender: z.enum(profileGenders).nullable(),
    joinReason: z.enum(joinReasons).nullable(),
    /** The player's own 1-5 rating of their level (fair teams, decision 077); null when not given. */
    selfRatedLevel: z.number().int().nullable(),
    games: z.array(z.string()),
    defaultCity: cityReply.nullable(),
    feedbackSubmitted: z.boolean(),
    subscription: z.string(),
    notificationSettings,
    /** The person has saved their notification settings once (the home task to set them goes; spec §9). */
    notificationSettingsSaved: z.boolean(),
    privacy: privacySettings,
    /**
     * Miles or kilometres: the person's choice, else the default of their city's country;
     * null with neither (the browser's locale decides).
     */
    distanceUnit: distanceUnit.nullable(),
    /** Usage analytics may count this person's visits; false: they opted out (spec §7, decision 052). */
    usageAnalytics: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserReply>;
