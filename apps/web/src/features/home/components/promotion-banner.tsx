import type { PublicPromotion } from '@huddle/shared/promotions';
import { Anchor, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import classes from './promotion-banner.module.css';

/** The community sale banner (spec §2 home): headline, words, an optional link, and a way to dismiss it. */
export default function PromotionBanner({
  promotion,
  onDismiss,
}: {
  promotion: PublicPromotion;
  onDismiss: () => void;
}) {
  const internal = promotion.linkUrl?.startsWith('/') ?? false;
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useEffect(() => keepFocusClearOf(banner), [banner]);
  return (
    <Paper
      ref={setBanner}
      component="aside"
      aria-label="Community sale"
      withBorder
      shadow="md"
      radius="md"
      p="md"
      className={classes.banner}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {promotion.headline}
          </Text>
          {promotion.text ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {promotion.text}
            </Text>
          ) : null}
          {promotion.linkUrl ? (
            <Text size="sm">
              {internal ? (
                <Anchor component={Link} to={promotion.linkUrl} fw={600} c="inherit" underline="always">
                  {promotion.linkLabel}
                </Anchor>
              ) : (
                <Anchor
                  href={promotion.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  fw={600}
                  c="inherit"
                  underline="always"
                >
                  {promotion.linkLabel}
                </Anchor>
              )}
            </Text>
          ) : null}
        </Stack>
        <CloseButton aria-label="Dismiss the sale banner" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}

/**
 * While the banner shows, the page's scroll padding at the bottom is the banner's height and
 * the gap under it, so a control brought into view by Tab (or find-in-page) stops above the
 * banner instead of behind it (WCAG 2.4.11, focus not obscured). Kept to the banner's height as
 * it wraps; undone when it goes.
 */
function keepFocusClearOf(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const root = document.documentElement;
  const update = () => {
    const gapBelow = parseFloat(getComputedStyle(element).bottom) || 0;
    root.style.scrollPaddingBottom = `${Math.ceil(element.offsetHeight + gapBelow + 8)}px`;
  };
  update();
  const observer = new ResizeObserver(update);
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = '';
  };
}
