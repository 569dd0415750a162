import { describe, expect, it } from 'vitest';
import { settingsTabFrom } from './settings-tabs.ts';

describe('settingsTabFrom (spec §2, settings tabs)', () => {
  it.each([
    [null, 'general'],
    ['general', 'general'],
    ['0', 'general'],
    ['1', 'privacy'],
    ['payments', 'payments'],
    ['3', 'sports'],
    ['interests', 'sports'],
    ['availability', 'availability'],
    ['4', 'availability'],
    ['Notification', 'notification'],
    ['5', 'notification'],
    ['6', 'general'],
    ['nonsense', 'general'],
  ])('reads %s as %s', (value, tab) => {
    expect(settingsTabFrom(value)).toBe(tab);
  });
});
