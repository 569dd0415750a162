import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The text files a browser downloads; images and fonts are compressed already. */
const compressible = /\.(html|xml|css|json|js|mjs|svg)$/;
/** Below this, the headers outweigh what compression saves. */
const thresholdBytes = 1024;

/** Every file under `dir` but those in dot folders (dist/.vite: the manifest, which is never served). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(file);
      return [file];
    }),
  );
  return nested.flat();
}

/**
 * A `.br` and a `.gz` copy beside each built text file of 1 KB or more (the public folder's
 * files too), which the server sends as they are (@fastify/static preCompressed): no request pays
 * for compression at run time. Brotli at its highest quality (11) and gzip at 9, as these copies
 * are downloaded by every phone until the next build. A copy no smaller than its file is not kept.
 *
 * All files at once (decision 069): zlib's asynchronous calls run on libuv's thread pool, so they
 * use every core. vite-plugin-compression2, used before, ran one file at a time on a two-core
 * machine (its queue allows one job fewer than the cores), which made compression a third of the
 * build's wall time. Source maps (only made for Sentry, and deleted after their upload) are left out.
 */
export function precompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'huddle:precompressed-copies',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < thresholdBytes) return;
          const source = await readFile(file);
          const [gzipped, brotlied] = await Promise.all([
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
          if (brotlied.length < source.length) await writeFile(`${file}.br`, brotlied);
        }),
      );
    },
  };
}
