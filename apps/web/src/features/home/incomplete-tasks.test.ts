import { describe, expect, it, vi } from 'vitest';
import { incompleteTasks, taskHref } from './incomplete-tasks.ts';

const complete = { feedbackSubmitted: true, games: ['Soccer'], bio: 'Left back.', notificationSettingsSaved: false };
const texts = (tasks: ReturnType<typeof incompleteTasks>) => tasks.map((task) => task.text);

describe('incompleteTasks (spec §9, incomplete-task prompts)', () => {
  it('lists every prompt for a brand-new player, in order', () => {
    const tasks = incompleteTasks(
      { feedbackSubmitted: false, games: [], bio: null, notificationSettingsSaved: false },
      { hasAvailability: false, openFeedback: () => {} },
    );
    expect(texts(tasks)).toEqual([
      'Update your availability',
      'Submit feedback',
      'Set your notification preferences',
      'Set your favorite activities',
      'Complete your bio',
    ]);
    expect(tasks.map((task) => (task.route ? taskHref(task.route) : 'callback'))).toEqual([
      '/settings?tab=availability',
      'callback',
      '/settings?tab=notification',
      '/settings?tab=sports',
      '/profile',
    ]);
  });

  it('keeps only the notification prompt once everything else is done', () => {
    expect(texts(incompleteTasks(complete, { hasAvailability: true, openFeedback: () => {} }))).toEqual([
      'Set your notification preferences',
    ]);
  });

  it('drops the notification prompt once the settings are saved (in Settings or the guided start)', () => {
    const tasks = incompleteTasks(
      { ...complete, notificationSettingsSaved: true },
      { hasAvailability: true, openFeedback: () => {} },
    );
    expect(tasks).toEqual([]);
  });

  it('asks for a bio only when there are no activities either', () => {
    const withGames = incompleteTasks({ ...complete, bio: null }, { hasAvailability: true, openFeedback: () => {} });
    expect(texts(withGames)).not.toContain('Complete your bio');
    const noGamesWithBio = incompleteTasks(
      { ...complete, games: [] },
      { hasAvailability: true, openFeedback: () => {} },
    );
    expect(texts(noGamesWithBio)).toContain('Set your favorite activities');
    expect(texts(noGamesWithBio)).not.toContain('Complete your bio');
    const blankBio = incompleteTasks(
      { ...complete, games: [], bio: '  ' },
      { hasAvailability: true, openFeedback: () => {} },
    );
    expect(texts(blankBio)).toContain('Complete your bio');
  });

  it('runs the feedback callback instead of navigating, and drops it once feedback is sent', () => {
    const openFeedback = vi.fn();
    const feedback = incompleteTasks(
      { ...complete, feedbackSubmitted: false },
      { hasAvailability: true, openFeedback },
    ).find((task) => task.id === 'feedback');
    feedback?.callback?.();
    expect(openFeedback).toHaveBeenCalledOnce();
    expect(feedback?.route).toBeUndefined();
    expect(texts(incompleteTasks(complete, { hasAvailability: true, openFeedback }))).not.toContain('Submit feedback');
  });
});

describe('taskHref (spec §2: url and query params merged)', () => {
  it('joins a path and its params', () => {
    expect(taskHref({ url: '/settings', queryParams: { tab: 'sports' } })).toBe('/settings?tab=sports');
    expect(taskHref({ url: '/profile' })).toBe('/profile');
  });

  it('keeps the query already in the url, and the task params win', () => {
    expect(taskHref({ url: '/settings?skippable=true&tab=general', queryParams: { tab: 'availability' } })).toBe(
      '/settings?skippable=true&tab=availability',
    );
  });

  it('encodes values', () => {
    expect(taskHref({ url: '/x', queryParams: { q: 'a b&c' } })).toBe('/x?q=a+b%26c');
  });
});
