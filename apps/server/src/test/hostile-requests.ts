import fc from 'fast-check';
import { hostileJson, hostileText, type Generator, type JsonSchema } from './hostile-values.ts';

/**
 * Requests for the operations of the OpenAPI document: clean ones (valid as far as the schemas
 * say, so they reach the services and the database), hostile ones, and for every route the edge
 * requests each run sends (issue 30: a year 0 date, a PATCH of `{}`), which random draws found
 * only once in thousands.
 */

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
  >;
  components: { schemas: Record<string, JsonSchema> };
}
export interface HostileRequest {
  params: Record<string, string>;
  /** Query pairs; a key may repeat. */
  query: [string, string][];
  /** undefined: no body sent. */
  body: { value: unknown } | undefined;
  /** Appended raw to the path: a %00, a broken escape. */
  pathNoise: string | null;
  /** A Content-Encoding the body was not encoded with (it is sent as plain JSON). */
  encoding: string | null;
}

/** The operations of the document, in an order that keeps the fixtures and the session alive longest. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
  // Reads, then writes, then deletions (deeper paths first: a season goes before its team),
  // then deleting the account, then signing out.
  const rank = ({ method, path }: Operation) => {
    if (path === '/api/auth/sign-out') return 4;
    if (method === 'DELETE' && path === '/api/me') return 3;
    return method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1;
  };
  return operations.sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.path.length - a.path.length : 0));
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const parametersIn = (operation: Operation, where: Parameter['in']) =>
  operation.parameters.filter((parameter) => parameter.in === where);

/** A request valid as far as the schemas say. */
export function cleanRequest(operation: Operation, generator: Generator): fc.Arbitrary<HostileRequest> {
  const text = (parameter: Parameter) => generator.valid(parameter.schema, parameter.name).map(asText);
  const query = parametersIn(operation, 'query');
  return fc.record({
    params: fc.record(Object.fromEntries(parametersIn(operation, 'path').map((p) => [p.name, text(p)]))),
    query: fc
      .record(Object.fromEntries(query.map((parameter) => [parameter.name, text(parameter)])), {
        requiredKeys: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      })
      .map((values) => Object.entries(values as Record<string, string>)),
    body: operation.body ? generator.valid(operation.body).map((value) => ({ value })) : fc.constant(undefined),
    pathNoise: fc.constant(null),
    encoding: fc.constant(null),
  });
}

/**
 * Hostile values at any depth (each type's edge values among them), unknown and repeated keys,
 * a wrong or empty body, a broken path, a Content-Encoding the body does not have.
 */
function hostileRequest(operation: Operation, generator: Generator): fc.Arbitrary<HostileRequest> {
  const text = (parameter: Parameter) =>
    fc.oneof(
      { weight: 3, arbitrary: generator.mixed(parameter.schema, parameter.name).map(asText) },
      { weight: 1, arbitrary: hostileText },
    );
  const queryParameters = parametersIn(operation, 'query');
  const named = fc
    .record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name, text(parameter)])), {
      requiredKeys: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    })
    .map((values) => Object.entries(values as Record<string, string>));
  const extraKeys = fc.constantFrom('unknown', '__proto__', 'constructor', ...queryParameters.map((p) => p.name));
  let body: fc.Arbitrary<HostileRequest['body']>;
  if (!operation.body) {
    body = fc.option(
      hostileJson.map((value) => ({ value })),
      { nil: undefined },
    );
  } else {
    const withUnknownField = fc
      .tuple(generator.valid(operation.body), fc.constantFrom('unknownField', 'constructor', 'isAdmin'), hostileJson)
      .map(([value, key, extra]) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, [key]: extra } : value,
      );
    body = fc
      .oneof(
        { weight: 4, arbitrary: generator.mixed(operation.body) },
        { weight: 1, arbitrary: hostileJson },
        { weight: 1, arbitrary: withUnknownField },
      )
      .map((value) => ({ value }));
  }
  return fc.record({
    params: fc.record(Object.fromEntries(parametersIn(operation, 'path').map((p) => [p.name, text(p)]))),
    query: fc
      .tuple(named, fc.array(fc.tuple(extraKeys, hostileText), { minLength: 0, maxLength: 2 }))
      .map(([pairs, extra]) => [...pairs, ...extra]),
    body,
    pathNoise: fc.option(fc.constantFrom('%00', '%', '%E0%A4%A', '%2e%2e%2f', '\u0000'), { freq: 4, nil: null }),
    encoding: fc.option(fc.constantFrom('gzip', 'br', 'deflate', 'x-unknown'), { freq: 6, nil: null }),
  });
}

/** One request for an operation, clean or hostile. */
export function requestArbitrary(operation: Operation, generator: Generator): fc.Arbitrary<HostileRequest> {
  return fc.oneof(
    { weight: 2, arbitrary: cleanRequest(operation, generator) },
    { weight: 3, arbitrary: hostileRequest(operation, generator) },
  );
}

