import { createUsePuck } from '@puckeditor/core';
import type { WebsiteBlockType } from '@huddle/shared/websites';
import { useId, useState } from 'react';
import { blockDefaults, blockLabels } from '../../../features/websites/site-document.ts';

const usePuck = createUsePuck();
/** Puck's page-level drop zone (its rootDroppableId). */
const pageZone = 'root:default-zone';
const blockTypes = Object.keys(blockDefaults) as WebsiteBlockType[];

/**
 * Adds a block at the end of the page and selects it: the keyboard's way (and a phone's) to what
 * dragging from the blocks list does.
 */
export function AddBlockControl() {
  const dispatch = usePuck((puck) => puck.dispatch);
  const count = usePuck((puck) => puck.appState.data.content.length);
  const [type, setType] = useState<WebsiteBlockType>('Hero');
  const id = useId();
  return (
    <form
      style={{ display: 'flex', gap: 6, alignItems: 'center' }}
      onSubmit={(event) => {
        event.preventDefault();
        dispatch({ type: 'insert', componentType: type, destinationIndex: count, destinationZone: pageZone });
        dispatch({ type: 'setUi', ui: { itemSelector: { index: count, zone: pageZone } } });
      }}
    >
      <label htmlFor={id} style={{ fontSize: 14 }}>
        Block
      </label>
      <select
        id={id}
        value={type}
        onChange={(event) => setType(event.currentTarget.value as WebsiteBlockType)}
        style={{ minHeight: 32 }}
      >
        {blockTypes.map((each) => (
          <option key={each} value={each}>
            {blockLabels[each]}
          </option>
        ))}
      </select>
      <button type="submit" style={{ minHeight: 32 }}>
        Add block
      </button>
    </form>
  );
}
