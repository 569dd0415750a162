import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/app/theme.ts';

/** What the app imports; vite/client's `*.css` declaration types it. */
export const themeVariablesId = 'virtual:mantine-theme-variables.css';
const resolvedId = `\0${themeVariablesId}`;

/**
 * The CSS variables Huddle's theme sets (its green, heading weight, the AA colour fixes of
 * cssVariablesResolver), as Mantine's own MantineCssVariables writes them: rendered once here.
 * MantineProvider otherwise works them out for every colour and shade on each render, about 2 ms
 * of a phone's first task (8 ms at Lighthouse's 4x), and the server wrote the same 11 KB into the
 * HTML of every page it rendered (decision 084).
 */
export function themeVariablesCss(): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, {
      theme,
      cssVariablesResolver,
      defaultColorScheme: 'auto',
      withGlobalClasses: false,
      children: null,
    }),
  );
  const css = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(markup)?.[1];
  if (!css) throw new Error(`MantineProvider wrote no theme variables: ${markup.slice(0, 200)}`);
  return css;
}

/** Mantine's MantineCssVariables module, as a path ends (either separator). */
const mantineCssVariablesModule =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/;

/**
 * What the builds load for MantineCssVariables: every provider sets `withCssVariables={false}`, and
 * the real module works out Mantine's default variables when it loads (for removeDefaultVariables),
 * a millisecond of a phone's first task for nothing. Rendered anyway, it says what to do.
 */
export const unusedCssVariablesModule = [
  'export function MantineCssVariables() {',
  "  throw new Error('Set withCssVariables={false} on MantineProvider and import virtual:mantine-theme-variables.css (build/mantine-theme-variables.ts).');",
  '}',
].join('\n');

/**
 * `import 'virtual:mantine-theme-variables.css'` (huddle-mantine-provider.tsx, after Mantine's own
 * styles, whose defaults it overrides), with `withCssVariables={false}` on the provider.
 */
export function mantineThemeVariables(): Plugin {
  return {
    name: 'huddle:mantine-theme-variables',
    enforce: 'pre',
    resolveId: (id) => (id === themeVariablesId ? resolvedId : null),
    load(id) {
      if (id === resolvedId) return themeVariablesCss();
      return mantineCssVariablesModule.test(id.split('?')[0] ?? '') ? unusedCssVariablesModule : null;
    },
  };
}
