import { describe, expect, it } from 'vitest';
import { namedPageTitle, notFoundPageName, pageTitle } from './page-title.ts';

describe('pageTitle (spec §2, page titles)', () => {
  it.each([
    ['/teams', 'Teams | Huddle'],
    ['/teams/create', 'Teams | Huddle'],
    ['/more-info', 'Settings | Huddle'],
    ['/games/42/manage', 'Games | Huddle'],
    ['/messages', 'Messages | Huddle'],
    ['/profile/abc', 'Profile | Huddle'],
    ['/auth/login', 'Login | Huddle'],
    ['/auth/sign-up', 'Sign Up | Huddle'],
    ['/home', 'Home | Huddle'],
    ['/auth/forgot-password', 'Forgot Password | Huddle'],
    ['/auth/reset-password', 'Reset Password | Huddle'],
    ['/verify-email', 'Verify Email | Huddle'],
    ['/settings', 'Settings | Huddle'],
    ['/profile', 'Profile | Huddle'],
    ['/evt/abc', 'Event | Huddle'],
    ['/events/new', 'New Event | Huddle'],
    ['/discover', 'Discover | Huddle'],
    ['/discover/places', 'Discover | Huddle'],
    ['/discover/events/abc', 'Event | Huddle'],
    ['/discover/games/abc/manage', 'Event | Huddle'],
    ['/places/view/abc', 'Places | Huddle'],
    ['/full-search', 'Search | Huddle'],
    ['/invoices', 'Invoices | Huddle'],
    ['/invoices/abc', 'Invoices | Huddle'],
    ['/transactions', 'Transactions | Huddle'],
  ])('names %s "%s"', (pathname, title) => {
    expect(pageTitle(pathname)).toBe(title);
  });

  it('falls back to the product name', () => {
    expect(pageTitle('/')).toBe('Huddle');
    expect(pageTitle('/no-such-page/here')).toBe('Huddle');
    expect(pageTitle('/auth')).toBe('Huddle');
    expect(pageTitle('/constructor')).toBe('Huddle');
  });

  it('uses the segment after auth, not auth itself', () => {
    expect(pageTitle('/auth/teams')).toBe('Teams | Huddle');
    expect(pageTitle('/login')).toBe('Login | Huddle');
  });

  it('puts the unread message count in front when there is any', () => {
    expect(pageTitle('/messages', 3)).toBe('(3) Messages | Huddle');
    expect(pageTitle('/', 12)).toBe('(12) Huddle');
    expect(pageTitle('/home', 0)).toBe('Home | Huddle');
  });
});

describe('pages that name what they show', () => {
  it('put the name before the product, with the unread count in front', () => {
    expect(namedPageTitle('Tuesday Night Pickup Soccer')).toBe('Tuesday Night Pickup Soccer | Huddle');
    expect(namedPageTitle('East Austin Hoopers', 2)).toBe('(2) East Austin Hoopers | Huddle');
  });

  it('title an address that leads nowhere as not found, never as the page it looks like', () => {
    expect(namedPageTitle(notFoundPageName)).toBe('Page not found | Huddle');
    expect(pageTitle('/team-not-found')).toBe('Team not found | Huddle');
  });
});
