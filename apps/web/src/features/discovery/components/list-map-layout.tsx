import { Box, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips.tsx';
import classes from './list-map-layout.module.css';

export type DiscoverPane = 'list' | 'map';

interface ListMapLayoutProps {
  list: ReactNode;
  /** Absent for lists whose items have no position (teams, players). */
  map: ReactNode | null;
  /** On a phone one pane shows at a time, chosen with the toggle. */
  isPhone: boolean;
  pane: DiscoverPane;
  onPaneChange: (pane: DiscoverPane) => void;
}

const paneChoices = [
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
] as const;

/** Issue 5: the list and the map side by side; a single List/Map toggle on phones. */
export function ListMapLayout({ list, map, isPhone, pane, onPaneChange }: ListMapLayoutProps) {
  if (!map) return <Box>{list}</Box>;
  if (isPhone) {
    return (
      <Stack gap="sm">
        <ChoiceChips label="Show as" labelHidden fullWidth value={pane} onChange={onPaneChange} choices={paneChoices} />
        {pane === 'list' ? list : map}
      </Stack>
    );
  }
  return (
    <div className={classes.split}>
      <div className={classes.list}>{list}</div>
      <div className={classes.map}>{map}</div>
    </div>
  );
}
