import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStableIds, stableUseIdModule } from './mantine-stable-ids.ts';

const require = createRequire(import.meta.url);
const mantineUseIdFile = path.join(path.dirname(require.resolve('@mantine/hooks')), '../esm/use-id/use-id.mjs');
const load = (id: string) => (mantineStableIds().load as (id: string) => string | null)(id);

describe('Mantine’s useId in the builds', () => {
  it('is replaced by one that keeps React’s id, in the file Mantine’s own modules import', () => {
    expect(load(mantineUseIdFile)).toBe(stableUseIdModule);
    expect(load(`${mantineUseIdFile}?v=1`)).toBe(stableUseIdModule);
    expect(load(path.join(path.dirname(mantineUseIdFile), '../use-media-query/use-media-query.mjs'))).toBeNull();
  });

  it('still matches the module it replaces: one export, useId, with an optional static id', () => {
    const original = readFileSync(mantineUseIdFile, 'utf8');
    expect(original).toMatch(/export \{ useId\$1 as useId \}/);
    expect(original).toMatch(/function useId\$1\(staticId\)/);
    // What the replacement exists to leave out (a changed Mantine may not need it any more).
    expect(original).toMatch(/setUuid\(randomId\(\)\)/);
  });
});
