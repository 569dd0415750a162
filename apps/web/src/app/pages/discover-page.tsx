import type { UsCity } from '@huddle/shared/profiles';
import { discoverHeading, discoverLead, discoverPartnersNote } from '@huddle/shared/landing-pages';
import { Anchor, Button, Group, Skeleton, Stack, Text, TextInput, Title, em } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { useDiscoverEvents } from '../../features/discovery/api/discover-events.ts';
import { useGameTypeLabels } from '../../features/discovery/api/list-game-types.ts';
import { usePlacesInBounds } from '../../features/discovery/api/places-in-bounds.ts';
import { DiscoverContextNav } from '../../features/discovery/components/discover-context-nav.tsx';
import { DiscoverFiltersForm } from '../../features/discovery/components/discover-filters-form.tsx';
import { eventPath, spotsLabel } from '../../features/discovery/components/event-summary-list.tsx';
import { EventResults } from '../../features/discovery/components/event-results.tsx';
import { ListMapLayout, type DiscoverPane } from '../../features/discovery/components/list-map-layout.tsx';
import { VisitorLocationPrompt } from '../../features/discovery/components/visitor-location-prompt.tsx';
import { useVisitorLocation, type VisitorLocation } from '../../features/discovery/visitor-location.ts';
import { placePath } from '../../features/discovery/components/place-list.tsx';
import { PlaceResults } from '../../features/discovery/components/place-results.tsx';
import { PlayerResults } from '../../features/discovery/components/player-results.tsx';
import { TeamResults } from '../../features/discovery/components/team-results.tsx';
import {
  activeFilterCount,
  clearedFilters,
  discoverContextFrom,
  filtersFromSearchParams,
  filtersToSearchParams,
  type DiscoverFilters,
} from '../../features/discovery/discover-filters.ts';
import { eventsByPlace } from '../../features/discovery/events-by-place.ts';
import { ViewerStatusBadge } from '../../components/ui/viewer-status-badge.tsx';
import { LazyHuddleMap } from '../../features/maps/components/lazy-huddle-map.tsx';
import type { MapMarker, MapView } from '../../features/maps/map-view.ts';
import { useDistanceUnit } from '../../lib/distance-unit.tsx';
import { formatEventStart } from '../../lib/format-event-time.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { discoverEventsQueryAt, initialDiscoverView, type DiscoverHere } from './discover-view.ts';
import classes from './discover-page.module.css';

/** Spec §9: the places (and games) of a moved map load 500 ms after it stops. */
const mapSettleMs = 500;
const cityPath = '/settings?tab=0';

type Here = DiscoverHere;

function visitorHere(location: VisitorLocation): Here | null {
  if (location.status !== 'ready') return null;
  return location.source === 'city' ? location.city : { name: null, ...location.point };
}

// Only signed-out visitors without a location pick a city here: its search list loads with it.
const CityAutocomplete = lazy(() =>
  import('../../features/profiles/components/city-autocomplete.tsx').then((module) => ({
    default: module.CityAutocomplete,
  })),
);

/** The visitor's city field: picking a city from the list is the whole form. */
function VisitorCityField({ onCityChosen }: { onCityChosen: (city: UsCity) => void }) {
  const [text, setText] = useState('');
  const field = { label: 'City', description: 'Start typing and pick a city from the list.' };
  return (
    // The same field, disabled, while the search loads: nothing moves when it arrives.
    <Suspense fallback={<TextInput {...field} disabled />}>
      <CityAutocomplete {...field} value={text} onChange={setText} onCityChosen={onCityChosen} />
    </Suspense>
  );
}

/**
 * discover and discover/{context} (spec §2; public, §6): a list and a map side by side,
 * one of them at a time on phones. Events and games are one list (discoverEvents); teams
 * and players have no position on the map and show as lists only.
 */
