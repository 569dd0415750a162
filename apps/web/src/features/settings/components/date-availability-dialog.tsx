import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  dateEntryErrors,
  defaultRange,
  isDateEntryValid,
  removeRange,
  updateRange,
  type DraftDate,
} from '../availability-rules.ts';
import { TimeRangesFields } from './time-ranges-fields.tsx';

interface DateAvailabilityDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdd: (entry: DraftDate) => void;
}

function freshEntry(): DraftDate {
  return { date: '', ranges: [defaultRange()] };
}

/** Spec §2: the date-specific availability dialog: a date, its ranges (17:00-20:00 to start), Add. */
export function DateAvailabilityDialog({ opened, onClose, onAdd }: DateAvailabilityDialogProps) {
  const [entry, setEntry] = useState<DraftDate>(freshEntry);
  const [tried, setTried] = useState(false);
  const errors = dateEntryErrors(entry);

  const close = () => {
    setEntry(freshEntry());
    setTried(false);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add a date" size={460}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is portalled, but React still bubbles submit to any form around it.
          event.stopPropagation();
          setTried(true);
          if (!isDateEntryValid(entry)) return;
          onAdd(entry);
          close();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            For a day that differs from your usual week: a tournament weekend, a holiday.
          </Text>
          <TextInput
            type="date"
            label="Date"
            required
            withAsterisk={false}
            value={entry.date}
            onChange={(event) => setEntry({ ...entry, date: event.currentTarget.value })}
            error={tried ? errors.date : undefined}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Times
            </Text>
            <TimeRangesFields
              name="Date"
              ranges={entry.ranges}
              errors={errors.ranges}
              onChange={(index, change) =>
                setEntry({
                  ...entry,
                  ranges: updateRange({ isAvailable: true, ranges: entry.ranges }, index, change).ranges,
                })
              }
              onRemove={(index) =>
                setEntry({ ...entry, ranges: removeRange({ isAvailable: true, ranges: entry.ranges }, index).ranges })
              }
            />
            {tried && errors.day ? (
              <Text size="sm" c="var(--mantine-color-error)">
                {errors.day}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() =>
                  setEntry({
                    ...entry,
                    ranges: [...entry.ranges, entry.ranges.length === 0 ? defaultRange() : { start: '', end: '' }],
                  })
                }
              >
                Add range
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Add</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
