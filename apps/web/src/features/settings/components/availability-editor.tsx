import {
  availabilitySavedMessage,
  availabilitySaveFailedMessage,
  weekDays,
  type AvailabilityBody,
  type WeekDay,
} from '@huddle/shared/availability';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useMyAvailability, useSaveMyAvailability } from '../api/availability.ts';
import {
  addDateEntry,
  addRange,
  availabilityBodyFrom,
  copyToAllDays,
  dayErrors,
  draftFrom,
  isWeekValid,
  removeRange,
  setDayAvailable,
  updateRange,
  type DraftDate,
  type DraftDay,
} from '../availability-rules.ts';
import { DateAvailabilityDialog } from './date-availability-dialog.tsx';
import { TimeRangesFields } from './time-ranges-fields.tsx';

const dayLabels: Record<WeekDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));
const saveFailedNotificationId = 'availability-save-failed';

interface DayRowProps {
  day: WeekDay;
  value: DraftDay;
  onChange: (value: DraftDay) => void;
  onCopyToAll: () => void;
}

function DayRow({ day, value, onChange, onCopyToAll }: DayRowProps) {
  const label = dayLabels[day];
  const errors = dayErrors(value);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Checkbox
          label={label}
          checked={value.isAvailable}
          onChange={(event) => onChange(setDayAvailable(value, event.currentTarget.checked))}
          styles={{ label: { fontWeight: 600 } }}
        />
        {value.ranges.length > 0 ? (
          <TimeRangesFields
            name={label}
            ranges={value.ranges}
            errors={errors.ranges}
            onChange={(index, change) => onChange(updateRange(value, index, change))}
            onRemove={(index) => onChange(removeRange(value, index))}
          />
        ) : null}
        {errors.day ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {errors.day}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange(addRange(value))}
            aria-label={`Add range to ${label}`}
          >
            Add range
          </Button>
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={onCopyToAll}
            aria-label={`Copy To All Other Days from ${label}`}
          >
            Copy To All Other Days
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AvailabilityForm({
  saved,
  footer,
  onSaved,
}: {
  saved: AvailabilityBody | null;
  footer?: ReactNode;
  onSaved?: () => void;
}) {
  const [draft, setDraft] = useState(() => draftFrom(saved));
  const [dialogOpened, setDialogOpened] = useState(false);
  const save = useSaveMyAvailability();
  const valid = isWeekValid(draft.week);

  const setDay = (day: WeekDay, value: DraftDay) =>
    setDraft((current) => ({ ...current, week: { ...current.week, [day]: value } }));
  const setDates = (dates: DraftDate[]) => setDraft((current) => ({ ...current, dates }));

  const submit = () => {
    if (!valid) return;
    notifications.hide(saveFailedNotificationId);
    save.mutate(availabilityBodyFrom(draft.week, draft.dates), {
      onSuccess: (reply) => {
        setDraft(draftFrom(reply.availability));
        notifications.show({ color: 'huddle', message: availabilitySavedMessage });
        onSaved?.();
      },
      onError: () => {
        // Spec §8: this one stays until the person closes it with OK.
        notifications.show({
          id: saveFailedNotificationId,
          color: 'red',
          autoClose: false,
          withCloseButton: false,
          message: (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <span>{availabilitySaveFailedMessage}</span>
              <Button size="compact-sm" variant="subtle" onClick={() => notifications.hide(saveFailedNotificationId)}>
                OK
              </Button>
            </Group>
          ),
        });
      },
    });
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg">
          <Stack gap="sm">
            <div>
              <Title order={3} size="h4">
                Your usual week
              </Title>
              <Text size="sm" c="dimmed">
                Tick the days you can usually play and when. Organizers near you see this when they need players.
              </Text>
            </div>
            {weekDays.map((day) => (
              <DayRow
                key={day}
                day={day}
                value={draft.week[day]}
                onChange={(value) => setDay(day, value)}
                onCopyToAll={() => setDraft((current) => ({ ...current, week: copyToAllDays(current.week, day) }))}
              />
            ))}
          </Stack>

          <Stack gap="sm">
            <div>
              <Title order={3} size="h4">
                Specific dates
              </Title>
              <Text size="sm" c="dimmed">
                Dates when your times differ from your usual week.
              </Text>
            </div>
            {draft.dates.length === 0 ? (
              <Text size="sm">No specific dates yet.</Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {draft.dates.map((entry) => (
                  <Paper key={entry.date} component="li" withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <div>
                        <Text size="sm" fw={600}>
                          {formatDate(entry.date)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {entry.ranges.map((range) => `${range.start}–${range.end}`).join(', ')}
                        </Text>
                      </div>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        aria-label={`Remove ${formatDate(entry.date)}`}
                        onClick={() => setDates(draft.dates.filter((other) => other.date !== entry.date))}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            <Group>
              <Button
                variant="default"
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
                onClick={() => setDialogOpened(true)}
              >
                Add date
              </Button>
            </Group>
          </Stack>

          <Group justify="space-between" gap="sm">
            {footer ?? <span />}
            <Button type="submit" disabled={!valid} loading={save.isPending}>
              Save
            </Button>
          </Group>
          {!valid ? (
            <Text size="sm" c="dimmed" ta="right">
              Fix the times marked above to save.
            </Text>
          ) : null}
        </Stack>
      </form>
      <DateAvailabilityDialog
        opened={dialogOpened}
        onClose={() => setDialogOpened(false)}
        onAdd={(entry) => setDates(addDateEntry(draft.dates, entry))}
      />
    </>
  );
}

/**
 * Settings, availability tab (spec §2, §4): the weekly editor and date-specific entries, saved
 * together. `onSaved` runs once the server has accepted a save (the guided start listens).
 */
export function AvailabilityEditor({ footer, onSaved }: { footer?: ReactNode; onSaved?: () => void }) {
  const availability = useMyAvailability();
  if (availability.isPending) return <Skeleton h={420} radius="md" />;
  if (availability.isError) {
    return (
      <Alert color="red" variant="light" title="We could not load your availability">
        <Stack gap="xs" align="flex-start">
          <span>{availability.error.message}</span>
          <Button size="xs" variant="default" onClick={() => void availability.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <AvailabilityForm saved={availability.data.availability} footer={footer} onSaved={onSaved} />;
}
