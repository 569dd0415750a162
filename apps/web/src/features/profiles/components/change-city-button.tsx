import type { CurrentUser } from '@huddle/shared/users';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// The dialog (the city search, the modal) loads the first time it is opened, not with home.
const loadDialog = () => import('./change-city-dialog.tsx');
const ChangeCityDialog = lazy(() => loadDialog().then((module) => ({ default: module.ChangeCityDialog })));

interface ChangeCityButtonProps {
  user: CurrentUser;
  /** The saved user, to put back in the session. */
  onSaved: (user: CurrentUser) => void;
  variant?: 'default' | 'filled';
}

/**
 * "Change city" on home: a small dialog with the city search that saves the city and
 * nothing else, rather than the whole profile form.
 */
export function ChangeCityButton({ user, onSaved, variant = 'default' }: ChangeCityButtonProps) {
  const [opened, setOpened] = useState(false);
  // Stays mounted after the first opening, so closing can run its transition.
  const [loaded, setLoaded] = useState(false);
  const label = user.defaultCity ? 'Change city' : 'Set your city';
  return (
    <>
      <Button
        variant={variant}
        // Fetched as the pointer or focus arrives, so the dialog is usually there by the click.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {label}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ChangeCityDialog
            opened={opened}
            title={label}
            user={user}
            onSaved={onSaved}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
