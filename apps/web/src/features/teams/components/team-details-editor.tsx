import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { TeamDetailsEditorProps } from './team-details-dialog.tsx';

const loadDetailsDialog = () => import('./team-details-dialog.tsx');
const TeamDetailsDialog = lazy(() => loadDetailsDialog().then((module) => ({ default: module.TeamDetailsDialog })));

/**
 * "Edit details" on a team's page (owner and organizers): what the create flow let them skip. The
 * dialog, with its schema (zod) and Mantine's selects, loads on the first press (decision 082's
 * addendum): the page is interactive without it. Fetched as the pointer or focus reaches the button.
 */
export function TeamDetailsEditor(props: TeamDetailsEditorProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing keeps its transition.
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDetailsDialog()}
        onFocus={() => void loadDetailsDialog()}
      >
        Edit details
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <TeamDetailsDialog {...props} opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
