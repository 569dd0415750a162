// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { markInteractive as MarkInteractive } from './interactive-mark.tsx';
import type { replayEarlyClicks as ReplayEarlyClicks } from './early-use-replay.ts';

// Fresh per test: the app's "interactive" moment settles once per page load.
let replayEarlyClicks: typeof ReplayEarlyClicks;
let markInteractive: typeof MarkInteractive;
beforeEach(async () => {
  vi.resetModules();
  ({ replayEarlyClicks } = await import('./early-use-replay.ts'));
  ({ markInteractive } = await import('./interactive-mark.tsx'));
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A reply box as the post page has it: the text in the form's state, a form without an action. */
function Reply({ sent, round }: { sent: (text: string) => void; round: number }) {
  const [text, setText] = useState('');
  return (
    <form
      data-round={round}
      onSubmit={(event) => {
        event.preventDefault();
        sent(text);
        setText('');
      }}
    >
      <textarea aria-label="Reply" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <input aria-label="Password" type="password" defaultValue="" />
      <button type="submit">Send</button>
    </form>
  );
}

const appStart = readFileSync(`${import.meta.dirname}/../../public/app-start.js`, 'utf8');
let root: Root | undefined;

/** The server's markup, and public/app-start.js run on it as the page's first script. */
function serverPage(sent: (text: string) => void) {
  document.body.innerHTML = `<template id="huddle-after-paint"></template><div id="root">${renderToString(<Reply sent={sent} round={0} />)}</div>`;
  // The page's own script, as the browser runs it (not a module of this test's).
  new Function(appStart)();
  return {
    reply: document.querySelector('textarea')!,
    password: document.querySelector<HTMLInputElement>('input[type=password]')!,
    send: document.querySelector('button')!,
  };
}

/** Typing as a browser does it: the value changes, then an input event. */
function type(field: HTMLTextAreaElement | HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  performance.clearMarks();
  document.documentElement.removeAttribute('data-interactive');
  // A page whose kept taps were never replayed still holds them back from React: let go.
  (document as { huddleEarlyClicks?: { take(): unknown } }).huddleEarlyClicks?.take();
  delete (document as { huddleEarlyClicks?: unknown }).huddleEarlyClicks;
});

describe('what was typed and sent on a server-rendered page before hydration', () => {
  it.each([
    ['left in the field', false],
    ['put back by a render since', true],
  ])('is put into the form’s state once the app has taken over (the text %s), and sent once', async (_, rendered) => {
    const sent = vi.fn();
    const { reply, password, send } = serverPage(sent);
    type(reply, 'Count me in');
    type(password, 'secret words');
    send.click();
    send.click();
    expect(sent).not.toHaveBeenCalled();

    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <Reply sent={sent} round={0} />);
    });
    replayEarlyClicks(() => false);
    // React keeps the text in the field as it hydrates, but a render puts the state's (empty) back.
    expect(reply.value).toBe('Count me in');
    if (rendered) {
      await act(async () => root!.render(<Reply sent={sent} round={1} />));
      expect(reply.value).toBe('');
    }

    // The replay's updates come as a browser's events do, outside any act().
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    markInteractive();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('Count me in'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    expect(sent).toHaveBeenCalledTimes(1);
    expect(reply.value).toBe('');
    // Never kept beyond its field.
    const kept = (
      document as { huddleEarlyClicks?: { take(): { fields: Map<Element, string> } } }
    ).huddleEarlyClicks!.take().fields;
    expect([...kept.keys()]).toEqual([reply]);
  });

  it('is not heard by React when its value is set and an input event sent: React’s tracker started from the hydrated field', async () => {
    const sent = vi.fn();
    const { reply } = serverPage(sent);
    type(reply, 'Count me in');
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <Reply sent={sent} round={0} />);
    });
    // What a naive replay does: React's tracker started from the hydrated field, heard no change.
    await act(async () => {
      reply.value = 'Count me in';
      reply.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => root!.render(<Reply sent={sent} round={1} />));
    expect(reply.value).toBe('');
  });
});

/** As Mantine's show-password button: it acts on the press (mousedown), never on the click. */
function PressToggle({ counted }: { counted: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button
        type="button"
        aria-pressed={shown}
        onMouseDown={(event) => {
          event.preventDefault();
          setShown((value) => !value);
        }}
      >
        Show characters
      </button>
      <button type="button" onClick={counted}>
        Count
      </button>
    </div>
  );
}

describe('a button pressed on a server-rendered page before hydration', () => {
  it('is pressed and clicked once the app has taken over, once, whether it acts on the press or the click', async () => {
    const counted = vi.fn();
    document.body.innerHTML = `<template id="huddle-after-paint"></template><div id="root">${renderToString(<PressToggle counted={counted} />)}</div>`;
    new Function(appStart)();
    const [toggle, count] = [...document.querySelectorAll('button')];
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <PressToggle counted={counted} />);
    });
    replayEarlyClicks(() => false);
    // A mouse's tap while React listens but the app's first commit is not done: held back, press
    // and click (a press heard now and pressed again after would show and hide the characters).
    for (const button of [toggle!, count!]) {
      button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
      button.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, cancelable: true }));
      button.click();
    }
    expect(toggle!.getAttribute('aria-pressed')).toBe('false');
    expect(counted).not.toHaveBeenCalled();

    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    markInteractive();
    await vi.waitFor(() => expect(toggle!.getAttribute('aria-pressed')).toBe('true'), { timeout: 5000 });
    await vi.waitFor(() => expect(counted).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    expect(toggle!.getAttribute('aria-pressed')).toBe('true');
    expect(counted).toHaveBeenCalledTimes(1);
  });

  it('is kept when app-start.js ran before the page arrived (an async script), and replayed once live', async () => {
    const counted = vi.fn();
    document.body.innerHTML = '';
    new Function(appStart)();
    // The rest of the page arrives and is painted; the person taps.
    document.body.innerHTML = `<template id="huddle-after-paint"></template><div id="root">${renderToString(<PressToggle counted={counted} />)}</div>`;
    const [, count] = [...document.querySelectorAll('button')];
    count!.click();
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <PressToggle counted={counted} />);
    });
    replayEarlyClicks(() => false);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    markInteractive();
    await vi.waitFor(() => expect(counted).toHaveBeenCalledTimes(1), { timeout: 5000 });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('is not kept on a page the browser renders itself (no template of the server’s)', () => {
    document.body.innerHTML = '<div id="root"><button type="button">Count</button></div>';
    new Function(appStart)();
    document.querySelector('button')!.click();
    const kept = (document as { huddleEarlyClicks?: { take(): { taps: Element[] } } }).huddleEarlyClicks!.take();
    expect(kept.taps).toEqual([]);
  });
});
