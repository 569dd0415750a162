import type { BlockProps, RichTextContent, RichTextRun, WebsiteBlock } from '@huddle/shared/websites';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { formatEventStart } from '../../../lib/format-event-time.ts';
import { teamEventsQueryOptions } from '../../../features/events/api/list-team-events.ts';
import type { MapMarker } from '../../../features/maps/map-view.ts';
import { teamQueryOptions } from '../../../features/teams/api/get-team.ts';
import { useTeamSeasons } from '../../../features/teams/api/list-seasons.ts';
import { sitePageHref } from '../../../features/websites/site-document.ts';
import { useSite } from '../../../features/websites/components/site-context.ts';
import classes from './site.module.css';

/*
 * Site pages are their own light entry (site.html, decision 041): no router, no Mantine. Links are
 * plain anchors, so every page is a document the server sends with its own preview tags, and a
 * link to one of Huddle's sections opens Huddle's app. The map (Leaflet, drawn with Mantine) loads
 * only when a page has a map block, after the page has shown.
 */
const SitePlacesMap = lazy(() => import('./site-places-map.tsx'));
/** The form block's questions, filled inline (decision 049): loaded only by a page with a form block. */
const SiteForm = lazy(() => import('./site-form.tsx'));

function Section({
  heading,
  children,
  label,
  loading = false,
}: {
  heading: string;
  children: ReactNode;
  label?: string;
  /** A live block waiting for its data: it keeps room for it, so what follows does not jump. */
  loading?: boolean;
}) {
  return (
    <section
      className={loading ? `${classes.section} ${classes.loading}` : classes.section}
      aria-label={heading ? undefined : label}
    >
      {heading && <h2>{heading}</h2>}
      {children}
    </section>
  );
}

