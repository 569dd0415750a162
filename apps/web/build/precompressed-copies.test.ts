import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressedCopies } from './precompressed-copies.ts';

let dist: string;
const script = 'export const text = "Pickup games near you";\n'.repeat(200);

async function compressDist() {
  const plugin = precompressedCopies();
  (plugin.configResolved as (config: unknown) => void)({ root: dist, build: { outDir: '.' } });
  await (plugin.closeBundle as () => Promise<void>)();
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'huddle-precompress-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'assets/app.js'), script);
  writeFileSync(path.join(dist, 'index.html'), `<html>${script}</html>`);
  writeFileSync(path.join(dist, 'assets/app.js.map'), script);
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ script }));
  writeFileSync(path.join(dist, 'small.js'), 'export {};');
  writeFileSync(path.join(dist, 'photo.png'), script);
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('precompressedCopies', () => {
  it('writes brotli and gzip copies that decompress to each text file', async () => {
    await compressDist();
    for (const file of ['assets/app.js', 'index.html']) {
      const original = readFileSync(path.join(dist, file));
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`)))).toEqual(original);
    }
  });

  it('leaves out source maps, files under 1 KB, images and the unserved .vite folder', async () => {
    await compressDist();
    for (const file of ['assets/app.js.map', 'small.js', 'photo.png', '.vite/manifest.json']) {
      expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(false);
    }
  });
});
