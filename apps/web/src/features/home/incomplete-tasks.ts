import type { CurrentUser } from '@huddle/shared/users';

/** Where a task leads: a page and the query parameters it opens with (spec §3, Task). */
export interface TaskRoute {
  url: string;
  queryParams?: Record<string, string>;
}

/** Spec §3, Task: its text, and either a route with query parameters or a callback. */
export type IncompleteTask = { id: string; text: string } & (
  { route: TaskRoute; callback?: never } | { callback: () => void; route?: never }
);

/** The pages tasks lead to (spec §2: settings tabs by ?tab=, and the profile). */
export const taskPaths = { settings: '/settings', profile: '/profile' } as const;

interface TaskContext {
  /** Whether the person has saved their availability once (GET /api/me/availability is not null). */
  hasAvailability: boolean;
  /** Opens the feedback dialog. */
  openFeedback: () => void;
}

/**
 * Spec §9, incomplete-task prompts: update availability, submit feedback (until sent),
 * set notification preferences (until saved once, in Settings or the guided start), set
 * favourite activities when there are none, and then
 * also complete the bio when it is empty. Recomputed whenever the signed-in user changes.
 */
export function incompleteTasks(
  user: Pick<CurrentUser, 'feedbackSubmitted' | 'games' | 'bio' | 'notificationSettingsSaved'>,
  { hasAvailability, openFeedback }: TaskContext,
): IncompleteTask[] {
  const tasks: IncompleteTask[] = [];
  if (!hasAvailability) {
    tasks.push({
      id: 'availability',
      text: 'Update your availability',
      route: { url: taskPaths.settings, queryParams: { tab: 'availability' } },
    });
  }
  if (!user.feedbackSubmitted) {
    tasks.push({ id: 'feedback', text: 'Submit feedback', callback: openFeedback });
  }
  if (!user.notificationSettingsSaved) {
    tasks.push({
      id: 'notifications',
      text: 'Set your notification preferences',
      route: { url: taskPaths.settings, queryParams: { tab: 'notification' } },
    });
  }
  if (user.games.length === 0) {
    tasks.push({
      id: 'activities',
      text: 'Set your favorite activities',
      route: { url: taskPaths.settings, queryParams: { tab: 'sports' } },
    });
    if (!user.bio?.trim()) {
      tasks.push({ id: 'bio', text: 'Complete your bio', route: { url: taskPaths.profile } });
    }
  }
  return tasks;
}

/** Spec §2: a task navigates "with url and query params merged"; the task's params win. */
export function taskHref({ url, queryParams = {} }: TaskRoute): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const search = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  for (const [key, value] of Object.entries(queryParams)) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
