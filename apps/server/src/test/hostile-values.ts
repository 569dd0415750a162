import fc from 'fast-check';

/**
 * fast-check arbitraries built from the JSON Schemas of the OpenAPI document (which come from
 * the shared zod schemas): values that mostly pass validation, so requests reach the services
 * and the database, with hostile values mixed in at any depth.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Values of the right name that point at real rows, so requests get past "not found". */
export type KnownValues = Record<string, string[]>;

const longText = 'x'.repeat(100_000);
const longEmoji = '🏀'.repeat(25_000);

/** Text a person should never be able to break the server with. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'Kickers\u0000',
  'a\u0000b\u0000c',
  longText,
  longEmoji,
  '\u202eevil\u202c.exe',
  'שלום עולם مرحبا',
  '👨‍👩‍👧‍👦🏳️‍🌈🔥',
  '\ud800',
  '\r\nBEGIN:VEVENT\r\nSUMMARY:injected\r\nEND:VEVENT',
  '=HYPERLINK("https://evil.example","x")',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '0000-01-01',
  '2024-02-30',
  '1899-12-31',
  '2201-01-01',
  '9999-12-31',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2030-13-01T00:00',
  '2030-06-04T24:00',
  '0000-01-01T00:00',
  'Not/AZone',
  '-1',
  '1e308',
  'NaN',
  'true',
  'null',
  '__proto__',
];

export const hostileNumbers = [
  -1,
  0,
  1.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Any JSON value that is probably the wrong type, size or shape. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.string().map((text) => `${text}\u0000${text}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { a: { b: [null] } }, [longText]),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Values a field's own type allows on paper that a database or Date may not hold (issue 30: a
 * year 0 date reached PostgreSQL, which has none): given to that type's fields in hostile requests.
 */
export const edgeDays = ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31'];
export const edgeInstants = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000-05:00',
  '1899-12-31T23:59:59Z',
  '2201-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
];
export const edgeNumbers = [...hostileNumbers, 2 ** 53, -(2 ** 63), 1e21, 1e100];

/** A query or path value: what a browser address bar can carry. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers).map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string().map((text) => `${text}\u0000`) },
);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const saneDates = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z') });
const nearDates = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2032-12-31T00:00:00Z') });
const anyDates = fc.oneof(
  { weight: 3, arbitrary: nearDates.filter((date) => !Number.isNaN(date.getTime())) },
  { weight: 1, arbitrary: saneDates.filter((date) => !Number.isNaN(date.getTime())) },
);

/** Names whose values follow a rule the schema cannot show (time zones, wall-clock times). */
function byName(name: string | undefined, known: KnownValues): fc.Arbitrary<unknown> | undefined {
  if (name === undefined) return undefined;
  const values = known[name];
  if (values && values.length > 0) return fc.constantFrom(...values);
  if (name === 'timeZone') return fc.constantFrom('America/Chicago', 'Europe/Berlin', 'UTC', 'Asia/Kathmandu');
  if (/Local$/.test(name)) return anyDates.map((date) => date.toISOString().slice(0, 16));
  return undefined;
}

export interface Generator {
  /** A value the schema accepts as far as it can say, all the way down. */
  valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown>;
  /**
   * Valid in shape, with hostile values now and then at any depth, and each type's edge values:
   * dates in year 0 or 9999, numbers past any column, empty objects.
   */
  mixed(schema: JsonSchema, name?: string): fc.Arbitrary<unknown>;
}

export function createGenerator(components: Record<string, JsonSchema>, known: KnownValues): Generator {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  };

  const text = (schema: JsonSchema, name: string | undefined, hostile: boolean): fc.Arbitrary<string> => {
    const valid = validText(schema, name);
    const edges = schema.format === 'date' ? edgeDays : schema.format === 'date-time' ? edgeInstants : [];
    return hostile && edges.length > 0
      ? fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...edges) })
      : valid;
  };

  const validText = (schema: JsonSchema, name: string | undefined): fc.Arbitrary<string> => {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
    switch (schema.format) {
      case 'uuid':
        return fc.oneof(
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: fc.constant('00000000-0000-0000-0000-000000000000') },
        );
      case 'date':
        return fc.oneof(
          { weight: 5, arbitrary: anyDates.map(isoDay) },
          { weight: 1, arbitrary: fc.constantFrom('1900-01-01', '2200-12-31', '2028-02-29') },
        );
      case 'date-time':
        return anyDates.map((date) => date.toISOString());
      case 'email':
        return fc.emailAddress();
      case 'uri':
        return fc.webUrl();
    }
    if (name === 'geohash') return fc.stringMatching(/^[0-9b-hjkmnp-z]{1,12}$/);
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern));
      } catch {
        // fast-check cannot generate from every pattern (lookaheads); plain text then.
      }
    }
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
      fc
        .constantFrom('Eastside Kickers', 'Sunday Soccer!', 'Zilker Park, Austin, TX')
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity)),
    );
  };

  const number = (schema: JsonSchema, integer: boolean, hostile: boolean): fc.Arbitrary<number> => {
    const valid = validNumber(schema, integer);
    return hostile
      ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...edgeNumbers) })
      : valid;
  };

  const validNumber = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
    const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
    const bounded = integer
      ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    return fc.oneof({ weight: 4, arbitrary: bounded }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  };

  const build = (raw: JsonSchema, name: string | undefined, hostile: boolean): fc.Arbitrary<unknown> => {
    const valid = (inner: JsonSchema, innerName?: string) => build(inner, innerName, hostile);
    const field = (inner: JsonSchema, innerName?: string) =>
      hostile
        ? fc.oneof({ weight: 8, arbitrary: valid(inner, innerName) }, { weight: 1, arbitrary: hostileJson })
        : valid(inner, innerName);
    const schema = resolve(raw);
    const named = byName(name, known);
    if (named) return named;
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => valid(choice, name)));
    if (schema.allOf?.[0]) return valid(schema.allOf[0], name);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        return text(schema, name, hostile);
      case 'integer':
        return number(schema, true, hostile);
      case 'number':
        return number(schema, false, hostile);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(field(schema.items ?? {}, name), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const model = Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, field(property, key)]),
        );
        const record = fc.record(model, { requiredKeys: schema.required ?? [] });
        if (!hostile) return record;
        // An empty object (a PATCH with no change: issue 30) and, where the schema takes them, extra keys.
        const extended =
          schema.additionalProperties !== undefined && schema.additionalProperties !== false
            ? fc
                .tuple(
                  record,
                  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 2 }),
                )
                .map(([value, extra]) => ({ ...extra, ...value }))
            : record;
        return fc.oneof({ weight: 5, arbitrary: extended }, { weight: 1, arbitrary: fc.constant({}) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  return {
    valid: (schema, name) => build(schema, name, false),
    mixed: (schema, name) => build(schema, name, true),
  };
}
