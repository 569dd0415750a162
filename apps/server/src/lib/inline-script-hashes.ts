import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources of the scripts the web build writes inline into index.html ('sha256-…'), so the
 * policy still allows scripts from 'self' and those alone. One, today: public/color-scheme.js, which
 * must run before the first paint (the saved colour scheme, the first Intl formatter); inline it is
 * part of the document's parse, not a request of its own that a phone's simulated load places after
 * the paint (issue 33, decision 084). Data blocks (`type="application/json"`) run nothing and need
 * no source. None while there is no web build.
 */
export function inlineScriptSources(webDistDir: string | undefined): string[] {
  const indexPath = webDistDir ? path.join(webDistDir, 'index.html') : null;
  if (!indexPath || !existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/\btype="application\/json"/.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}
