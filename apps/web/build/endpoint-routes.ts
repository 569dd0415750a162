import MagicString from 'magic-string';
import { parseSync, type Plugin } from 'vite';

/**
 * The web build keeps of each shared endpoint declaration only what a request needs: its
 * method, path and success status (decision 021). The declarations in packages/shared also
 * carry zod schemas for the server (validation, serialization, OpenAPI); in the browser
 * every schema was built at start-up for every module a page imported, the largest piece
 * of script work before the first render. The server's serializer checks each reply
 * against the same schema before it leaves, so the client does not parse replies again
 * (lib/api-client.ts), and with zod's builders marked pure (vite.config.ts) the schemas
 * no page uses are left out of the bundle.
 *
 * endpoint-routes.test.ts runs this on every shared module and compares what it keeps with
 * the real declarations, so a declaration this cannot read fails the tests, not a page.
 */

const call = 'defineEndpoint(';

/** Index just past the parenthesis that closes the one opened at `open`; strings and comments skipped. */
function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    const char = code[index];
    if (char === "'" || char === '"' || char === '`') {
      index = stringEnd(code, index);
      continue;
    }
    if (char === '/' && code[index + 1] === '/') {
      index = code.indexOf('\n', index);
      if (index === -1) break;
      continue;
    }
    if (char === '/' && code[index + 1] === '*') {
      index = code.indexOf('*/', index) + 1;
      continue;
    }
    if (char === '(' || char === '{' || char === '[') depth++;
    if (char === ')' || char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  throw new Error(`endpoint-routes: unbalanced ${call} at offset ${open}`);
}

/** Index of the quote that closes the string opened at `start` (a template's `${…}` skipped). */
function stringEnd(code: string, start: number): number {
  const quote = code[start];
  for (let index = start + 1; index < code.length; index++) {
    if (code[index] === '\\') index++;
    else if (quote === '`' && code[index] === '$' && code[index + 1] === '{') index = closingParen(code, index + 1) - 1;
    else if (code[index] === quote) return index;
  }
  throw new Error('endpoint-routes: unterminated string');
}

/** The declaration's own properties: nested objects (schemas) blanked out so their keys cannot match. */
function topLevelText(objectLiteral: string): string {
  let depth = 0;
  let text = '';
  for (let index = 0; index < objectLiteral.length; index++) {
    const char = objectLiteral[index] as string;
    if (char === "'" || char === '"' || char === '`') {
      const end = stringEnd(objectLiteral, index);
      if (depth === 1) text += objectLiteral.slice(index, end + 1);
      index = end;
      continue;
    }
    if (char === '(' || char === '{' || char === '[') depth++;
    if (depth === 1) text += char;
    if (char === ')' || char === '}' || char === ']') depth--;
  }
  return text;
}

function property(text: string, name: string, value: RegExp): string | undefined {
  const match = new RegExp(`(?:^|[\\s,{])${name}\\s*:\\s*(${value.source})`).exec(text);
  return match?.[1];
}

/** One declaration as written in the source: the method and path expressions, the status. */
export interface EndpointRouteSource {
  method: string;
  path: string;
  status?: number;
}

/**
 * The module with each `defineEndpoint({...})` replaced by its route (as a MagicString, for
 * the source map); null when it declares none.
 */
export function stripEndpointSchemas(
  code: string,
): { code: string; edited: MagicString; routes: EndpointRouteSource[] } | null {
  if (!code.includes(call)) return null;
  const routes: EndpointRouteSource[] = [];
  const edited = new MagicString(code);
  for (let start = code.indexOf(call); start !== -1; start = code.indexOf(call, start + call.length)) {
    // `export const defineEndpoint = …(` is the helper itself, not a call.
    const before = code.slice(Math.max(0, start - 12), start);
    if (/(const|function)\s+$/.test(before) || /[\w$.]$/.test(before)) continue;
    const open = start + call.length - 1;
    const end = closingParen(code, open);
    const text = topLevelText(code.slice(open + 1, end - 1));
    const method = property(text, 'method', /'[A-Z]+'/);
    // A string, or a constant's name (`authApiPaths.publicConfig`): kept as written.
    const path = property(text, 'path', /'[^']*'|[A-Za-z_$][\w$.]*(?=\s*[,}])/);
    const status = property(text, 'status', /\d{3}/);
    if (!method || !path) throw new Error(`endpoint-routes: no method and path in ${code.slice(start, end)}`);
    routes.push({ method, path, ...(status && { status: Number(status) }) });
    edited.overwrite(start, end, `{ method: ${method}, path: ${path}${status ? `, status: ${status}` : ''} }`);
  }
  return { code: edited.toString(), edited, routes };
}

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declaration extends Node {
  kind?: string;
  declarations?: { init?: (Node & { expression?: Node }) | null }[];
}

const functionLike = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/**
 * Marks each top-level constant built by a call (`z.object(…)`, `Object.fromEntries(…)`,
 * `placeReply.extend(…)`) as pure, wrapped as `/* @__PURE__ *\/ (() => (…))()`, so a constant no
 * page uses leaves the bundle with its whole construction. The shared package declares itself
 * free of side effects (`"sideEffects": false`), which is what makes this true; the bundler
 * cannot see it through zod's builders, which set properties as they go.
 */
export function markTopLevelCallsPure(edited: MagicString, code: string, filename: string): number {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`endpoint-routes: cannot parse ${filename}: ${errors[0]?.message}`);
  let marked = 0;
  for (const statement of program.body as unknown as (Declaration & { declaration?: Declaration | null })[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) {
      const built =
        init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression') ? init.expression : init;
      // Anything that calls while it is built: `z.object(…)`, and `{ title: z.string(), … }` too.
      if (!init || !built || functionLike.has(built.type) || !code.slice(init.start, init.end).includes('(')) continue;
      edited.prependLeft(init.start, '/* @__PURE__ */ (() => (');
      edited.appendRight(init.end, '))()');
      marked++;
    }
  }
  return marked;
}

/** The Vite plugin: packages/shared modules as the browser gets them. */
export function endpointRoutesOnly(): Plugin {
  const sharedModule = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts(\?contracts)?$/;
  // Maps only when the build writes source maps (for Sentry): making them for every rewritten module
  // cost about a second of each build (decision 069).
  let sourceMaps = false;
  return {
    name: 'huddle:endpoint-routes-only',
    apply: 'build',
    configResolved(config) {
      sourceMaps = Boolean(config.build.sourcemap);
    },
    enforce: 'pre',
    transform(code, id) {
      if (!sharedModule.test(id) || id.includes('.test.ts')) return null;
      const edited = stripEndpointSchemas(code)?.edited ?? new MagicString(code);
      markTopLevelCallsPure(edited, code, id.replace(/\?.*$/, ''));
      return { code: edited.toString(), map: sourceMaps ? edited.generateMap({ hires: true, source: id }) : null };
    },
  };
}
