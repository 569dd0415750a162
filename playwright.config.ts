import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys drive the system Chromium (no browser download on these machines), preferring
// Debian's headless shell (package chromium-headless-shell): the same engine without the desktop
// browser's window and UI layers, ~20% less time per journey (decision 056). Failing that, the
// Chromium binary itself, not Debian's /usr/bin/chromium launcher script, which adds desktop flags
// (/etc/chromium.d: GPU rasterization, done in software here; 117 s instead of 99 s for four journeys).
const chromiumCandidates = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
];
const chromiumPath =
  process.env.CHROMIUM_PATH ?? chromiumCandidates.find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it with: sudo apt-get install -y chromium-headless-shell chromium (or set CHROMIUM_PATH).`,
  );
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One built server for the whole run (e2e/global-setup.ts), on its own embedded PostgreSQL or
  // a fresh database on E2E_DATABASE_URL's server; journeys make their own people, so two run at once.
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  // Journeys, not files, are shared out, so a run does not end with one worker finishing a long file
  // alone. Every journey makes its own people and data (no beforeAll, nothing kept between the
  // journeys of a file).
  fullyParallel: true,
  // One retry in CI only: a journey that fails once under load and passes on the retry is reported
  // as flaky in the summary (and looked into), not lost work; one that fails twice fails the run.
  // Locally a failure is a failure (decision 057).
  retries: process.env.CI ? 1 : 0,
  // A wedged server would otherwise time every remaining journey out one by one.
  maxFailures: process.env.CI ? 3 : undefined,
  forbidOnly: true,
  // The longest journeys (three people, a weekly game) take ~55 s on a busy 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    // Tracing records a screencast and a DOM snapshot at every step: it doubled the CPU time of
    // every journey on two cores (decision 056), so it is on only when asked: E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // Animations off (the app honours prefers-reduced-motion): axe reads colours of settled
    // elements, not of a map popup half-way through fading in.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Every journey on a desktop; those tagged @mobile also at 375 px (@mobile-only: just there).
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile-only/,
    },
    { name: 'mobile', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, grep: /@mobile/ },
  ],
});
