import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources of the scripts the web app's pages carry inline ('sha256-…'), so the policy still
 * allows scripts from 'self' and those alone:
 * - those the web build writes into index.html: public/color-scheme.js, which must run before the
 *   first paint (the saved colour scheme, the first Intl formatter); inline it is part of the
 *   document's parse, not a request of its own that a phone's simulated load places after the
 *   paint (issue 33, decision 084). Data blocks (`type="application/json"`) run nothing and need no source;
 * - those the server render writes into a page, each a constant text the build also writes to
 *   `dist/inline/` (the event page's "Your time" line filled before the first paint).
 * None while there is no web build.
 */
export function inlineScriptSources(webDistDir: string | undefined): string[] {
  if (!webDistDir) return [];
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  const inIndex = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/\btype="application\/json"/.test(attributes))
    .map(([, , body = '']) => body);
  const inlineDir = path.join(webDistDir, 'inline');
  const rendered = existsSync(inlineDir)
    ? readdirSync(inlineDir)
        .filter((name) => name.endsWith('.js'))
        .sort()
        .map((name) => readFileSync(path.join(inlineDir, name), 'utf8'))
    : [];
  return [...inIndex, ...rendered].map(
    (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}
