import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  caddyfileFor,
  drainDelayMs,
  healthIntervalMs,
  instanceCount,
  instanceVariables,
  repoRoot,
} from './cluster-topology.mjs';

/**
 * docker-compose.yml cannot run where Huddle is developed; npm run cluster is the tested path
 * (decision 065). These checks keep the compose file naming what the cluster script starts.
 */
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true });
const apps = Object.keys(compose.services).filter((name) => /^app\d+$/.test(name));
/** Set in docker-compose.yml for a real deployment, left out by the local cluster (no mail, no custom domains, no scraper). */
const deploymentOnly = ['SMTP_URL', 'PUBLIC_IPV4', 'METRICS_TOKEN'];

/** The directives inside reverse_proxy and handle_errors, whatever the upstreams' names and the indentation. */
function proxyDirectives(caddyfile) {
  return caddyfile
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .filter((line) => /^(lb_|health_|fail_duration|encode|handle_errors|@unavailable|header |respond )/.test(line));
}

describe('docker-compose.yml and npm run cluster start the same topology', () => {
  it('has as many app instances, a primary, a replica made with pg_basebackup, Redis and Caddy', () => {
    expect(apps).toHaveLength(instanceCount);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'postgres-replica', 'redis', 'proxy']),
    );
    expect(compose.services['postgres-replica'].command.join(' ')).toContain('pg_basebackup');
    expect(compose.services['postgres-replica'].command.join(' ')).toContain('-R');
  });

  it('gives every instance the variables the cluster script gives, and the same drain delay', () => {
    for (const app of apps) {
      const environment = compose.services[app].environment;
      expect(Object.keys(environment).sort()).toEqual([...instanceVariables, ...deploymentOnly].sort());
      expect(environment.DATABASE_REPLICA_URL).toContain('postgres-replica');
      expect(Number(environment.DRAIN_DELAY_MS)).toBe(drainDelayMs);
    }
  });

  it("balances over every instance with the cluster script's Caddy settings and health checks", () => {
    const composeCaddyfile = compose.services.proxy.command.at(-1);
    for (const app of apps) expect(composeCaddyfile).toContain(`${app}:3000`);
    const generated = caddyfileFor({ port: 8080, instancePorts: [1, 2, 3] });
    expect(proxyDirectives(composeCaddyfile)).toEqual(proxyDirectives(generated));
    // Production's Caddyfile (TLS, custom domains) proxies the same way.
    const production = readFileSync(path.join(repoRoot, 'deploy/Caddyfile'), 'utf8');
    expect(proxyDirectives(production)).toEqual(proxyDirectives(generated));
    expect(generated).toContain(`health_interval ${healthIntervalMs / 1000}s`);
    expect(generated).toContain('health_uri /api/ready');
    for (const service of ['postgres', 'postgres-replica', 'redis']) {
      expect(compose.services[service].healthcheck.test).toBeDefined();
    }
  });

  it('is documented in the README with every variable', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('## Running more than one instance');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    expect(section.length).toBeGreaterThan(100);
    for (const name of instanceVariables) expect(section).toContain(`\`${name}\``);
  });
});
