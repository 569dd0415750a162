// node bench/server-render-auth.mjs: the server render of sign-in and sign-up (issue 33, decision 075's
// addendum), from the web build's server entry in this process: the markup's size (raw and gzip) and
// the render's time (p50/p95 after a warm-up), with the load average before and after (the machine
// may be shared). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { kb, loadAverage, repoRoot } from './lib/harness.mjs';

const entryPath = path.join(repoRoot, 'apps/web/dist/.ssr/entry-server.mjs');
const runs = Number(process.env.SSR_AUTH_RENDER_RUNS ?? 300);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

if (!existsSync(entryPath)) throw new Error(`no server entry at ${entryPath}: run npm run build first`);
console.log(`load average before: ${loadAverage()}`);
const importStarted = performance.now();
const entry = await import(pathToFileURL(entryPath).href);
console.log(`loading the server entry: ${Math.round(performance.now() - importStarted)} ms`);

const failedSignIn = {
  form: 'sign-in',
  values: { email: 'riley@example.com' },
  fieldErrors: {},
  error: { code: 'INVALID_CREDENTIALS', message: 'That email and password do not match.' },
};
for (const [label, page, formState] of [
  ['sign-in', '/auth/login', null],
  ['sign-in after a failed post', '/auth/login', failedSignIn],
  ['sign-up', '/auth/sign-up', null],
]) {
  const render = () => entry.renderAuthPage(page, '', { socialProviders: ['google'], formState });
  for (let run = 0; run < 20; run += 1) await render();
  const times = [];
  let html = '';
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    html = (await render()).html;
    times.push(performance.now() - started);
  }
  console.log(
    `${label}: markup ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html).length)} gzip; ` +
      `render p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${runs} runs)`,
  );
}
console.log(`load average after: ${loadAverage()}`);
