import { Alert, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCreateForm } from '../../features/forms/api/create-form.ts';

/** form/build (signed in): starts a draft (for ?teamId= when given) and opens its builder in place. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateForm();
  const [error, setError] = useState<string | null>(null);
  // One draft per visit: the effect runs twice in development, the ref once per mount.
  const started = useRef(false);
  const teamId = params.get('teamId');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create
      .mutateAsync({ title: 'Untitled form', teamId })
      .then((draft) => navigate(`/form/build/${draft.id}`, { replace: true }))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [create, navigate, teamId]);

  return (
    <Stack maw={720}>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : (
        <Text c="dimmed" role="status">
          Starting a new form…
        </Text>
      )}
    </Stack>
  );
}