export function Component() {
  const context = discoverContextFrom(useParams().context);
  const { pathname } = useLocation();
  const session = useSession();
  const user = session.data?.user ?? null;
  const city = user?.defaultCity ?? null;
  // Signed out (issue 11): the browser's location or a picked city, never the middle of the country.
  const visitor = useVisitorLocation(!session.isPending && !user);
  const here: Here | null = city ?? (user ? null : visitorHere(visitor.location));
  const needsVisitorLocation = !user && visitor.location.status !== 'ready';
  const unit = useDistanceUnit();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  // The layout is CSS (one tree on every screen: the server renders it, issue 33); the phone's width
  // only decides, once hydrated, whether the hidden map loads at all.
  const isPhone = useMediaQuery(`(max-width: ${em(767.98)})`, undefined, { getInitialValueInEffect: false });
  const hydrated = useHydrated();
  const [pane, setPane] = useState<DiscoverPane>('list');

  // The map opens on where the viewer is; it reports where it looks. A new place (the visitor
  // picked another city) starts the map again there.
  const hereKey = here ? `${here.lat},${here.lng}` : 'nowhere';
  const [view, setView] = useState<MapView>(() => initialDiscoverView(here));
  const [viewKey, setViewKey] = useState(hereKey);
  if (viewKey !== hereKey) {
    setViewKey(hereKey);
    setView(initialDiscoverView(here));
  }
  const [settledView] = useDebouncedValue(view, mapSettleMs);
  const onViewChange = useCallback((next: MapView) => setView(next), []);

  const listsEvents = context === 'events' || context === 'games';
  const eventsQuery = discoverEventsQueryAt(filters, here, settledView, unit);
  const events = useDiscoverEvents(eventsQuery, listsEvents && !needsVisitorLocation);
  const places = usePlacesInBounds(settledView.bounds, context === 'places' && !needsVisitorLocation);
  const gameTypes = useGameTypeLabels();

  // The answer renders in a background (time-sliced) render: a page of cards and their markers
  // is a long task on a phone when it renders at once (issue 11, decision 021).
  const shownEvents = useDeferredValue(events.data);
  const shownEventsStatus = useDeferredValue(events.status);
  const eventList = useMemo(() => shownEvents?.pages.flatMap((page) => page.events) ?? [], [shownEvents]);
  const markers = useMemo<MapMarker[]>(() => {
    if (listsEvents) {
      return eventsByPlace(eventList).map(({ place, events: here }) => ({
        id: place.id,
        position: { lat: place.lat, lng: place.lng },
        title: here.length === 1 ? `${here[0]?.title} at ${place.name}` : `${place.name}: ${here.length} games`,
        links: here.map((event) => ({
          label: event.title,
          href: eventPath(event.id),
          // The popup answers "when, and is there room?" before the player opens the game.
          detail: `${event.next ? formatEventStart(event.next.startsAt, event.timeZone) : 'No upcoming date'} · ${spotsLabel(event)}`,
          extra: <ViewerStatusBadge status={event.viewerStatus} timeZone={event.timeZone} />,
        })),
      }));
    }
    if (context === 'places') {
      return (places.data?.places ?? []).map((place) => ({
        id: place.id,
        position: { lat: place.lat, lng: place.lng },
        title: place.name,
        links: [{ label: place.name, href: placePath(place.id), detail: place.address }],
      }));
    }
    return [];
  }, [context, listsEvents, eventList, places.data]);

  if (!context) return <Navigate to="/discover" replace />;

  const setFilters = (next: DiscoverFilters) => setSearchParams(filtersToSearchParams(next), { replace: true });

  const list = listsEvents ? (
    <EventResults
      events={eventList}
      status={shownEventsStatus}
      hasMore={events.hasNextPage}
      loadingMore={events.isFetchingNextPage}
      onLoadMore={() => void events.fetchNextPage()}
      onRetry={() => void events.refetch()}
      onClearFilters={activeFilterCount(filters) > 0 ? () => setFilters(clearedFilters(filters)) : null}
    />
  ) : context === 'places' ? (
    <PlaceResults places={places.data?.places ?? []} status={places.status} onRetry={() => void places.refetch()} />
  ) : context === 'teams' ? (
    <TeamResults near={Boolean(city)} />
  ) : (
    <PlayerResults
      origin={city}
      signedIn={Boolean(user)}
      signInPath={authPathWithReturnTo(authPaths.login, pathname)}
      cityPath={cityPath}
    />
  );

  const hasMap = listsEvents || context === 'places';
  const mapHeight = isPhone ? 'calc(100dvh - 300px)' : 'max(420px, calc(100dvh - 260px))';
  // Issue 11: the map (Leaflet's code, its tiles) loads once the list has its first answer, so
  // the list paints first; until then a placeholder of the map's size holds its place. Issue 33:
  // and only after hydration (the server renders the placeholder), and on a phone only once the
  // Map pane is chosen.
  const listAnswered = listsEvents ? shownEventsStatus !== 'pending' : places.status !== 'pending';
  const mapLoads = hydrated && listAnswered && (!isPhone || pane === 'map');
  const map = !hasMap ? null : mapLoads ? (
    <LazyHuddleMap
      // The map reads its centre once: a new place is a new map.
      key={hereKey}
      label={context === 'places' ? 'Map of places' : 'Map of games'}
      center={view.center}
      zoom={view.zoom}
      markers={markers}
      itemNoun={context === 'places' ? { one: 'place', other: 'places' } : { one: 'game', other: 'games' }}
      height={mapHeight}
      onViewChange={onViewChange}
    />
  ) : (
    <Skeleton className={classes.mapPlaceholder} radius="lg" role="status" aria-label="Loading the map" />
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{discoverHeading}</Title>
          <Text c="dimmed">{discoverLead(here?.name)}</Text>
          <Text size="sm">
            {/* A plain path: the partners' contract module would add its schemas to this landing page. */}
            <Anchor component={Link} to="/partners/venues" fw={600} c="inherit" underline="always">
              {discoverPartnersNote.label}
            </Anchor>
            {discoverPartnersNote.text}
          </Text>
        </Stack>
        {user && listsEvents ? (
          <Button component={Link} to="/events/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New game
          </Button>
        ) : null}
        {user && context === 'places' ? (
          <Button component={Link} to="/places/new" leftSection={<IconPlus size={16} aria-hidden />}>
            Add a place
          </Button>
        ) : null}
      </Group>
      <DiscoverContextNav current={context} search={filtersToSearchParams(filters).toString()} />
      {listsEvents ? (
        <DiscoverFiltersForm
          filters={filters}
          onChange={setFilters}
          gameTypes={gameTypes.data ?? []}
          distanceFrom={here ? (here.name ?? 'your location') : 'the map centre'}
        />
      ) : null}
      {!user && (listsEvents || context === 'places') ? (
        visitor.location.status === 'ready' ? (
          <Text size="sm">
            Showing {context === 'places' ? 'places' : 'games'} near{' '}
            {visitor.location.source === 'city' ? visitor.location.city.name : 'your location'}.{' '}
            <Anchor component="button" type="button" size="sm" onClick={visitor.changeCity}>
              Change
            </Anchor>
          </Text>
        ) : (
          <VisitorLocationPrompt
            location={visitor.location}
            cityPicker={<VisitorCityField onCityChosen={visitor.pickCity} />}
            onLocate={visitor.locateDevice}
            onCancel={visitor.cancelPicking}
          />
        )
      ) : null}
      {needsVisitorLocation && hasMap ? null : (
        <ListMapLayout list={list} map={map} pane={pane} onPaneChange={setPane} />
      )}
    </Stack>
  );
}
