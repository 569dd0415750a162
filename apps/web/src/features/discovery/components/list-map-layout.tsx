import type { ReactNode } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips.tsx';
import classes from './list-map-layout.module.css';

export type DiscoverPane = 'list' | 'map';

interface ListMapLayoutProps {
  list: ReactNode;
  /** Absent for lists whose items have no position (teams, players). */
  map: ReactNode | null;
  /** On a phone one pane shows at a time, chosen with the toggle. */
  pane: DiscoverPane;
  onPaneChange: (pane: DiscoverPane) => void;
}

const paneChoices = [
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
] as const;

/**
 * Issue 5: the list and the map side by side; a single List/Map toggle on phones. One tree on every
 * screen, laid out by CSS (issue 33: the server renders it and the page hydrates without a mismatch
 * or a shift, whatever the screen).
 */
export function ListMapLayout({ list, map, pane, onPaneChange }: ListMapLayoutProps) {
  if (!map) return <div>{list}</div>;
  return (
    <div className={classes.layout} data-pane={pane}>
      <div className={classes.paneToggle}>
        <ChoiceChips label="Show as" labelHidden fullWidth value={pane} onChange={onPaneChange} choices={paneChoices} />
      </div>
      <div className={classes.list}>{list}</div>
      <div className={classes.map}>{map}</div>
    </div>
  );
}
