// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetKeptFilling,
  keptFillingKey,
  readKeptFilling,
  useKeptFilling,
  type KeptFilling,
} from './kept-answers.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const key = keptFillingKey('form-1');
const filling: KeptFilling = {
  answers: { position: 'Winger', days: ['sun'] },
  clientId: 'c-1',
  guest: { name: 'Vi Visitor', email: 'vi@example.com' },
};

function Keeper({ value, keeping }: { value: KeptFilling; keeping: boolean }) {
  useKeptFilling(key, value, keeping);
  return null;
}

afterEach(() => sessionStorage.clear());

/** Decision 049: a filling kept in the tab, per form, for form/{id} and the site's form block alike. */
describe('the kept filling', () => {
  it('is written as it changes, read back after a reload, and forgotten after a send', async () => {
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Keeper value={filling} keeping />));
    expect(readKeptFilling(key)).toEqual(filling);
    const typedMore = { ...filling, answers: { ...filling.answers, notes: 'Left-footed.' } };
    await act(async () => root.render(<Keeper value={typedMore} keeping />));
    expect(readKeptFilling(key)?.answers.notes).toBe('Left-footed.');
    forgetKeptFilling(key);
    // Sent: nothing is written again, though the state still holds the answers.
    await act(async () => root.render(<Keeper value={{ ...typedMore, clientId: 'c-2' }} keeping={false} />));
    expect(readKeptFilling(key)).toBeNull();
    expect(readKeptFilling(keptFillingKey('form-2'))).toBeNull();
    await act(async () => root.unmount());
  });

  it('reads nothing from a broken entry, and nothing without a key (the builder)', () => {
    sessionStorage.setItem(key, '{not json');
    expect(readKeptFilling(key)).toBeNull();
    expect(readKeptFilling(null)).toBeNull();
  });
});
