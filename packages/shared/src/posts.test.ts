import { describe, expect, it } from 'vitest';
import { findPostSubcategory, postBody, postCategories, postPreview, postSlugsNamed } from './posts.ts';

describe('the post board’s fixed categories (spec §3)', () => {
  it('are the spec’s, verbatim and in order, Test included', () => {
    expect(postCategories.map((category) => [category.name, category.subcategories.map((sub) => sub.name)])).toEqual([
      ['Play & Competition', ['Find a Game', 'Sub Needed', 'Tournaments & Events', 'Match Challenges']],
      ['Gear & Equipment', ['Buy & Sell Sports Gear', 'Trade Equipment', 'Lost & Found']],
      ['Training & Coaching', ['Find a Coach', 'Offer Coaching', 'Training Partners']],
      ['Teams & Leagues', ['Team Openings', 'Join a Team', 'League Openings', 'Referees & Umpires Needed']],
      ['Venues & Locations', ['Find a Court/Field', 'Facility Rentals']],
      ['Community & Social', ['Carpool to Games', 'Meetup & Networking', 'Watch Parties']],
      ['Announcements & Miscellaneous', ['General Announcements', 'Volunteer Opportunities', 'Miscellaneous']],
      ['Test', ['Tester', 'Volunteer Opportunities', 'Miscellaneous']],
    ]);
  });

  it('have slugs that are unique within their category and safe in a URL', () => {
    const slugs = postCategories.map((category) => category.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const category of postCategories) {
      const subs = category.subcategories.map((sub) => sub.slug);
      expect(new Set(subs).size).toBe(subs.length);
      for (const slug of [category.slug, ...subs]) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    // The same name under two categories is two subcategories.
    expect(findPostSubcategory('test', 'miscellaneous')?.name).toBe('Miscellaneous');
    expect(findPostSubcategory('test', 'sub-needed')).toBeUndefined();
  });
});

describe('postSlugsNamed (issue 30: an address may name a category by its name)', () => {
  it('finds every category and subcategory by its slug and by its name, in any case', () => {
    for (const category of postCategories) {
      for (const named of [category.slug, category.name, category.name.toUpperCase(), ` ${category.name} `]) {
        expect(postSlugsNamed(named)).toEqual({ category: category.slug });
      }
      for (const sub of category.subcategories) {
        const slugs = { category: category.slug, subcategory: sub.slug };
        expect(postSlugsNamed(category.name, sub.name)).toEqual(slugs);
        expect(postSlugsNamed(category.slug, sub.slug)).toEqual(slugs);
        expect(postSlugsNamed(category.name.toLowerCase(), sub.slug)).toEqual(slugs);
      }
    }
  });

  it('names nothing for an unknown segment, or a subcategory of another category', () => {
    expect(postSlugsNamed('Knitting')).toBeNull();
    expect(postSlugsNamed('Play & Competition', 'Lost & Found')).toBeNull();
    expect(postSlugsNamed('Play & Competition', '')).toBeNull();
  });
});

describe('postPreview (spec §9)', () => {
  it('keeps the first 100 characters and adds dots only when it cut', () => {
    expect(postPreview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(postPreview(`${'a'.repeat(100)}b`)).toBe(`${'a'.repeat(100)}...`);
    expect(postPreview('line one\n\nline   two')).toBe('line one line two');
  });
});

describe('postBody', () => {
  const valid = { category: 'test', subcategory: 'tester', title: 'T', text: 'Words' };
  it('takes a subcategory only of its own category', () => {
    expect(postBody.safeParse(valid).success).toBe(true);
    const crossed = postBody.safeParse({ ...valid, subcategory: 'sub-needed' });
    expect(crossed.error?.issues[0]?.path).toEqual(['subcategory']);
  });
  it('refuses photos that are not uploads or https addresses', () => {
    for (const photo of ['javascript:alert(1)', 'data:image/png;base64,x', 'http://example.com/a.png', '/etc/passwd']) {
      expect(postBody.safeParse({ ...valid, photos: [photo] }).success).toBe(false);
    }
    expect(postBody.safeParse({ ...valid, photos: ['/uploads/images/u-1.webp'] }).success).toBe(true);
  });
});
