import type { CurrentUser } from '@huddle/shared/users';
import { Button, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCompass,
  IconForms,
  IconId,
  IconReceipt,
  IconReportMoney,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import classes from './quick-links-card.module.css';

const linkClassNames = { root: classes.link, label: classes.label };

// The card (QR code, dialog) loads the first time it is opened, not with home.
const PlayerCardDialog = lazy(() =>
  import('./player-card-dialog.tsx').then((module) => ({ default: module.PlayerCardDialog })),
);

/**
 * Spec §2, quick links, in the spec's order: Your Communities, Your Forms, Player Card,
 * Discover, Connect, Invoices & Payments.
 * Transactions follows, except on the meh variant (spec §1 hides its button there).
 */
export function QuickLinksCard({ user, showsTransactions }: { user: CurrentUser; showsTransactions: boolean }) {
  const [playerCardOpened, playerCard] = useDisclosure(false);
  // Stays mounted after the first opening, so closing can run its transition.
  const [playerCardLoaded, setPlayerCardLoaded] = useState(false);
  const openPlayerCard = () => {
    setPlayerCardLoaded(true);
    playerCard.open();
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="nav" aria-labelledby="quick-links-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="quick-links-heading">
          Quick links
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            variant="light"
            classNames={linkClassNames}
            component={Link}
            to="/my-communities"
            leftSection={<IconUsersGroup size={18} aria-hidden />}
          >
            Your Communities
          </Button>
          <Button
            variant="light"
            classNames={linkClassNames}
            component={Link}
            to="/form"
            leftSection={<IconForms size={18} aria-hidden />}
          >
            Your Forms
          </Button>
          <Button
            variant="light"
            classNames={linkClassNames}
            leftSection={<IconId size={18} aria-hidden />}
            onClick={openPlayerCard}
          >
            Player Card
          </Button>
          <Button
            variant="light"
            classNames={linkClassNames}
            component={Link}
            to="/discover"
            leftSection={<IconCompass size={18} aria-hidden />}
          >
            Discover
          </Button>
          <Button
            variant="light"
            classNames={linkClassNames}
            component={Link}
            to="/connect"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Connect
          </Button>
          <Button
            variant="light"
            classNames={linkClassNames}
            component={Link}
            to="/invoices"
            leftSection={<IconReceipt size={18} aria-hidden />}
          >
            Invoices &amp; Payments
          </Button>
          {showsTransactions ? (
            <Button
              variant="light"
              classNames={linkClassNames}
              component={Link}
              to="/transactions"
              leftSection={<IconReportMoney size={18} aria-hidden />}
            >
              Transactions
            </Button>
          ) : null}
        </SimpleGrid>
      </Stack>
      {playerCardLoaded ? (
        <Suspense fallback={null}>
          <PlayerCardDialog user={user} opened={playerCardOpened} onClose={playerCard.close} />
        </Suspense>
      ) : null}
    </Card>
  );
}
