import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp, landingPageScripts } from './landing-page-scripts.ts';

/**
 * The team page's scripts before it is interactive (issue 33, decision 082's addendum "The team
 * page"), in bytes, counted as for the event page (landing-page-scripts.ts). A visitor's team page
 * (a link shared in a group chat) loaded 57 scripts, 306.8 KB gzip: every organizer dialog, form,
 * menu and card, zod and `@mantine/form` among them. Those load when used now; a change that puts
 * one back on the first load fails here. The figures `npm run bench:js-packages -- team team+`
 * measured when this was written: 187.5 KB (visitor) and 202.3 KB (the demo user, an organizer).
 */
const budgetKb = { visitor: 188, signedIn: 202.8 };

/** What a team page loads when it is used (a press, or an organizer's cards once hydrated), not before. */
const loadedWhenUsed = [
  'src/features/teams/components/team-details-dialog.tsx',
  'src/features/teams/components/season-dialogs.tsx',
  'src/features/teams/components/season-form.tsx',
  'src/features/teams/components/add-sessions-form.tsx',
  'src/features/teams/components/member-actions-menu.tsx',
  'src/features/teams/components/invitations-card.tsx',
  'src/features/teams/components/join-requests-card.tsx',
  'src/features/teams/components/team-danger-zone.tsx',
  'src/features/subscriptions/components/team-subscription-card.tsx',
  'src/app/pages/team-city-picker.tsx',
];

let outDir = '';

describe('the team page’s scripts before interactive', () => {
  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'huddle-team-page-build-'));
    await buildWebApp(outDir);
  }, 180_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  const scriptsOf = (signedIn: boolean) => {
    const scripts = landingPageScripts(outDir, '/team/5d0c3a51-94e6-4b0e-9f0c-0ab0a3c1c5f1', signedIn);
    expect(scripts.page.modules).toContain('src/app/pages/team-page.tsx');
    return scripts;
  };

  it(`stay within ${budgetKb.visitor} KB gzip for a visitor, without the app shell, the organizer tools, the form library or zod`, () => {
    const { manifest, files, code, gzipKb } = scriptsOf(false);
    expect(gzipKb).toBeLessThanOrEqual(budgetKb.visitor);
    for (const lazy of [...loadedWhenUsed, 'src/app/app-shell.tsx']) {
      expect(manifest[lazy], `${lazy} is a chunk of its own`).toBeDefined();
      expect(files.has(manifest[lazy]?.file ?? ''), `${lazy} is not loaded first`).toBe(false);
    }
    // zod's schema classes and @mantine/form's hook, by strings their minified code keeps.
    expect(code).not.toContain('$ZodType');
    expect(code).not.toContain('validateInputOnChange');
  });

  it(`stay within ${budgetKb.signedIn} KB gzip for a signed-in person, whose page has the app shell but not the organizer tools`, () => {
    const { manifest, files, code, gzipKb } = scriptsOf(true);
    expect(gzipKb).toBeLessThanOrEqual(budgetKb.signedIn);
    expect(files.has(manifest['src/app/app-shell.tsx']?.file ?? '')).toBe(true);
    for (const lazy of loadedWhenUsed) expect(files.has(manifest[lazy]?.file ?? ''), lazy).toBe(false);
    expect(code).not.toContain('$ZodType');
    expect(code).not.toContain('validateInputOnChange');
  });
});
