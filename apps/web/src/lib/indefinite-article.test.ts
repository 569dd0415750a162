import { describe, expect, it } from 'vitest';
import { indefiniteArticle } from './indefinite-article.ts';

describe('indefiniteArticle', () => {
  it.each([
    ['East Austin Hoopers', 'an'],
    ['Austin Pickup Soccer', 'an'],
    ['Ice Hockey Club', 'an'],
    ['Old Town Runners', 'an'],
    ['ultimate frisbee crew', 'an'],
    ['hour of hoops', 'an'],
    ['Honest Ballers', 'an'],
    ['NBA Watch Crew', 'an'],
    ['MLS Fans', 'an'],
    ['FC Dallas Fans', 'an'],
    ['8-a-side league', 'an'],
    ['11am run', 'an'],
    ['18 and over league', 'an'],
    ['"Eagles" club', 'an'],
  ])('says "an" before %s', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it.each([
    ['Zilker Park Runners', 'a'],
    ['Hyde Park Hoops', 'a'],
    ['Unified Sports League', 'a'],
    ['University Club', 'a'],
    ['Utah Jazz Fans', 'a'],
    ['European Football Night', 'a'],
    ['One-Touch Soccer', 'a'],
    ['USA Pickleball group', 'a'],
    ['YMCA league', 'a'],
    ['5-a-side league', 'a'],
    ['100 Club', 'a'],
    ['', 'a'],
  ])('says "a" before %s', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it('capitalizes for the start of a sentence', () => {
    expect(indefiniteArticle('East Austin Hoopers', { capital: true })).toBe('An');
    expect(indefiniteArticle('Zilker Park Runners', { capital: true })).toBe('A');
  });
});
