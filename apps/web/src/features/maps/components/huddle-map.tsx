import { Anchor, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  divIcon,
  type DivIcon,
  type LeafletKeyboardEvent,
  type LeafletMouseEvent,
  type Map as LeafletMap,
} from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { GeoJSON, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { useMapTiles } from '../api/get-map-tiles.ts';
import { useUsStates } from '../api/get-us-states.ts';
import { type LatLng, type MapMarker, type MapView } from '../map-view.ts';
import { clusterMarkers } from '../marker-clusters.ts';
import { outlineInView } from '../outline-in-view.ts';
import {
  forgetFailedTiles,
  rememberTileHealth,
  tileHealthAfter,
  tileHealthFor,
  tileTimeoutMs,
  type TileEvent,
} from '../tile-health.ts';
import classes from './huddle-map.module.css';

export interface HuddleMapProps {
  /** The map region's accessible name ("Map of games near you"). */
  label: string;
  /** Where the map opens. Later changes do not move it: pass `focus` for that. */
  center: LatLng;
  zoom: number;
  markers: MapMarker[];
  height: number | string;
  /** What the markers' items are, for a group's name ("12 games nearby: zoom in"). */
  itemNoun?: { one: string; other: string };
  /** The map moves here whenever this point changes (a picked address). */
  focus?: LatLng | null;
  /** After every pan and zoom, and once when the map has measured itself. */
  onViewChange?: (view: MapView) => void;
  /** A point to set by clicking the map or dragging its marker (the place form). */
  picked?: LatLng | null;
  onPick?: (point: LatLng) => void;
  /** The popups' links load as documents: for pages outside the app's router (website pages, decision 041). */
  documentLinks?: boolean;
}

const markerIcon = divIcon({ className: classes.marker, iconSize: [20, 20] });
const pickedIcon = divIcon({ className: `${classes.marker} ${classes.picked}`, iconSize: [24, 24] });
const countIcons = new Map<string, DivIcon>();

/**
 * A numbered pin: several items at one place, or a group of nearby places. The number is
 * hidden from screen readers: the marker's title names it in words.
 */
function countIcon(count: number, group: boolean): DivIcon {
  const key = `${group ? 'group' : 'spot'} ${count}`;
  let icon = countIcons.get(key);
  if (!icon) {
    const size = group ? (count >= 100 ? 44 : 36) : 28;
    icon = divIcon({
      className: `${classes.marker} ${classes.count} ${group ? classes.group : ''}`,
      iconSize: [size, size],
      html: `<span aria-hidden="true">${count > 999 ? '999+' : count}</span>`,
    });
    countIcons.set(key, icon);
  }
  return icon;
}

function viewOf(map: LeafletMap): MapView {
  const center = map.getCenter();
  const bounds = map.getBounds();
  return {
    center: { lat: center.lat, lng: center.lng },
    zoom: map.getZoom(),
    bounds: {
      south: Math.max(-90, bounds.getSouth()),
      west: Math.max(-180, bounds.getWest()),
      north: Math.min(90, bounds.getNorth()),
      east: Math.min(180, bounds.getEast()),
    },
  };
}

function ViewReporter({ onViewChange }: { onViewChange: (view: MapView) => void }) {
  const map = useMapEvents({ moveend: () => onViewChange(viewOf(map)) });
  // The first measurement; later ones come from moveend.
  useEffect(() => onViewChange(viewOf(map)), [map, onViewChange]);
  return null;
}

function FocusFollower({ focus }: { focus: LatLng }) {
  const map = useMap();
  useEffect(() => {
    map.setView([focus.lat, focus.lng], Math.max(map.getZoom(), 14));
  }, [map, focus.lat, focus.lng]);
  return null;
}

function PickHandler({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/** Without tiles, the US state outlines (us-atlas) stand in for them: those near the view (outline-in-view.ts). */
function OfflineBackground() {
  const states = useUsStates();
  const map = useMap();
  const [view, setView] = useState(() => viewOf(map).bounds);
  useMapEvents({ moveend: () => setView(viewOf(map).bounds) });
  const near = useMemo(() => (states.data ? outlineInView(states.data, view) : null), [states.data, view]);
  if (!near) return null;
  return (
    <GeoJSON
      // Leaflet's layer takes its shapes once: a new set, a new layer.
      key={near.features.map((feature) => feature.id).join(' ')}
      data={near}
      interactive={false}
      style={() => ({ className: classes.state })}
      attribution="US Census Bureau (us-atlas)"
    />
  );
}

/**
 * The tile layer while its server answers; the offline outline when it does not (decision
 * 017). Leaflet asks only for the tiles in view (and its default one-tile margin), as the
 * OpenStreetMap tile usage policy asks: nothing is fetched ahead for later.
 */
function TilesOrOutline({ tiles }: { tiles: { url: string; attribution: string } }) {
  const [health, setHealth] = useState(() => tileHealthFor(tiles.url));
  const trying = health.state === 'trying';
  const eventHandlers = useMemo(() => {
    const record = (event: TileEvent) =>
      setHealth((current) => {
        const next = tileHealthAfter(current, event);
        rememberTileHealth(tiles.url, next);
        return next;
      });
    return { tileload: () => record('load'), tileerror: () => record('error') };
  }, [tiles.url]);

  useEffect(() => {
    if (!trying) return;
    const timer = window.setTimeout(
      () =>
        setHealth((current) => {
          const next = tileHealthAfter(current, 'timeout');
          rememberTileHealth(tiles.url, next);
          return next;
        }),
      tileTimeoutMs,
    );
    return () => window.clearTimeout(timer);
  }, [trying, tiles.url]);

  useEffect(() => {
    window.addEventListener('online', forgetFailedTiles);
    return () => window.removeEventListener('online', forgetFailedTiles);
  }, []);

  if (health.state === 'failed') return <OfflineBackground />;
  return (
    <TileLayer
      url={tiles.url}
      attribution={tiles.attribution}
      maxZoom={19}
      // The app's pages send no Referer (helmet's no-referrer); tile servers such as
      // OpenStreetMap's ask for one to tell who uses them: the origin, never the path.
      referrerPolicy="strict-origin-when-cross-origin"
      eventHandlers={eventHandlers}
    />
  );
}

/** The tiles the server's config names, or the outline when it names none (MAP_TILE_URL=off). */
function Basemap() {
  const tiles = useMapTiles();
  // Until the config answers, nothing behind the markers; the outline when it fails.
  if (tiles.isError || (tiles.isSuccess && tiles.data === null)) return <OfflineBackground />;
  return tiles.data ? <TilesOrOutline key={tiles.data.url} tiles={tiles.data} /> : null;
}

function MarkerPopup({ marker, documentLinks }: { marker: MapMarker; documentLinks: boolean }) {
  return (
    <Popup>
      <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
        {marker.links.map((link) => (
          <li key={link.href}>
            {documentLinks ? (
              <Anchor href={link.href} className={classes.popupLink}>
                {link.label}
              </Anchor>
            ) : (
              <Anchor component={Link} to={link.href} className={classes.popupLink}>
                {link.label}
              </Anchor>
            )}
            {link.detail ? (
              <Text size="xs" c="dimmed">
                {link.detail}
              </Text>
            ) : null}
            {link.extra}
          </li>
        ))}
      </Stack>
    </Popup>
  );
}

const defaultNoun = { one: 'item', other: 'items' };

/**
 * The markers, grouped: items at one place are one numbered marker whose popup lists them;
 * zoomed out, nearby places are one numbered marker that zooms in (marker-clusters.ts).
 */
function Pins({
  markers,
  itemNoun = defaultNoun,
  documentLinks,
}: {
  markers: MapMarker[];
  itemNoun?: HuddleMapProps['itemNoun'];
  documentLinks: boolean;
}) {
  const map = useMap();
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)) });
  const clusters = useMemo(() => clusterMarkers(markers), [markers]);
  const pins = useMemo(() => clusters.pinsIn(view.bounds, view.zoom), [clusters, view]);

  return pins.map((pin) =>
    pin.kind === 'cluster' ? (
      <Marker
        key={`group ${pin.id} ${pin.count}`}
        position={[pin.position.lat, pin.position.lng]}
        icon={countIcon(pin.count, true)}
        title={`${pin.count} ${pin.count === 1 ? itemNoun.one : itemNoun.other} nearby: zoom in`}
        eventHandlers={{
          click: () => map.setView([pin.position.lat, pin.position.lng], pin.expansionZoom),
          // Leaflet turns Enter into a click only for markers with a popup: a group zooms in by keyboard too.
          keypress: (event: LeafletKeyboardEvent) => {
            if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') {
              map.setView([pin.position.lat, pin.position.lng], pin.expansionZoom);
            }
          },
        }}
      />
    ) : (
      <Marker
        // Leaflet reads a marker's title only when creating it: a new title is a new marker.
        key={`${pin.marker.id} ${pin.marker.title}`}
        position={[pin.marker.position.lat, pin.marker.position.lng]}
        icon={pin.count > 1 ? countIcon(pin.count, false) : markerIcon}
        title={pin.marker.title}
      >
        <MarkerPopup marker={pin.marker} documentLinks={documentLinks} />
      </Marker>
    ),
  );
}

