import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** The one search box of full-search; the text goes into the address (?q=) on submit. */
export function FullSearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Search Huddle"
          placeholder="Games, teams, places, players"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
          maxLength={100}
          // An empty search page (the header's search icon on a phone): the box is what comes next.
          autoFocus={!initial}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