/** Replaces every leaf of `value` that `replace` has a value for (given the leaf's schema), at any depth. */
function mapLeaves(
  value: unknown,
  raw: JsonSchema,
  components: Record<string, JsonSchema>,
  replace: (schema: JsonSchema, leaf: unknown) => unknown,
): unknown {
  const schema = raw.$ref ? (components[raw.$ref.replace('#/components/schemas/', '')] ?? {}) : raw;
  let result = replace(schema, value);
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    result = mapLeaves(result, variant, components, replace);
  }
  if (Array.isArray(result) && schema.items) {
    return result.map((item) => mapLeaves(item, schema.items!, components, replace));
  }
  if (typeof result === 'object' && result !== null && !Array.isArray(result) && schema.properties) {
    const properties = schema.properties;
    return Object.fromEntries(
      Object.entries(result).map(([key, item]) => [
        key,
        properties[key] ? mapLeaves(item, properties[key], components, replace) : item,
      ]),
    );
  }
  return result;
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);
const yearZero = (schema: JsonSchema, leaf: unknown) =>
  typeof leaf !== 'string'
    ? leaf
    : schema.format === 'date'
      ? '0000-01-01'
      : schema.format === 'date-time'
        ? '0000-01-01T00:00:00Z'
        : leaf;
const yearNines = (schema: JsonSchema, leaf: unknown) =>
  typeof leaf !== 'string'
    ? leaf
    : schema.format === 'date'
      ? '9999-12-31'
      : schema.format === 'date-time'
        ? '9999-12-31T23:59:59.999Z'
        : leaf;
/** Past every integer column (PostgreSQL's bigint ends at 2^63 - 1). */
const huge = (schema: JsonSchema, leaf: unknown) =>
  typeof leaf === 'number' ||
  ((typeOf(schema) === 'integer' || typeOf(schema) === 'number') && typeof leaf === 'string')
    ? 2 ** 63
    : leaf;

/**
 * The edge requests of a route, sent on every run before the random ones: a clean request with
 * every date in year 0, then in 9999, with every number past any column; an empty body; a body
 * labelled gzip that is not. Each only where the route takes such a thing.
 */
export function edgeRequests(
  operation: Operation,
  generator: Generator,
  components: Record<string, JsonSchema>,
): HostileRequest[] {
  const [clean] = fc.sample(cleanRequest(operation, generator), { numRuns: 1, seed: 30 });
  if (!clean) return [];
  const queryParameters = parametersIn(operation, 'query');
  const edged = (replace: (schema: JsonSchema, leaf: unknown) => unknown): HostileRequest | undefined => {
    const query: [string, string][] = queryParameters.flatMap((parameter) => {
      const given = clean.query.find(([key]) => key === parameter.name)?.[1];
      const edge = mapLeaves(given ?? '', parameter.schema, components, replace);
      if (edge !== (given ?? '')) return [[parameter.name, asText(edge)]];
      return given === undefined ? [] : [[parameter.name, given]];
    });
    const body = clean.body && { value: mapLeaves(clean.body.value, operation.body!, components, replace) };
    const changed =
      JSON.stringify(query) !== JSON.stringify(clean.query) || JSON.stringify(body) !== JSON.stringify(clean.body);
    return changed ? { ...clean, query, body } : undefined;
  };
  return [
    edged(yearZero),
    edged(yearNines),
    edged(huge),
    operation.body ? { ...clean, body: { value: {} } } : undefined,
    // JSON's other non-objects: a schema's own callbacks may see them raw (zod's `when`).
    operation.body ? { ...clean, body: { value: null } } : undefined,
    operation.body ? { ...clean, body: { value: [] } } : undefined,
    operation.body ? { ...clean, encoding: 'gzip' } : undefined,
  ].filter((request): request is HostileRequest => request !== undefined);
}

/** A date or date-time somewhere in an input, and the input's schema narrowed so that it is there. */
export interface DateLeaf {
  /** Property names and array positions from the input's root. */
  path: (string | number)[];
  format: 'date' | 'date-time';
  /** The input's schema with the unions on the way chosen and the arrays on the way non-empty. */
  narrowed: JsonSchema;
}

export function dateLeaves(raw: JsonSchema, components: Record<string, JsonSchema>): DateLeaf[] {
  const schema = raw.$ref ? (components[raw.$ref.replace('#/components/schemas/', '')] ?? {}) : raw;
  if (schema.format === 'date' || schema.format === 'date-time') {
    return [{ path: [], format: schema.format, narrowed: schema }];
  }
  const leaves = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((variant) =>
    dateLeaves(variant, components),
  );
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    for (const leaf of dateLeaves(property, components)) {
      leaves.push({
        path: [key, ...leaf.path],
        format: leaf.format,
        narrowed: {
          ...schema,
          properties: { ...schema.properties, [key]: leaf.narrowed },
          required: [...new Set([...(schema.required ?? []), key])],
        },
      });
    }
  }
  if (schema.items) {
    for (const leaf of dateLeaves(schema.items, components)) {
      const minItems = Math.max(1, schema.minItems ?? 0);
      leaves.push({
        path: [0, ...leaf.path],
        format: leaf.format,
        narrowed: { ...schema, items: leaf.narrowed, minItems },
      });
    }
  }
  return leaves;
}

/** `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: (string | number)[], leaf: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const items = [...(value as unknown[])];
    items[head] = withLeaf(items[head], rest, leaf);
    return items;
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withLeaf(record[head], rest, leaf) };
}

/** Percent-encoding as a browser does it: a lone surrogate becomes U+FFFD first. */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** The URL as a client would write it; now and then a raw %00 or a broken escape in the path. */
export function urlOf(operation: Operation, request: HostileRequest): string {
  let path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(request.params[name] ?? ''));
  if (request.pathNoise) path = `${path}${request.pathNoise}`;
  const query = request.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}
