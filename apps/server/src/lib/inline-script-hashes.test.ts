import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-script-hashes.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function buildWith(html: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'huddle-inline-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'index.html'), html);
  return folder;
}

const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

describe('the CSP sources of index.html’s inline scripts', () => {
  it('names each inline script by the hash of its exact text, and no script with a source or a data block', () => {
    const colorScheme = "\n(function () { document.documentElement.dataset.x = '1'; })();\n";
    const folder = buildWith(
      `<html><head><script data-warm-intl>${colorScheme}</script>` +
        '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<script type="application/json" id="huddle-session">{"user":null}</script></head></html>',
    );
    expect(inlineScriptSources(folder)).toEqual([sha(colorScheme)]);
    // One character more is another script, which the policy would refuse.
    expect(inlineScriptSources(folder)).not.toContain(sha(`${colorScheme} `));
  });

  it('names each script the server render writes inline (dist/inline/) by its hash too', () => {
    const colorScheme = '(function () {})();';
    const yourTime = '(function () { document.currentScript.previousElementSibling.hidden = false; })();\n';
    const folder = buildWith(`<html><head><script data-warm-intl>${colorScheme}</script></head></html>`);
    mkdirSync(path.join(folder, 'inline'));
    writeFileSync(path.join(folder, 'inline', 'your-time.js'), yourTime);
    writeFileSync(path.join(folder, 'inline', 'notes.txt'), 'not a script');
    expect(inlineScriptSources(folder)).toEqual([sha(colorScheme), sha(yourTime)]);
  });

  it('names none without a web build', () => {
    expect(inlineScriptSources(undefined)).toEqual([]);
    expect(inlineScriptSources(path.join(tmpdir(), 'no-such-build'))).toEqual([]);
  });
});
