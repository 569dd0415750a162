import type { ViewerStatus } from '@huddle/shared/events';
import { Badge } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import { formatTimeLeft } from '../../lib/format-event-time.ts';
import { dateTimeFormat } from '../../lib/intl-formats.ts';

/**
 * The words for the viewer's own status on a date: "Going", "Waitlist #3", "Offer open · 12 min
 * left"; with the date when it is a later date of the series than the one listed: "Going · Jun 9".
 */
export function viewerStatusLabel(status: NonNullable<ViewerStatus>, now: number, timeZone?: string): string {
  const label = statusWords(status, now);
  if (!status.on) return label;
  const day = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(new Date(status.on));
  return `${label} · ${day}`;
}

function statusWords(status: NonNullable<ViewerStatus>, now: number): string {
  switch (status.kind) {
    case 'going':
      return 'Going';
    case 'waitlist':
      return status.waitlistPosition ? `Waitlist #${status.waitlistPosition}` : 'Waitlist';
    case 'offer':
      return status.offerExpiresAt
        ? `Offer open · ${formatTimeLeft(Date.parse(status.offerExpiresAt) - now)}`
        : 'Offer open';
    case 'organizer':
      return 'Organizer';
  }
}

// Filled, in shades dark enough for white text at 4.5:1 (axe runs on every page).
const colors: Record<NonNullable<ViewerStatus>['kind'], string> = {
  going: 'huddle.9',
  waitlist: 'grape.9',
  offer: 'blue.9',
  organizer: 'gray.9',
};

/** Re-reads the clock twice a minute while an offer's time runs. */
function useNow(ticking: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: ticking });
  return now;
}

/**
 * The viewer's own status on an event (issue 11), the same wherever an event is listed: home,
 * discover, a place's or a team's events and the map popup. Nothing when not involved.
 */
export function ViewerStatusBadge({ status, timeZone }: { status: ViewerStatus; timeZone?: string }) {
  const now = useNow(status?.kind === 'offer');
  if (!status) return null;
  return (
    <Badge variant="filled" color={colors[status.kind]} data-viewer-status={status.kind}>
      {viewerStatusLabel(status, now, timeZone)}
    </Badge>
  );
}
