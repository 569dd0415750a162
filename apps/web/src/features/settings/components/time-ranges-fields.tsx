import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import type { DraftRange, RangeErrors } from '../availability-rules.ts';

interface TimeRangesFieldsProps {
  /** Names the fields for screen readers: "Monday start time, range 1". */
  name: string;
  ranges: DraftRange[];
  errors: RangeErrors[];
  onChange: (index: number, change: Partial<DraftRange>) => void;
  onRemove: (index: number) => void;
}

/** The time ranges of one day or date: from, to, remove; each range's problems under it. */
export function TimeRangesFields({ name, ranges, errors, onChange, onRemove }: TimeRangesFieldsProps) {
  const baseId = useId();
  return (
    <Stack gap="xs">
      {ranges.map((range, index) => {
        const error = errors[index] ?? {};
        const messages = [error.start, error.end].filter(Boolean);
        const errorId = `${baseId}-${index}-error`;
        const describedBy = messages.length > 0 ? errorId : undefined;
        const number = index + 1;
        return (
          <Stack key={index} gap={4}>
            <Group gap="xs" wrap="nowrap" align="center">
              <TextInput
                type="time"
                aria-label={`${name} start time, range ${number}`}
                value={range.start}
                onChange={(event) => onChange(index, { start: event.currentTarget.value })}
                error={Boolean(error.start)}
                aria-describedby={describedBy}
                w={124}
              />
              <Text size="sm" c="dimmed" aria-hidden>
                to
              </Text>
              <TextInput
                type="time"
                aria-label={`${name} end time, range ${number}`}
                value={range.end}
                onChange={(event) => onChange(index, { end: event.currentTarget.value })}
                error={Boolean(error.end)}
                aria-describedby={describedBy}
                w={124}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Remove ${name} range ${number}`}
                onClick={() => onRemove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            {messages.length > 0 ? (
              <Text id={errorId} size="sm" c="var(--mantine-color-error)">
                {messages.join(' ')}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
