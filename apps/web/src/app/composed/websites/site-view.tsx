import { pageByPath } from '@huddle/shared/website-templates';
import type { WebsiteDocument, WebsiteFont, WebsitePage } from '@huddle/shared/websites';
import type { CSSProperties, ReactNode } from 'react';
import { readableTextOn } from '../../../features/websites/readable-text.ts';
import { sitePageHref } from '../../../features/websites/site-document.ts';
import { SiteBlock } from './site-blocks.tsx';
import { SiteContext, type SiteContextValue } from '../../../features/websites/components/site-context.ts';
import classes from './site.module.css';

const fontStacks: Record<WebsiteFont, string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  rounded: '"Trebuchet MS", "Avenir Next", system-ui, sans-serif',
  mono: 'ui-monospace, Menlo, Consolas, monospace',
};

export interface SiteFrameProps {
  title: string;
  document: WebsiteDocument;
  teamId: string | null;
  basePath: string;
  /** The page shown, for the nav's current link; null on the site's not-found page. */
  current: WebsitePage | null;
  editing?: boolean;
  children: ReactNode;
}

/** The site's theme, header with its pages' nav, and footer around a page (visitors and preview alike). */
export function SiteFrame({ title, document, teamId, basePath, current, editing = false, children }: SiteFrameProps) {
  const { theme } = document;
  const style = {
    '--site-primary': theme.primaryColor,
    '--site-accent': theme.accentColor,
    '--site-on-primary': readableTextOn(theme.primaryColor),
    '--site-on-accent': readableTextOn(theme.accentColor),
    '--site-font': fontStacks[theme.fontFamily],
  } as CSSProperties;
  const context: SiteContextValue = { teamId, basePath, document, editing };
  return (
    <SiteContext.Provider value={context}>
      <div
        className={classes.site}
        style={style}
        // In the builder a click selects a block: links on the canvas must not leave the builder.
        onClickCapture={
          editing
            ? (event) => {
                if ((event.target as HTMLElement).closest('a')) event.preventDefault();
              }
            : undefined
        }
      >
        <header className={classes.header}>
          <a className={classes.brand} href={basePath || '/'}>
            {theme.logoUrl && <img className={classes.logo} src={theme.logoUrl} alt="" width={36} height={36} />}
            {title}
          </a>
          <nav className={classes.nav} aria-label="Website pages">
            <ul>
              {document.pages.map((page) => (
                <li key={page.id}>
                  <a
                    href={sitePageHref(basePath, page.path)}
                    aria-current={page.id === current?.id ? 'page' : undefined}
                  >
                    {page.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main className={classes.main}>{children}</main>
        <footer className={classes.footer}>
          Made with <a href="/">Huddle</a>
        </footer>
      </div>
    </SiteContext.Provider>
  );
}

/** A page's heading: visible on inner pages; on home the site's name, for screen readers (the hero says it). */
export function PageHeading({ title, page }: { title: string; page: WebsitePage }) {
  return page.path === '' ? <h1 className={classes.visuallyHidden}>{title}</h1> : <h1>{page.title}</h1>;
}

/** A published site's page by its sub-path, or the site's own not-found page with a link home. */
export function SitePage({
  title,
  document,
  teamId,
  basePath,
  subPath,
}: Omit<SiteFrameProps, 'current' | 'children'> & { subPath: string | undefined }) {
  const page = pageByPath(document, subPath) ?? null;
  return (
    <SiteFrame title={title} document={document} teamId={teamId} basePath={basePath} current={page}>
      {page ? (
        <>
          <PageHeading title={title} page={page} />
          {page.content.map((block) => (
            <SiteBlock key={block.props.id} block={block} />
          ))}
        </>
      ) : (
        <section className={classes.section}>
          <h1>Page not found</h1>
          <p>This website has no page at this address.</p>
          <a className={classes.button} href={basePath || '/'}>
            Go to the home page
          </a>
        </section>
      )}
    </SiteFrame>
  );
}

/** While a site loads: the page's height held, announced to screen readers. */
export function SiteLoading() {
  return <div style={{ minHeight: '100dvh' }} role="status" aria-label="Loading the website" />;
}

/** A site that could not be loaded (not a 404): a retry. */
export function SiteLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p style={{ padding: 16 }}>
      This website could not be loaded.{' '}
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
