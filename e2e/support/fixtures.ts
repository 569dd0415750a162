import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Every journey runs against the server that global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
});
export { expect };

/** axe-core's browser build, put into a page once per document (it stays until the page navigates). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Accessibility gate on every page a journey visits: no serious or critical axe violations, and no
 * text in its own background's colour (which axe leaves for a person to review).
 *
 * axe-core runs in the page itself (`axe.run` on the document, only violations collected), put there
 * once per document. `@axe-core/playwright`'s `analyze()` did the same work but opened a blank page
 * and injected axe twice for every check (its `finishRun` step, made for cross-origin iframes, which
 * Huddle's pages have none of): 2-3.6 s a check against 0.3-0.6 s, over 230 checks in the journeys
 * (decision 083).
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    const results = await axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    // Text in its own background's colour is "incomplete" to axe (1:1 might be meant), never meant
    // here: a "Paid" badge and an "Unlink Stripe" button were unreadable so (stop 43).
    const sameColour = results.incomplete
      .filter((result) => result.id === 'color-contrast')
      .map((result) => ({
        ...result,
        help: `${result.help} (text in its background's colour)`,
        nodes: result.nodes.filter((node) =>
          node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
        ),
      }))
      .filter((result) => result.nodes.length > 0);
    return [...results.violations, ...sameColour].map(({ id, help, impact, nodes }) => ({
      id,
      help,
      impact,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

let counter = 0;
/** A new person for each journey, so journeys run in any order and in parallel. */
export function newPerson(label: string) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    name: `${label} ${counter}`,
    email: `${label.toLowerCase()}-${stamp}@example.com`,
    password: 'pickup game 2026',
  };
}

/** Usable at 375 px: nothing makes the page scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(viewport!);
}
