import path from 'node:path';
import type { SentryVitePluginOptions } from '@sentry/vite-plugin';
import type { PluginOption } from 'vite';

/** What the web build does about source maps (decision 052). */
export interface SourceMapPlan {
  /** Vite's build.sourcemap: 'hidden' (maps written, no sourceMappingURL comment) or none. */
  sourcemap: 'hidden' | false;
  plugins: PluginOption[];
}

type Environment = Record<string, string | undefined>;
type SentryPluginFactory = (options: SentryVitePluginOptions) => PluginOption;

/**
 * Source maps go to Sentry at build time only when SENTRY_AUTH_TOKEN, SENTRY_ORG and
 * SENTRY_PROJECT are all set: the build then writes hidden maps, `@sentry/vite-plugin` uploads
 * them (with debug ids, so the reports of that build find them), and deletes them from `distDir`,
 * so the server never serves them. Otherwise no plugin and no maps (and the plugin is not even
 * loaded). SENTRY_URL names a self-hosted Sentry; SENTRY_RELEASE names the release.
 */
export async function sentrySourceMaps(
  env: Environment,
  distDir: string,
  loadPlugin: () => Promise<SentryPluginFactory> = async () =>
    (await import('@sentry/vite-plugin')).sentryVitePlugin as SentryPluginFactory,
): Promise<SourceMapPlan> {
  const authToken = env.SENTRY_AUTH_TOKEN?.trim();
  const org = env.SENTRY_ORG?.trim();
  const project = env.SENTRY_PROJECT?.trim();
  if (!authToken || !org || !project) return { sourcemap: false, plugins: [] };
  const sentryVitePlugin = await loadPlugin();
  return {
    sourcemap: 'hidden',
    plugins: [
      sentryVitePlugin({
        authToken,
        org,
        project,
        ...(env.SENTRY_URL ? { url: env.SENTRY_URL } : {}),
        ...(env.SENTRY_RELEASE ? { release: { name: env.SENTRY_RELEASE } } : {}),
        telemetry: false,
        sourcemaps: { filesToDeleteAfterUpload: [path.join(distDir, '**/*.map')] },
      }),
    ],
  };
}
