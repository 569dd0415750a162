import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Document {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, { content?: object }> }>
  >;
}

/** Client generators read /api/openapi.json; it has to be a valid OpenAPI document. */
describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema, with every $ref resolved', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('declares every path parameter of every operation', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
    const undeclared = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const declared = new Set(
          (operation.parameters ?? []).filter((p) => p.in === 'path').map((parameter) => parameter.name),
        );
        return [...path.matchAll(/\{(\w+)\}/g)]
          .map((match) => match[1])
          .filter((name) => !declared.has(name ?? ''))
          .map((name) => `${method.toUpperCase()} ${path}: ${name}`);
      }),
    );
    expect(undeclared).toEqual([]);
  });

  it('says which answers are files, not JSON', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
    const contentOf = (path: string) => Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {});
    expect(contentOf('/api/seasons/{seasonId}/registrations.csv')).toEqual(['text/csv']);
    expect(contentOf('/api/events/{eventId}/calendar.ics')).toEqual(['text/calendar']);
    expect(contentOf('/api/calendar/{token}.ics')).toEqual(['text/calendar']);
  });
});
