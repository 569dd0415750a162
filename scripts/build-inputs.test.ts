import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTargets, checkBuild, forgetBuild, hashBuildInputs, recordBuild } from './build-inputs.mjs';

const { web, server } = buildTargets;
let repo: string;

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), content);
}

/** Both builds' hashes for the checkout as it is now. */
function hashes(env: Record<string, string> = {}) {
  return { web: hashBuildInputs(repo, web, env), server: hashBuildInputs(repo, server, env) };
}

beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'huddle-build-inputs-'));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  write('README.md', '# Huddle');
  write('apps/web/src/main.tsx', 'export const page = 1;');
  write('apps/web/vite.config.ts', 'export default {};');
  write('apps/server/src/server.ts', 'export const server = 1;');
  write('apps/server/build.mjs', '// bundle');
  write('apps/server/drizzle/0001_first.sql', 'create table a ();');
  write('packages/shared/src/contract.ts', 'export const contract = 1;');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('the hash of a build’s inputs', () => {
  it('is the same for the same checkout', () => {
    expect(hashes()).toEqual(hashes());
  });

  it('changes for the web build alone when a web source changes', () => {
    const before = hashes();
    write('apps/web/src/main.tsx', 'export const page = 2;');
    const after = hashes();
    expect(after.web).not.toBe(before.web);
    expect(after.server).toBe(before.server);
  });

  it('changes for the server build alone when a server source is added', () => {
    const before = hashes();
    write('apps/server/src/features/new.ts', 'export const added = 1;');
    const after = hashes();
    expect(after.server).not.toBe(before.server);
    expect(after.web).toBe(before.web);
  });

  it('changes for both when a shared contract, the lockfile or the installed packages change', () => {
    let before = hashes();
    write('packages/shared/src/contract.ts', 'export const contract = 2;');
    let after = hashes();
    expect(after.web).not.toBe(before.web);
    expect(after.server).not.toBe(before.server);

    before = after;
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    after = hashes();
    expect(after.web).not.toBe(before.web);
    expect(after.server).not.toBe(before.server);

    before = after;
    write('node_modules/.package-lock.json', '{"packages":{"node_modules/zod":{"version":"4.6.1"}}}');
    after = hashes();
    expect(after.web).not.toBe(before.web);
    expect(after.server).not.toBe(before.server);
  });

  it('does not change when a file no build reads changes', () => {
    const before = hashes();
    write('README.md', '# Huddle, edited');
    write('docs/decisions/999-anything.md', 'text');
    write('e2e/journey.spec.ts', 'test');
    write('apps/web/src/main.test.tsx', 'a test beside the code');
    write('apps/server/src/server.test.ts', 'a test beside the code');
    write('apps/server/drizzle/0002_second.sql', 'create table b ();');
    write('apps/web/dist/index.html', '<html>');
    write('apps/server/dist/server.js', 'built');
    write('apps/server/data/pg/postmaster.pid', '1');
    write('apps/web/node_modules/some-package/index.js', 'installed');
    expect(hashes()).toEqual(before);
  });

  it('follows the environment variables the web build reads, and no others', () => {
    const before = hashes({ HOME: '/root' });
    expect(hashes({ HOME: '/elsewhere', PATH: '/bin' })).toEqual(before);
    const withRelease = hashes({ HOME: '/root', SENTRY_RELEASE: 'huddle@2' });
    expect(withRelease.web).not.toBe(before.web);
    expect(withRelease.server).toBe(before.server);
  });
});

describe('checking a build against its inputs', () => {
  const writeOutputs = () => {
    for (const file of [...web.outputs, ...server.outputs]) write(file, 'built');
  };

  it('asks for a build when there is no output or no record', () => {
    const { server: inputs } = hashes();
    expect(checkBuild(repo, server, inputs)).toEqual({
      current: false,
      reason: 'apps/server/dist/server.js is missing',
    });
    writeOutputs();
    expect(checkBuild(repo, server, inputs)).toEqual({
      current: false,
      reason: 'no record of the inputs it was built from',
    });
  });

  it('skips the build only while the inputs are those it was built from', () => {
    writeOutputs();
    recordBuild(repo, web, hashes().web);
    expect(checkBuild(repo, web, hashes().web)).toEqual({ current: true });

    write('apps/web/src/main.tsx', 'export const page = 3;');
    expect(checkBuild(repo, web, hashes().web)).toEqual({
      current: false,
      reason: 'its inputs changed since it was built',
    });
  });

  it('asks for a build once the output it recorded is partly gone or a build started', () => {
    writeOutputs();
    recordBuild(repo, server, hashes().server);
    rmSync(path.join(repo, 'apps/server/dist/restore.js'));
    expect(checkBuild(repo, server, hashes().server).current).toBe(false);

    writeOutputs();
    forgetBuild(repo, server);
    expect(checkBuild(repo, server, hashes().server).current).toBe(false);
  });
});
