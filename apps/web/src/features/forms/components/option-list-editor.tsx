import { formLimits } from '@huddle/shared/forms';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { moveItem } from '../builder-state.ts';
import { newId } from '../field-types.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

type Option = { id: string; label: string };

/** A choice field's options: add, rename, remove and reorder (buttons: a short list needs no dragging). */
export function OptionListEditor({
  fieldLabel,
  options,
  error,
  onChange,
}: {
  fieldLabel: string;
  options: Option[];
  error?: string;
  onChange: (options: Option[]) => void;
}) {
  return (
    <Stack gap="xs" role="group" aria-label={`Options of ${fieldLabel}`}>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {options.map((item, index) => (
        <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            aria-label={`Option ${index + 1}`}
            value={item.label}
            maxLength={formLimits.label}
            onChange={(event) => {
              const label = event.currentTarget.value;
              onChange(options.map((other) => (other.id === item.id ? { ...other, label } : other)));
            }}
          />
          <ActionIcon
            variant="subtle"
            aria-label={`Move option ${index + 1} up`}
            disabled={index === 0}
            onClick={() => onChange(moveItem(options, index, index - 1))}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move option ${index + 1} down`}
            disabled={index === options.length - 1}
            onClick={() => onChange(moveItem(options, index, index + 1))}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove option ${index + 1}`}
            disabled={options.length === 1}
            onClick={() => onChange(options.filter((other) => other.id !== item.id))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {error ? <ErrorText>{error}</ErrorText> : null}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        disabled={options.length >= formLimits.options}
        onClick={() => onChange([...options, { id: newId('o'), label: `Option ${options.length + 1}` }])}
      >
        Add an option
      </Button>
    </Stack>
  );
}
