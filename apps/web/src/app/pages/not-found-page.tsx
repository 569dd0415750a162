import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LostDogIllustration } from '../../components/ui/lost-dog-illustration.tsx';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths } from '@huddle/shared/auth-pages';
import { notFoundPageName } from '../page-title.ts';
import { signedInLandingPath } from '../signed-in-landing.ts';
import { usePageName } from '../use-page-name.ts';

/**
 * Spec §2, error page: the lost dog, and a way home (sign-up, or discover events when
 * signed in). It renders inside the layout of pages open to everyone, so a signed-in
 * person keeps the header and navigation.
 */
export function Component() {
  const signedIn = Boolean(useSession().data?.user);
  usePageName(notFoundPageName);
  return (
    <Center mih="60dvh" py="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <LostDogIllustration size={180} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          This dog is having a hard time finding the page
        </Title>
        <Text size="lg">Maybe try another page, please?</Text>
        <Button component={Link} to={signedIn ? signedInLandingPath : authPaths.signUp} size="md" mt="sm">
          {signedIn ? 'Discover events' : 'Take me home'}
        </Button>
      </Stack>
    </Center>
  );
}
