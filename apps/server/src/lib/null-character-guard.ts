import type { FieldErrors } from '@huddle/shared/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

export const nullCharacterMessage = 'This field contains a character that is not allowed (\\0).';

/**
 * Where a value holds U+0000, as field paths ("guest.name", "games.0"); keys count too. Walked
 * with a stack, not recursion: a 1 MiB body can nest 500,000 levels deep.
 */
function findNullCharacters(root: unknown, found: string[]): void {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, inner] of Object.entries(value)) {
      const innerPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) found.push(innerPath.replaceAll('\u0000', '\uFFFD'));
      else pending.push({ value: inner, path: innerPath });
    }
  }
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a body, query or path parameter
 * (`%00`) failed deep inside a query as a 500. One hook in front of every route's validation
 * turns it into the 400 with field messages that any other invalid field gets; no schema and
 * no service has to remember it.
 */
export function registerNullCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found: string[] = [];
    findNullCharacters(request.params, found);
    findNullCharacters(request.query, found);
    findNullCharacters(request.body, found);
    if (found.length === 0) return;
    // fromEntries: a key such as "__proto__" stays a field name, not the object's prototype.
    const fields: FieldErrors = Object.fromEntries(found.map((path) => [path || '_', [nullCharacterMessage]]));
    throw new AppError('VALIDATION_FAILED', undefined, fields);
  });
}