/** A link a block's author set: a page of this site by its path, else the address as written. */
function SiteLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { document, basePath } = useSite();
  const path = href.replace(/^\/+|\/+$/g, '');
  if (href.startsWith('/') && !href.startsWith('/uploads/')) {
    const page = document.pages.find((candidate) => candidate.path === path);
    return (
      <a className={className} href={page ? sitePageHref(basePath, page.path) : href}>
        {children}
      </a>
    );
  }
  return (
    <a className={className} href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** What a live block shows without its data: a hint in the builder, nothing or a short line for visitors. */
function Empty({ editorHint, visitorText }: { editorHint: string; visitorText?: string }) {
  const { editing } = useSite();
  if (!editing && !visitorText) return null;
  return <p className={classes.muted}>{editing ? editorHint : visitorText}</p>;
}
const noTeamHint = 'Connect this website to a team to show its live data here.';

export function Hero({ heading, text, imageUrl, buttonLabel, buttonHref }: BlockProps<'Hero'>) {
  const background = imageUrl
    ? { backgroundImage: `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.45)), url("${encodeURI(imageUrl)}")` }
    : undefined;
  return (
    <section className={`${classes.section} ${classes.hero}`} style={background}>
      <h2>{heading}</h2>
      {text && <p>{text}</p>}
      {buttonLabel && buttonHref && (
        <SiteLink className={classes.button} href={buttonHref}>
          {buttonLabel}
        </SiteLink>
      )}
    </section>
  );
}

function Runs({ runs }: { runs: RichTextRun[] }) {
  return runs.map((run, index) => {
    let node: ReactNode = run.text;
    if (run.bold) node = <strong>{node}</strong>;
    if (run.italic) node = <em>{node}</em>;
    if (run.href) node = <SiteLink href={run.href}>{node}</SiteLink>;
    return <Fragment key={index}>{node}</Fragment>;
  });
}

/** Formatted text drawn from its structure with React elements: no organizer's HTML reaches the page (decision 041). */
export function RichTextBody({ content }: { content: RichTextContent }) {
  return (
    <div className={classes.text}>
      {content.map((node, index) => {
        switch (node.type) {
          case 'paragraph':
            return (
              <p key={index}>
                <Runs runs={node.runs} />
              </p>
            );
          case 'heading3':
            return (
              <h3 key={index}>
                <Runs runs={node.runs} />
              </h3>
            );
          case 'heading4':
            return (
              <h4 key={index}>
                <Runs runs={node.runs} />
              </h4>
            );
          case 'bulletList':
          case 'orderedList': {
            const List = node.type === 'bulletList' ? 'ul' : 'ol';
            return (
              <List key={index}>
                {node.items.map((runs, item) => (
                  <li key={item}>
                    <Runs runs={runs} />
                  </li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}

export function RichText({ heading, content }: BlockProps<'RichText'>) {
  return (
    <Section heading={heading} label="Text">
      <RichTextBody content={content} />
    </Section>
  );
}

export function ImageBlock({ url, alt, caption, width, height }: BlockProps<'Image'>) {
  if (!url) return <Empty editorHint="Give the image's address in its settings." />;
  return (
    <figure className={classes.section} style={{ margin: '24px 0' }}>
      {/* The stored size gives the box its shape before the picture arrives (no layout shift). */}
      <img
        className={classes.image}
        src={url}
        alt={alt}
        loading="lazy"
        decoding="async"
        {...(width && height && { width, height })}
      />
      {caption && <figcaption className={classes.muted}>{caption}</figcaption>}
    </figure>
  );
}

export function Gallery({ heading, images }: BlockProps<'Gallery'>) {
  return (
    <Section heading={heading} label="Gallery">
      {images.length === 0 ? (
        <Empty editorHint="Add images in the gallery's settings." />
      ) : (
        <ul className={classes.grid}>
          {images.map((image, index) =>
            image.url ? (
              <li key={`${image.url}-${index}`}>
                <img src={image.url} alt={image.alt} loading="lazy" width={400} height={300} />
              </li>
            ) : null,
          )}
        </ul>
      )}
    </Section>
  );
}

function useLiveEvents() {
  const { teamId } = useSite();
  // A site without a team asks nothing (GET /api/teams//events would only answer 400).
  const events = useQuery({ ...teamEventsQueryOptions(teamId ?? ''), enabled: teamId !== null });
  return { teamId, events: teamId ? events : null };
}

export function UpcomingEvents({ heading, limit }: BlockProps<'UpcomingEvents'>) {
  const { teamId, events } = useLiveEvents();
  const upcoming = (events?.data?.events ?? []).filter((event) => event.next && !event.cancelled).slice(0, limit);
  return (
    <Section heading={heading} label="Upcoming events" loading={events?.isPending}>
      {!teamId ? (
        <Empty editorHint={noTeamHint} />
      ) : events?.isPending ? (
        <p className={classes.muted}>Loading events…</p>
      ) : upcoming.length === 0 ? (
        <p className={classes.muted}>No upcoming events.</p>
      ) : (
        <ul className={classes.list}>
          {upcoming.map((event) => (
            <li key={event.id} className={classes.card}>
              <span>
                <a href={`/discover/events/${event.id}`}>{event.title}</a>
                <br />
                <span className={classes.muted}>
                  {event.next && formatEventStart(event.next.startsAt, event.timeZone)} · {event.place.name}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Every upcoming event of the team, under the day it happens. */
export function Schedule({ heading }: BlockProps<'Schedule'>) {
  const { teamId, events } = useLiveEvents();
  const list = (events?.data?.events ?? []).filter((event) => event.next && !event.cancelled);
  const byDay = new Map<string, typeof list>();
  for (const event of list) {
    const day = new Intl.DateTimeFormat(undefined, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: event.timeZone,
    }).format(new Date(event.next?.startsAt ?? ''));
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  return (
    <Section heading={heading} label="Schedule" loading={events?.isPending}>
      {!teamId ? (
        <Empty editorHint={noTeamHint} />
      ) : list.length === 0 ? (
        <p className={classes.muted}>{events?.isPending ? 'Loading the schedule…' : 'Nothing scheduled yet.'}</p>
      ) : (
        [...byDay].map(([day, dayEvents]) => (
          <div key={day}>
            <h3>{day}</h3>
            <ul className={classes.list}>
              {dayEvents.map((event) => (
                <li key={event.id} className={classes.card}>
                  <a href={`/discover/events/${event.id}`}>{event.title}</a>
                  <span className={classes.muted}>
                    {event.next && formatEventStart(event.next.startsAt, event.timeZone)} · {event.place.name}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </Section>
  );
}

export function Seasons({ heading }: BlockProps<'Seasons'>) {
  const { teamId } = useSite();
  const seasons = useTeamSeasons(teamId ?? '', { enabled: teamId !== null });
  const open = teamId ? (seasons.data?.seasons ?? []).filter((season) => season.status !== 'draft') : [];
  return (
    <Section heading={heading} label="Seasons" loading={teamId !== null && seasons.isPending}>
      {!teamId ? (
        <Empty editorHint={noTeamHint} />
      ) : open.length === 0 ? (
        <p className={classes.muted}>{seasons.isPending ? 'Loading seasons…' : 'No seasons yet.'}</p>
      ) : (
        <ul className={classes.list}>
          {open.map((season) => (
            <li key={season.id} className={classes.card}>
              <span>
                <strong>{season.label}</strong>
                <br />
                <span className={classes.muted}>
                  {season.startsOn} – {season.endsOn}
                </span>
              </span>
              {season.registrationOpen && (
                // Registration happens on the team's page, with its guest and payment steps.
                <a className={classes.button} href={`/team/${teamId}`}>
                  Register for {season.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function FormBlock({ heading, formId, buttonLabel }: BlockProps<'Form'>) {
  const { editing } = useSite();
  if (!formId) return <Empty editorHint="Pick one of the team's published forms in this block's settings." />;
  return (
    <Section heading={heading} label="Form">
      <Suspense
        fallback={
          <p className={classes.muted} role="status">
            Loading the form…
          </p>
        }
      >
        <SiteForm formId={formId} buttonLabel={buttonLabel} editing={editing} site={classes} />
      </Suspense>
    </Section>
  );
}

/** Spec: the roster respects the team's privacy: a private team's members are not shown to visitors. */
export function Roster({ heading }: BlockProps<'Roster'>) {
  const { teamId } = useSite();
  const team = useQuery({ ...teamQueryOptions(teamId ?? ''), enabled: teamId !== null });
  return (
    <Section heading={heading} label="Roster" loading={teamId !== null && team.isPending}>
      {!teamId ? (
        <Empty editorHint={noTeamHint} />
      ) : team.isError ? (
        <p className={classes.muted}>The roster is visible to the team’s members only.</p>
      ) : !team.data ? (
        <p className={classes.muted}>Loading the roster…</p>
      ) : (
        <ul className={classes.grid}>
          {team.data.members.map((member) => (
            <li key={member.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <img className={classes.avatar} src={member.photoURL} alt="" loading="lazy" width={40} height={40} />
              <span>
                {member.displayName}
                {member.role !== 'player' && <span className={classes.muted}> · {member.role}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Contact({ heading, text, email, phone, address }: BlockProps<'Contact'>) {
  return (
    <Section heading={heading} label="Contact">
      {text && <p className={classes.text}>{text}</p>}
      <ul className={classes.list}>
        {email && (
          <li>
            Email: <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
        {phone && (
          <li>
            Phone: <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          </li>
        )}
        {address && <li>Address: {address}</li>}
      </ul>
    </Section>
  );
}

/** The places the team plays at: where its upcoming events are, on Huddle's map. */
export function PlacesMap({ heading }: BlockProps<'Map'>) {
  const { teamId, events } = useLiveEvents();
  const places = new Map<string, MapMarker>();
  for (const event of events?.data?.events ?? []) {
    const { place } = event;
    const marker = places.get(place.id) ?? {
      id: place.id,
      position: { lat: place.lat, lng: place.lng },
      title: place.name,
      links: [{ label: place.name, href: `/places/view/${place.id}`, detail: place.address }],
    };
    places.set(place.id, marker);
  }
  const markers = [...places.values()];
  const first = markers[0];
  return (
    <Section heading={heading} label="Map of places" loading={events?.isPending}>
      {!teamId ? (
        <Empty editorHint={noTeamHint} />
      ) : !first ? (
        <p className={classes.muted}>{events?.isPending ? 'Loading places…' : 'No places with upcoming events.'}</p>
      ) : (
        <>
          <Suspense fallback={<div className={classes.mapPlaceholder} role="status" aria-label="Loading the map" />}>
            <SitePlacesMap
              label={`Map of ${heading || 'places'}`}
              center={first.position}
              zoom={11}
              markers={markers}
            />
          </Suspense>
          <ul className={classes.list} style={{ marginTop: 12 }}>
            {markers.map((marker) => (
              <li key={marker.id}>
                <a href={`/places/view/${marker.id}`}>{marker.title}</a>
                <span className={classes.muted}> · {marker.links[0]?.detail}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

export function Sponsors({ heading, sponsors }: BlockProps<'Sponsors'>) {
  return (
    <Section heading={heading} label="Sponsors">
      {sponsors.length === 0 ? (
        <Empty editorHint="Add sponsors in this block's settings." />
      ) : (
        <ul className={classes.grid}>
          {sponsors.map((sponsor, index) => {
            const body = sponsor.logoUrl ? (
              <img src={sponsor.logoUrl} alt={sponsor.name} loading="lazy" width={400} height={300} />
            ) : (
              sponsor.name
            );
            return (
              <li key={`${sponsor.name}-${index}`}>
                {sponsor.href ? (
                  <a href={sponsor.href} rel="noopener noreferrer sponsored">
                    {body}
                  </a>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** One block as visitors see it; the builder's canvas draws the same components. */
export function SiteBlock({ block }: { block: WebsiteBlock }) {
  switch (block.type) {
    case 'Hero':
      return <Hero {...block.props} />;
    case 'RichText':
      return <RichText {...block.props} />;
    case 'Image':
      return <ImageBlock {...block.props} />;
    case 'Gallery':
      return <Gallery {...block.props} />;
    case 'UpcomingEvents':
      return <UpcomingEvents {...block.props} />;
    case 'Seasons':
      return <Seasons {...block.props} />;
    case 'Form':
      return <FormBlock {...block.props} />;
    case 'Schedule':
      return <Schedule {...block.props} />;
    case 'Roster':
      return <Roster {...block.props} />;
    case 'Contact':
      return <Contact {...block.props} />;
    case 'Map':
      return <PlacesMap {...block.props} />;
    case 'Sponsors':
      return <Sponsors {...block.props} />;
  }
}
