import { yearRangeMessage } from '@huddle/shared/dates';
import { errorReply } from '@huddle/shared/error-reply';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureParams, useHostileInputApp } from './hostile-input-app.ts';
import { dateLeaves, operationsOf, withLeaf } from './hostile-requests.ts';
import { createGenerator } from './hostile-values.ts';

// Inputs every route must refuse the same way; the random requests on every route are in
// hostile-input-routes-*.test.ts (hostile-input-app.ts).
const hostile = useHostileInputApp();

describe('inputs no schema may let through (issue 30)', () => {
  // Two requests per date any route takes, about a hundred: beyond the 30 s default on a busy machine.
  it(
    'refuses a year outside the range, beside the field, in every date any route takes',
    { timeout: 120_000 },
    async () => {
      const document = hostile.document();
      const { schemas } = document.components;
      const generator = createGenerator(schemas, hostile.known);
      const unrefused: string[] = [];
      let dates = 0;
      for (const operation of operationsOf(document)) {
        const params = fixtureParams(operation, generator);
        const inputs = [
          ...operation.parameters
            .filter((parameter) => parameter.in === 'query')
            .flatMap((parameter) =>
              dateLeaves(parameter.schema, schemas).map((leaf) => ({
                in: 'query' as const,
                key: parameter.name,
                leaf,
              })),
            ),
          ...(operation.body ? dateLeaves(operation.body, schemas) : []).map((leaf) => ({
            in: 'body' as const,
            key: leaf.path.join('.'),
            leaf,
          })),
        ];
        for (const input of inputs) {
          const outOfRange =
            input.leaf.format === 'date'
              ? ['0000-01-01', '9999-12-31']
              : ['0000-01-01T00:00:00Z', '9999-12-31T00:00:00Z'];
          for (const value of outOfRange) {
            dates += 1;
            const valid = fc.sample(generator.valid(input.leaf.narrowed), { numRuns: 1, seed: 30 })[0];
            const { url, response } = await hostile.send(operation, {
              params,
              query: input.in === 'query' ? [[input.key, value]] : [],
              body: input.in === 'body' ? { value: withLeaf(valid, input.leaf.path, value) } : undefined,
              pathNoise: null,
              encoding: null,
            });
            const fields = response.statusCode === 400 ? (response.json().error.fields ?? {}) : {};
            if (!fields[input.key]?.includes(yearRangeMessage)) {
              unrefused.push(
                `${operation.method} ${url} ${input.key}=${value}: ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            }
          }
        }
      }
      expect(dates).toBeGreaterThan(40);
      expect(unrefused).toEqual([]);
    },
  );

  it('answers a PATCH with nothing to change with 400 in the error shape', async () => {
    const document = hostile.document();
    const generator = createGenerator(document.components.schemas, hostile.known);
    const patches = operationsOf(document).filter((operation) => operation.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(3);
    const answers = [];
    for (const operation of patches) {
      const request = {
        params: fixtureParams(operation, generator),
        query: [],
        body: { value: {} },
        pathNoise: null,
        encoding: null,
      };
      const { response } = await hostile.send(operation, request);
      answers.push({
        route: operation.path,
        status: response.statusCode,
        errorShape: errorReply.safeParse(response.json()).success,
      });
    }
    expect(answers).toEqual(patches.map((operation) => ({ route: operation.path, status: 400, errorShape: true })));
  });
});