/**
 * The one map of Huddle (Leaflet). Loaded lazily (lazy-huddle-map.tsx): only pages with a
 * map download it. Every marker's item is also in a list beside it, so the map is never
 * the only way to reach anything; markers are still buttons for the keyboard.
 */
export function HuddleMap({
  label,
  center,
  zoom,
  markers,
  height,
  itemNoun,
  focus,
  onViewChange,
  picked,
  onPick,
  documentLinks = false,
}: HuddleMapProps) {
  // Leaflet reads these once, when the map is made; people who ask for less motion get none.
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const pickEvents = useMemo(
    () => ({
      dragend: (event: { target: { getLatLng: () => LatLng } }) => {
        const point = event.target.getLatLng();
        onPick?.({ lat: point.lat, lng: point.lng });
      },
    }),
    [onPick],
  );

  return (
    <div role="region" aria-label={label}>
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={zoom}
        className={classes.map}
        style={{ height }}
        scrollWheelZoom={false}
        worldCopyJump
        fadeAnimation={!reduceMotion}
        zoomAnimation={!reduceMotion}
        markerZoomAnimation={!reduceMotion}
      >
        <Basemap />
        <Pins markers={markers} itemNoun={itemNoun} documentLinks={documentLinks} />
        {picked ? (
          <Marker
            position={[picked.lat, picked.lng]}
            icon={pickedIcon}
            title="The place's location (drag to move)"
            draggable={Boolean(onPick)}
            eventHandlers={pickEvents}
          />
        ) : null}
        {onPick ? <PickHandler onPick={onPick} /> : null}
        {focus ? <FocusFollower focus={focus} /> : null}
        {onViewChange ? <ViewReporter onViewChange={onViewChange} /> : null}
      </MapContainer>
    </div>
  );
}
