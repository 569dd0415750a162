import { eventCalendarPath } from '@huddle/shared/calendar';
import type { EventView } from '@huddle/shared/events';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconShare } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The short link (spec §2 evt/{id}) to share, copied when the browser allows, shown otherwise;
 * and the date shown as a calendar file (issue 11: a player adds the date they play, not the
 * series). Organizers and people who favourited a weekly game may add the whole series too.
 */
export function ShareEvent({ view }: { view: EventView }) {
  const eventId = view.event.id;
  const series = view.event.repeat !== null && (view.canManage || view.isFavorite);
  const [shownUrl, setShownUrl] = useState<string | null>(null);

  const share = async () => {
    const url = `${window.location.origin}/evt/${eventId}`;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      notifications.show({ message: 'Link copied. Paste it anywhere to share this game.' });
    } catch {
      // No clipboard (an insecure origin, or permission refused): let people copy it themselves.
      setShownUrl(url);
    }
  };

  return (
    <>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => void share()}>
          Share
        </Button>
        <Button
          component="a"
          href={eventCalendarPath(eventId, view.occurrence.startsAt)}
          download
          variant="default"
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
        >
          Add to calendar
        </Button>
        {series && (
          <Button
            component="a"
            href={eventCalendarPath(eventId)}
            download
            variant="subtle"
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
          >
            Add the whole series
          </Button>
        )}
      </Group>
      {shownUrl && (
        <TextInput
          label="Link to this game"
          description="Copy it and send it to your friends."
          value={shownUrl}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          autoFocus
        />
      )}
    </>
  );
}
