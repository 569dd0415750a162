// npm run build: builds the web app and the server, side by side (each records the hash of the
// inputs it was built from). `--changed` (npm start, the browser journeys' setup): only the builds
// whose inputs changed since their last complete build, or whose output is missing (decision 069).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildTargets, checkBuild, forgetBuild, hashBuildInputs, recordBuild } from './build-inputs.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const onlyChanged = process.argv.includes('--changed');

/** Runs the workspace's own build script (the one place each build is defined). */
function runWorkspaceBuild(target) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['run', 'build', '-w', target.workspace], { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the ${target.name} build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function build(target) {
  const started = performance.now();
  // Hashed before the build reads anything: a file saved during the build makes the next check rebuild.
  const inputsHash = hashBuildInputs(repoRoot, target, process.env);
  if (onlyChanged) {
    const check = checkBuild(repoRoot, target, inputsHash);
    if (check.current) {
      console.log(`${target.name}: unchanged since its last build, not rebuilt`);
      return;
    }
    console.log(`${target.name}: building (${check.reason})`);
  }
  forgetBuild(repoRoot, target);
  await runWorkspaceBuild(target);
  recordBuild(repoRoot, target, inputsHash);
  console.log(`${target.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const results = await Promise.allSettled([build(buildTargets.web), build(buildTargets.server)]);
const failures = results.filter((result) => result.status === 'rejected');
for (const failure of failures)
  console.error(failure.reason instanceof Error ? failure.reason.message : failure.reason);
process.exit(failures.length > 0 ? 1 : 0);
