import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Every journey runs against the server that global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
});
export { expect };

/** Accessibility gate on every page a journey visits: no serious or critical axe violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
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
