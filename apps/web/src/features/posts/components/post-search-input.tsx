import { postLimits } from '@huddle/shared/posts';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** Search within the board (title and text); the page debounces what it sends. */
export function PostSearchInput({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder="Words in a title or text"
      leftSection={<IconSearch size={16} aria-hidden />}
      maxLength={postLimits.search}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={480}
    />
  );
}
