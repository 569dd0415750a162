import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { verifyEmailPath } from '../auth-paths.ts';
import classes from './verify-email-banner.module.css';

/** On home while the address is unconfirmed: a short note and the way to the verify-email page. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      // Shown from the start, not news: a named region (by its title), not an alert.
      role="region"
      icon={<IconMailExclamation aria-hidden />}
      title="Please confirm your email"
      classNames={{ title: classes.title }}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        We sent a link to {email}.{' '}
        <Anchor component={Link} to={verifyEmailPath} fw={600} c="inherit" underline="always">
          Verify your email
        </Anchor>
      </Text>
    </Alert>
  );
}
