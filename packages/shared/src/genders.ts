/**
 * The gender lists (spec §3: "Gender list excludes label 'Any'"); decision 022.
 * One module so the event rule, the discover filter and the profile field never drift apart.
 */

/** Who an event is for. 'Any' means open to everyone; 'Coed' is a mixed game (often with a ratio). */
export const eventGenders = ['Any', 'Women', 'Men', 'Coed'] as const;
export type EventGender = (typeof eventGenders)[number];
export const defaultEventGender: EventGender = 'Any';

/** The labels shown for an event's rule ("Who can play"). */
export const eventGenderLabels: Record<EventGender, string> = {
  Any: 'Anyone',
  Women: "Women's",
  Men: "Men's",
  Coed: 'Coed',
};

/**
 * A player's own gender: optional, private by default. Never 'Any' (spec §3); it describes a
 * person, so it uses person words rather than the event rules ('Coed' describes a game).
 */
export const profileGenders = ['Woman', 'Man', 'Non-binary'] as const;
export type ProfileGender = (typeof profileGenders)[number];
