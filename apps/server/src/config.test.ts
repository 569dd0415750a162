import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadToolConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'huddle-config-'));

describe('loadConfig', () => {
  it('needs nothing set in embedded mode, and keeps the generated secret across starts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      publicOrigin: 'http://localhost:3000',
    });
    expect(first.sessionSecret).toHaveLength(64);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    // One analytics service at a time, and a PostHog host needs its key (decision 052).
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        ANALYTICS_PLAUSIBLE_URL: 'https://stats.example',
        ANALYTICS_POSTHOG_KEY: 'phc_a1',
      }),
    ).toThrow(/not both/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ANALYTICS_POSTHOG_URL: 'https://eu.i.posthog.com' })).toThrow(
      /ANALYTICS_POSTHOG_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ANALYTICS_POSTHOG_KEY: 'secret' })).toThrow(/phc_/);
    // Sentry refuses release names with spaces or slashes, and "latest".
    for (const release of ['huddle 1.0', 'huddle/1.0', 'latest']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), SENTRY_RELEASE: release })).toThrow(/SENTRY_RELEASE/);
    }
    expect(loadConfig({ DATA_DIR: tempDir(), SENTRY_RELEASE: 'huddle@1.4.0+5f2c1e0' }).errorReporting.release).toBe(
      'huddle@1.4.0+5f2c1e0',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'https://ok.example, nonsense' })).toThrow(
      /CORS_ORIGINS/,
    );
  });

  it('takes test DNS records only on plain HTTP, never on a deployment served over TLS (custom domains)', () => {
    const file = path.join(tempDir(), 'dns.json');
    expect(loadConfig({ DATA_DIR: tempDir(), DNS_TEST_RECORDS_FILE: file }).dnsTestRecordsFile).toBe(file);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), DNS_TEST_RECORDS_FILE: file, PUBLIC_ORIGIN: 'https://huddle.example' }),
    ).toThrow(/DNS_TEST_RECORDS_FILE/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_IPV4: '203.0.113.300' })).toThrow(/PUBLIC_IPV4/);
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_IPV4: '203.0.113.7' }).publicIpv4).toBe('203.0.113.7');
  });

  it('shows OpenStreetMap tiles with their credit by default, another server when set, and none when off', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: 'Tiles by Example',
      }).mapTiles,
    ).toEqual({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles by Example' });
    expect(loadConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: 'off' }).mapTiles).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: 'tiles.example' })).toThrow(
      /MAP_TILE_URL: must be "off" or a tile URL template/,
    );
  });

  it('runs the local payments provider without Stripe keys, and needs the webhook secret with a key', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ stripe: undefined, platformFeePercent: 0 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PLATFORM_FEE_PERCENT: '80' })).toThrow(/PLATFORM_FEE_PERCENT/);
    const real = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
      STRIPE_CONNECT_CLIENT_ID: 'ca_ghi789',
      PLATFORM_FEE_PERCENT: '2.5',
    });
    expect(real.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_def456',
      connectClientId: 'ca_ghi789',
    });
    expect(real.platformFeePercent).toBe(2.5);
  });

  it('asks for the rest of the S3 settings when a bucket is set', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'photos' })).toThrow(
      /S3_BUCKET: also set S3_ACCESS_KEY_ID/,
    );
  });

  it('requires a session secret for a real database, and writes none', () => {
    const dataDir = tempDir();
    const call = () => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/huddle' });
    expect(call).toThrow(ConfigError);
    expect(call).toThrow(/SESSION_SECRET: required when DATABASE_URL is set/);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });

  it('gives the command line tools no session secret: none demanded beside DATABASE_URL, none written (decision 062)', () => {
    const dataDir = tempDir();
    const external = loadToolConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/huddle' });
    expect(external.secretSources).toEqual({ session: 'environment', vapid: 'data-dir' });
    expect('sessionSecret' in external).toBe(false);
    expect(loadToolConfig({ DATA_DIR: dataDir }).secretSources).toEqual({ session: 'data-dir', vapid: 'data-dir' });
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
    const vapid = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(loadToolConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), ...vapid }).secretSources).toEqual({
      session: 'environment',
      vapid: 'environment',
    });
  });

  it('takes a replica only beside DATABASE_URL, with a lag bound of 5 s unless set (decision 066)', () => {
    const base = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db.example/huddle', SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).databaseReplica).toBeUndefined();
    const replica = 'postgres://replica.example/huddle';
    expect(loadConfig({ ...base, DATABASE_REPLICA_URL: replica }).databaseReplica).toEqual({
      url: replica,
      maxLagMs: 5_000,
    });
    expect(
      loadConfig({ ...base, DATABASE_REPLICA_URL: replica, DATABASE_REPLICA_MAX_LAG_MS: '1500' }).databaseReplica,
    ).toEqual({ url: replica, maxLagMs: 1_500 });
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: 'mysql://replica.example/huddle' })).toThrow(
      /DATABASE_REPLICA_URL: must be a postgres:\/\//,
    );
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: replica, DATABASE_REPLICA_MAX_LAG_MS: '10' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL: only with DATABASE_URL/,
    );
  });

  it('does not seed demo data into a real database unless asked', () => {
    const secret = 'x'.repeat(40);
    const base = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db.example/huddle', SESSION_SECRET: secret };
    expect(loadConfig(base).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('treats empty variables as unset and parses lists', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.port).toBe(3000);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
