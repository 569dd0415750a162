import { Anchor, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { divIcon, type LeafletMouseEvent, type Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { GeoJSON, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { useMapTiles } from '../api/get-map-tiles.ts';
import { useUsStates } from '../api/get-us-states.ts';
import { mergeColocated, type LatLng, type MapMarker, type MapView } from '../map-view.ts';
import classes from './huddle-map.module.css';

export interface HuddleMapProps {
  /** The map region's accessible name ("Map of games near you"). */
  label: string;
  /** Where the map opens. Later changes do not move it: pass `focus` for that. */
  center: LatLng;
  zoom: number;
  markers: MapMarker[];
  height: number | string;
  /** The map moves here whenever this point changes (a picked address). */
  focus?: LatLng | null;
  /** After every pan and zoom, and once when the map has measured itself. */
  onViewChange?: (view: MapView) => void;
  /** A point to set by clicking the map or dragging its marker (the place form). */
  picked?: LatLng | null;
  onPick?: (point: LatLng) => void;
}

const markerIcon = divIcon({ className: classes.marker, iconSize: [20, 20] });
const pickedIcon = divIcon({ className: `${classes.marker} ${classes.picked}`, iconSize: [24, 24] });

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

/** Without a tile server, the US state outlines (us-atlas) stand in for the tiles. */
function OfflineBackground() {
  const states = useUsStates();
  if (!states.data) return null;
  return (
    <GeoJSON
      data={states.data}
      interactive={false}
      style={() => ({ className: classes.state })}
      attribution="US Census Bureau (us-atlas)"
    />
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
  focus,
  onViewChange,
  picked,
  onPick,
}: HuddleMapProps) {
  const tiles = useMapTiles();
  // Leaflet reads these once, when the map is made; people who ask for less motion get none.
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const shownMarkers = useMemo(() => mergeColocated(markers), [markers]);
  // Until the config answers, draw nothing behind the markers; offline when it says so or fails.
  const offline = tiles.isError || (tiles.isSuccess && tiles.data === null);
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
        {tiles.data ? <TileLayer url={tiles.data.url} attribution={tiles.data.attribution} /> : null}
        {offline ? <OfflineBackground /> : null}
        {shownMarkers.map((marker) => (
          <Marker
            // Leaflet reads a marker's title only when creating it: a new title is a new marker.
            key={`${marker.id} ${marker.title}`}
            position={[marker.position.lat, marker.position.lng]}
            icon={markerIcon}
            title={marker.title}
          >
            <Popup>
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                {marker.links.map((link) => (
                  <li key={link.href}>
                    <Anchor component={Link} to={link.href} className={classes.popupLink}>
                      {link.label}
                    </Anchor>
                    {link.detail ? (
                      <Text size="xs" c="dimmed">
                        {link.detail}
                      </Text>
                    ) : null}
                    {link.status}
                  </li>
                ))}
              </Stack>
            </Popup>
          </Marker>
        ))}
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
