#!/usr/bin/env node
// npm run cluster: Huddle as a cluster on this machine (issue 31, decision 065). A PostgreSQL
// primary and a streaming replica, Redis, three Huddle instances and Caddy in front, all native
// processes from Debian's packages (installed with apt-get when missing and run as root).
//
//   npm run cluster                 start (data in data/cluster/, kept between runs)
//   CLUSTER_DIR=/tmp/c npm run cluster   somewhere else
//   CLUSTER_FRESH=true npm run cluster   throw the old data away first
//
// Ctrl+C stops everything. Logs of every process are in <dir>/logs/.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensurePackages, repoRoot, serverEntry, startCluster, stopEverythingSync } from './cluster-topology.mjs';

const dir = path.resolve(process.env.CLUSTER_DIR || path.join(repoRoot, 'data', 'cluster'));
const demo = { email: 'demo@huddle.test', password: 'huddle-demo-2026' };

let stopping = false;
async function stop(cluster, code) {
  if (stopping) {
    // A second Ctrl+C: no more waiting.
    stopEverythingSync();
    process.exit(130);
  }
  stopping = true;
  console.log('\nStopping: Caddy, the instances (draining), Redis, the replica, the primary…');
  try {
    await cluster?.stop();
  } finally {
    stopEverythingSync();
    process.exit(code);
  }
}

/**
 * What a supervisor does in production (systemd's Restart=, docker-compose's `restart:`): an
 * instance that ends on its own (a crash, or a start stuck past START_TIMEOUT_MS) is started again
 * a second later, and Caddy sends it requests once /api/ready says so.
 */
function superviseInstance(cluster, instance) {
  instance.child.once('exit', (code, signal) => {
    if (stopping) return;
    const log = `logs/instance-${instance.index + 1}.log`;
    console.error(`Instance ${instance.index + 1} exited (${code ?? signal}); starting it again (see ${log})`);
    setTimeout(() => {
      if (stopping) return;
      cluster.startInstance(instance);
      superviseInstance(cluster, instance);
    }, 1_000);
  });
}

let cluster;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(cluster, 0));

try {
  ensurePackages();
  if (process.env.CLUSTER_FRESH === 'true' && existsSync(dir)) {
    console.log(`Removing ${dir} (CLUSTER_FRESH=true)`);
    rmSync(dir, { recursive: true, force: true });
  }
  if (!existsSync(serverEntry)) {
    console.log('Building Huddle (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  cluster = await startCluster({ dir });
  console.log(`
Huddle is running as a cluster at ${cluster.url}
  Sign in with ${demo.email} / ${demo.password}
  Instances: ${cluster.instances.map((instance) => instance.url).join(', ')}
  PostgreSQL primary ${cluster.primary.url()}, replica ${cluster.replica.url()}
  Redis redis://127.0.0.1:${cluster.ports.redis}; uploads shared in ${cluster.filesDir}
  Logs in ${path.join(dir, 'logs')}
Press Ctrl+C to stop everything (the data stays in ${dir}; CLUSTER_FRESH=true starts over).`);
  for (const instance of cluster.instances) superviseInstance(cluster, instance);
} catch (error) {
  console.error(`\nThe cluster could not start: ${error instanceof Error ? error.message : String(error)}`);
  await stop(cluster, 1);
}
