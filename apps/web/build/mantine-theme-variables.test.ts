import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  mantineThemeVariables,
  themeVariablesCss,
  themeVariablesId,
  unusedCssVariablesModule,
} from './mantine-theme-variables.ts';

const require = createRequire(import.meta.url);
const mantineCssVariablesFile = path.join(
  path.dirname(require.resolve('@mantine/core')),
  '../esm/core/MantineProvider/MantineCssVariables/MantineCssVariables.mjs',
);

const plugin = mantineThemeVariables();
const resolve = (id: string) => (plugin.resolveId as (id: string) => string | null)(id);
const load = (id: string) => (plugin.load as (id: string) => string | null)(id);

describe('the theme’s CSS variables, built once', () => {
  it('carry Huddle’s green as the primary colour, its shades and its heading weight', () => {
    const css = themeVariablesCss();
    expect(css).toMatch(/^:root, :host\{/);
    expect(css).toContain('--mantine-color-huddle-7: #0b7a57;');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-huddle-filled);');
    expect(css).toContain('--mantine-heading-font-weight: 750;');
  });

  it('carry the AA colour fixes of cssVariablesResolver for each scheme', () => {
    const css = themeVariablesCss();
    const scheme = (name: string) =>
      new RegExp(`:root\\[data-mantine-color-scheme="${name}"\\][^{]*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(scheme('light')).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7);');
    expect(scheme('dark')).toContain('--mantine-color-dimmed: var(--mantine-color-dark-1);');
    expect(scheme('dark')).toContain('--mantine-color-anchor: var(--mantine-color-huddle-3);');
  });

  it('are the module the provider imports, and no other', () => {
    const resolved = resolve(themeVariablesId);
    expect(resolved).toBe(`\0${themeVariablesId}`);
    expect(load(resolved ?? '')).toBe(themeVariablesCss());
    expect(resolve('virtual:other.css')).toBeNull();
    expect(load('/src/app/theme.ts')).toBeNull();
  });

  it('leave Mantine’s own variables module out of the builds, loudly if a provider still renders it', () => {
    expect(load(mantineCssVariablesFile)).toBe(unusedCssVariablesModule);
    expect(load(`${mantineCssVariablesFile}?v=1`)).toBe(unusedCssVariablesModule);
    // The module it stands in for: one export of that name (a changed Mantine may move it).
    expect(readFileSync(mantineCssVariablesFile, 'utf8')).toMatch(/export \{ MantineCssVariables \}/);
    const stub = new Function(`${unusedCssVariablesModule.replace('export ', '')}; return MantineCssVariables;`)();
    expect(() => stub()).toThrow(/withCssVariables=\{false\}/);
  });
});
