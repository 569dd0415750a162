import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportCaughtError } from '../lib/caught-errors.ts';

/**
 * When a page cannot load: usually the connection, or a new version was deployed and
 * this tab asks for files that are gone. Loading the page again fixes both.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // A page that failed is reported (decision 052); an answer a loader chose (a 404) is not a fault.
  useEffect(() => {
    if (!isRouteErrorResponse(error) || error.status >= 500) reportCaughtError(error);
  }, [error]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text>We could not load this page. Check your connection and try again.</Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    </Center>
  );
}
