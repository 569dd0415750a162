import { Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../../../components/ui/color-scheme-toggle.tsx';
import { HuddleLogo } from '../../../components/ui/huddle-logo.tsx';

/** The frame of the signed-out pages: logo and scheme toggle on top, the form in a centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-default-hover)" pb="xl">
      <Container component="header" size={440} py="md" px="md">
        <Group justify="space-between">
          <HuddleLogo size={32} />
          <ColorSchemeToggle />
        </Group>
      </Container>
      <Container component="main" size={440} px={{ base: 'xs', xs: 'md' }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
