import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import MagicString from 'magic-string';
import { markTopLevelCallsPure, stripEndpointSchemas } from './endpoint-routes.ts';

const sharedDir = path.resolve(import.meta.dirname, '../../../packages/shared/src');
const sharedModules = readdirSync(sharedDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

interface Route {
  method: unknown;
  path: unknown;
  status?: unknown;
}
const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** method, path and status of every endpoint a module exports, alone or in an object of endpoints. */
function exportedRoutes(exports: Record<string, unknown>): string[] {
  return Object.entries(exports)
    .flatMap(([name, value]) =>
      isRoute(value)
        ? [[name, value] as const]
        : typeof value === 'object' && value !== null
          ? Object.entries(value)
              .filter((entry): entry is [string, Route] => isRoute(entry[1]))
              .map(([key, route]) => [`${name}.${key}`, route] as const)
          : [],
    )
    .map(([name, { method, path, status }]) => JSON.stringify({ name, method, path, status: status ?? 200 }))
    .sort();
}

describe('the web build keeps method, path and status of each endpoint', () => {
  it.each(sharedModules)('%s: the same routes and exports; no schema in a declaration', async (file) => {
    const source = readFileSync(path.join(sharedDir, file), 'utf8');
    const original = (await import(path.join(sharedDir, file))) as Record<string, unknown>;
    const stripped = stripEndpointSchemas(source);
    if (!stripped) expect(exportedRoutes(original)).toEqual([]);
    else expect(stripped.code).not.toContain('defineEndpoint(');
    const edited = stripped?.edited ?? new MagicString(source);
    markTopLevelCallsPure(edited, source, file);
    // The module as the browser gets it, loaded beside the original so its imports resolve.
    const copy = path.join(sharedDir, `.endpoint-routes-${randomBytes(4).toString('hex')}-${file}`);
    writeFileSync(copy, edited.toString());
    try {
      const browserCopy = (await import(copy)) as Record<string, unknown>;
      expect(exportedRoutes(browserCopy)).toEqual(exportedRoutes(original));
      // Every other export is still there and of the same kind: a schema is still a schema.
      const kinds = (exports: Record<string, unknown>) =>
        Object.entries(exports)
          .map(
            ([name, value]) =>
              `${name}:${typeof value}:${value !== null && typeof value === 'object' && '_zod' in value}`,
          )
          .sort();
      expect(kinds(browserCopy)).toEqual(kinds(original));
    } finally {
      rmSync(copy, { force: true });
    }
  });

  it('marks each top-level construction pure, and nothing else', () => {
    const source = [
      "import { z } from 'zod';",
      'export const limit = { min: 2, max: 100 } as const;',
      'export const body = z.object({ q: z.string().min(limit.min) }).meta({ id: `Body` });',
      'const settings = Object.fromEntries(names.map((name) => [name, true])) as Record<string, boolean>;',
      'export const format = (value: number) => value.toFixed(1);',
      'const fields = { title: z.string().min(2), tags: [z.uuid()] };',
      "export const names = ['a', 'b'] as const;",
      'let counter = make();',
    ].join('\n');
    const edited = new MagicString(source);
    expect(markTopLevelCallsPure(edited, source, 'x.ts')).toBe(3);
    expect(edited.toString()).toBe(
      [
        "import { z } from 'zod';",
        'export const limit = { min: 2, max: 100 } as const;',
        'export const body = /* @__PURE__ */ (() => (z.object({ q: z.string().min(limit.min) }).meta({ id: `Body` })))();',
        'const settings = /* @__PURE__ */ (() => (Object.fromEntries(names.map((name) => [name, true])) as Record<string, boolean>))();',
        'export const format = (value: number) => value.toFixed(1);',
        'const fields = /* @__PURE__ */ (() => ({ title: z.string().min(2), tags: [z.uuid()] }))();',
        "export const names = ['a', 'b'] as const;",
        'let counter = make();',
      ].join('\n'),
    );
  });

  it('reads only the declaration’s own keys, not a schema’s', () => {
    const stripped = stripEndpointSchemas(
      [
        'export const things = {',
        '  move: defineEndpoint({',
        "    body: z.object({ path: z.string(), method: z.enum(['a']), status: z.number() }),",
        "    summary: `Moves (a thing) { to } a path: ${'}'} here`,",
        "    method: 'POST',",
        "    path: '/api/things/:thingId/move', // path: '/not/this'",
        '    reply: thingReply,',
        '    status: 201,',
        '  }),',
        "  config: defineEndpoint({ method: 'GET', path: apiPaths.config, reply: configReply }),",
        '};',
      ].join('\n'),
    );
    expect(stripped?.code).toBe(
      [
        'export const things = {',
        "  move: { method: 'POST', path: '/api/things/:thingId/move', status: 201 },",
        "  config: { method: 'GET', path: apiPaths.config },",
        '};',
      ].join('\n'),
    );
  });

  it('refuses a declaration whose path it cannot copy', () => {
    expect(() => stripEndpointSchemas("a = defineEndpoint({ method: 'GET', path: base + '/x', reply })")).toThrow(
      /no method and path/,
    );
  });
});
