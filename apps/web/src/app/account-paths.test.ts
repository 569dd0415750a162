import { describe, expect, it } from 'vitest';
import { afterSetupPath, afterSetupPathFrom, setupPathFor } from './account-paths.ts';

/** Spec §2: first-time setup returns a new user where they were going. */
describe('first-time setup keeps where the person was going', () => {
  it('sends them to setup with the page they asked for, and back there after it', () => {
    const setup = setupPathFor('/teams/create');
    expect(setup).toBe('/more-info?returnTo=%2Fteams%2Fcreate');
    expect(afterSetupPathFrom(new URL(setup, 'https://huddle.test').search)).toBe('/teams/create');
    const withQuery = setupPathFor('/form/build?teamId=42');
    expect(afterSetupPathFrom(new URL(withQuery, 'https://huddle.test').search)).toBe('/form/build?teamId=42');
  });

  it('treats home, where signing up lands by default, as no destination: setup ends on the availability tab', () => {
    expect(setupPathFor('/home')).toBe('/more-info');
    expect(setupPathFor('/home/')).toBe('/more-info');
    expect(afterSetupPathFrom('')).toBe(afterSetupPath);
  });

  it('never sends anyone off the site or back to a sign-in page', () => {
    expect(afterSetupPathFrom('?returnTo=%2F%2Fevil.example')).toBe(afterSetupPath);
    expect(afterSetupPathFrom('?returnTo=https%3A%2F%2Fevil.example')).toBe(afterSetupPath);
    expect(afterSetupPathFrom('?returnTo=%2Fauth%2Flogin')).toBe(afterSetupPath);
  });
});
