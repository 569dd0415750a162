import { Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatEventStart, useViewerTimeZone, viewerTimeZone } from '../../../lib/format-event-time.ts';
import { useSeasonSessions } from '../api/seasons.ts';

const loadAddSessionsForm = () => import('./add-sessions-form.tsx');
const AddSessionsForm = lazy(() => loadAddSessionsForm().then((module) => ({ default: module.AddSessionsForm })));

/**
 * A session reads as an event's date does (one formatter, the zone named): in the team's zone,
 * with the viewer's own time after it when that zone differs (issue 11). A team made before
 * teams had a zone shows the viewer's, named, so "7:00 PM CDT" is never a guess. The viewer's zone
 * is the render's (useViewerTimeZone): the server renders the team's sessions with the page (issue
 * 33) and knows the viewer's zone only from its cookie; unknown, a zoneless team's read in UTC, named.
 */
function formatSession(iso: string, teamZone: string | null, viewerZone: string | null): string {
  const zone = teamZone ?? viewerZone ?? 'UTC';
  const inZone = formatEventStart(iso, zone, 'en-US');
  if (viewerZone === null) return inZone;
  const yours = formatEventStart(iso, viewerZone, 'en-US');
  return yours === inZone ? inZone : `${inZone} (your time ${yours})`;
}

interface SeasonSessionsProps {
  seasonId: string;
  /** The team's zone; sessions are set and shown in it. */
  teamTimeZone: string | null;
  manages: boolean;
}

/** The dated meetings of a season, in the team's time zone; organizers add one or a weekly series. */
export function SeasonSessions({ seasonId, teamTimeZone, manages }: SeasonSessionsProps) {
  const sessions = useSeasonSessions(seasonId);
  const viewerZone = useViewerTimeZone();
  const list = sessions.data?.sessions ?? [];
  const [now] = useState(() => Date.now());
  const upcoming = list.filter((session) => Date.parse(session.endsAt) > now);
  return (
    <Stack gap={4}>
      {upcoming.length > 0 && (
        <Text size="sm">
          Next sessions:{' '}
          {upcoming
            .slice(0, 3)
            .map(
              (session) =>
                `${session.title ? `${session.title}, ` : ''}${formatSession(session.startsAt, teamTimeZone, viewerZone)}`,
            )
            .join(' · ')}
          {upcoming.length > 3 ? ` and ${upcoming.length - 3} more` : ''}
        </Text>
      )}
      {manages && <AddSessions seasonId={seasonId} timeZone={teamTimeZone ?? viewerTimeZone()} />}
    </Stack>
  );
}

/**
 * "Add sessions" and, once pressed, its form: the form's code loads on the first press (decision
 * 082's addendum), fetched as the pointer or focus reaches the button.
 */
function AddSessions({ seasonId, timeZone }: { seasonId: string; timeZone: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadAddSessionsForm()}
        onFocus={() => void loadAddSessionsForm()}
        style={{ alignSelf: 'flex-start' }}
      >
        Add sessions
      </Button>
    );
  return (
    <Suspense fallback={<Text c="dimmed">Loading the form…</Text>}>
      <AddSessionsForm seasonId={seasonId} timeZone={timeZone} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
