import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import classes from './place-poster.module.css';

export interface PosterContent {
  title: string;
  /** Lines under the title: the address, the next time, the game. */
  lines: string[];
  /** The page the QR code opens (absolute). */
  url: string;
}

/**
 * places/poster: a page to print and pin up at the court, with a QR code to the place or
 * event page. When printing, only the poster shows (the app's frame and the button hide).
 */
export function PlacePoster({ poster }: { poster: PosterContent }) {
  return (
    <Stack className={classes.poster} gap="xl" align="center" ta="center" py="xl">
      <Group className={classes.screenOnly} justify="center">
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Title order={1} className={classes.title}>
        {poster.title}
      </Title>
      <Stack gap={6}>
        {poster.lines.map((line) => (
          <Text key={line} size="xl" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
      </Stack>
      <Center>
        {/* Dark on white whatever the colour scheme: scanners and printers read that best. */}
        <Box p="md" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)', lineHeight: 0 }}>
          <QRCodeSVG
            value={poster.url}
            size={280}
            level="M"
            role="img"
            aria-label={`QR code linking to ${poster.title}`}
          />
        </Box>
      </Center>
      <Stack gap={2}>
        <Text size="lg">Scan to see who is playing and join on Huddle</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {poster.url}
        </Text>
      </Stack>
    </Stack>
  );
}
