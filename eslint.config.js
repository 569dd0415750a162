import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noPoolInTransaction from './apps/server/lint/no-pool-in-transaction.js';

const featuresIn = (folder) => {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

// STYLE habit 1: imports flow one way. shared → features → app; web and server never meet.
const webFeatures = featuresIn('apps/web/src/features');
const serverFeatures = featuresIn('apps/server/src/features');
const boundaryZones = [
  { target: './packages/shared', from: './apps', message: 'packages/shared knows no app.' },
  { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app shell.' },
  { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib knows no feature.' },
  { target: './apps/web/src/components', from: './apps/web/src/features', message: 'ui components know no feature.' },
  {
    target: './apps/server/src/lib',
    from: './apps/server/src/features',
    except: ['./accounts/accounts.schema.ts'],
    message: 'lib knows no feature.',
  },
  // A web feature never imports another feature: pages compose them.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A web feature never imports another feature; compose them in app/.',
  })),
  // A server feature may call another feature's service, never its repository.
  ...serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./apps/server/src/features/${feature}`,
        from: `./apps/server/src/features/${other}/${other}.repository.ts`,
        message: "Call the other feature's service, not its repository.",
      })),
  ),
];

// Flat config replaces a rule's options per file: each block that adds restricted syntax repeats this one.
const readConfigurationInConfigTs = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration in config.ts only.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      // A build test's transient copy of a shared module, written beside it while it runs (endpoint-routes.test.ts):
      // `npm run check` lints while that test runs.
      '**/.endpoint-routes-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', readConfigurationInConfigTs],
    },
  },
  {
    // Entry points and test harnesses read the environment; nothing else does (STYLE habit 6).
    files: [
      'apps/server/src/server.ts',
      'apps/server/src/db/migrate-command.ts',
      'apps/server/src/db/url-command.ts',
      'apps/server/src/db/backup-command.ts',
      'apps/server/src/db/restore-command.ts',
      'apps/server/src/features/admin/admin-create-command.ts',
      'apps/server/src/server-shutdown.test.ts',
      'apps/server/src/test/**',
      'e2e/**',
      'bench/**',
      'deploy/*.mjs',
      'scripts/build.mjs',
      '*.config.ts',
      'apps/web/vite.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A test's own pg pool without error guards: a connection PostgreSQL ends (its database dropped
    // while the pool ends) was an uncaught exception that failed a whole CI run (stop 41).
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        readConfigurationInConfigTs,
        {
          selector:
            "NewExpression[callee.object.name='pg'][callee.property.name='Pool'], NewExpression[callee.name='Pool']",
          message: 'Make a test pool with createTestPool (test/test-database.ts): it guards against connection errors.',
        },
      ],
    },
  },
  {
    // Decision 058: a transaction never asks its pool for a second connection.
    files: ['apps/server/**/*.ts'],
    plugins: { huddle: { rules: { 'no-pool-in-transaction': noPoolInTransaction } } },
    rules: { 'huddle/no-pool-in-transaction': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Huddle is also served over plain HTTP (a LAN, a custom domain before its certificate), where
      // the browser has no crypto.randomUUID: it threw, and PostHog analytics never sent (issue 31).
      'no-restricted-properties': [
        'error',
        {
          object: 'crypto',
          property: 'randomUUID',
          message: 'Use randomUuid() from lib/random-uuid.ts (plain HTTP has no crypto.randomUUID).',
        },
      ],
    },
  },
  {
    // Mantine patterns that looked right and were not (each found by a person, then made impossible):
    // a table that scrolls sideways is a region a keyboard must reach, and Table.ScrollContainer left
    // its viewport unfocusable (axe failed a journey whenever a phone's width made it scroll, stop 42);
    // ScrollingTable makes it focusable and labelled, and says it scrolls.
    files: ['apps/web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        readConfigurationInConfigTs,
        {
          selector: "JSXMemberExpression[object.name='Table'][property.name='ScrollContainer']",
          message: 'Use ScrollingTable (components/ui/scrolling-table.tsx): its scrolling region takes focus.',
        },
        {
          // Mantine's light variant with a shade ("green.9") fills with that shade and writes in the
          // colour's light text, the same shade: a "Paid" badge and an "Unlink Stripe" button were
          // green on green and red on red (found in stop 43).
          selector:
            "JSXOpeningElement:has(JSXAttribute[name.name='variant'][value.value='light']):has(JSXAttribute[name.name='color'][value.value=/\\.[0-9]$/])",
          message: 'variant="light" takes a colour without a shade ("red", not "red.9"), or use variant="filled".',
        },
        {
          // Mantine's red text (c="red": shade 6 or 7) is 3.3–3.8:1 on white; failures were said in
          // four different reds, and axe caught the place form's (stop 44).
          selector: "JSXAttribute[name.name='c'][value.value=/^red/]",
          message: 'Say a failure with ErrorText (components/ui/error-text.tsx), or c="var(--mantine-color-error)".',
        },
      ],
    },
  },
  {
    files: ['e2e/**'],
    rules: {
      'no-empty-pattern': 'off',
      // A journey's wait whose failure is caught waits out its whole timeout when the thing already
      // happened, and passes anyway: a minute of every CI run, hidden (decision 083). Set the wait
      // before the action that causes it, and let it fail.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='catch'][callee.object.callee.property.name=/^waitFor/]",
          message: 'Do not catch a waitFor…: start the wait before the action that causes it, and let it fail.',
        },
      ],
    },
  },
);
