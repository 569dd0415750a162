import { interactive } from './interactive-mark.tsx';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What public/app-start.js kept on the server's markup until the app was interactive. */
interface EarlyUse {
  taps: HTMLElement[];
  fields: Map<Field, string>;
  submits: Map<HTMLFormElement, HTMLElement | null>;
}

/** Once the app has nothing left to do for what came before: no navigation (`busy`), no render pending. */
function settled(busy: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    // An idle callback comes once no task is queued: React's render in slices is a task each.
    const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    const check = () => later(() => (busy() ? check() : resolve()), { timeout: 1000 });
    check();
  });
}

/**
 * What was done on the server's markup before the app was interactive (public/app-start.js keeps
 * it until then), done again so it is not lost, once its first commit is done (`interactive`):
 * - **Why wait for the commit.** React hydrates in a transition (main.tsx), in slices: a tap on a
 *   part it has not hydrated yet is read against the state it then hydrates the input with, already
 *   toggled (a radio, a checkbox, a select: no change heard). So taps are held back from React
 *   meanwhile (app-start.js stops them) and clicked after, a toggle's native toggle held back too.
 * - **Fields.** React keeps the text typed in a field as it hydrates but not in the component's
 *   state (the next render puts the state back), and text typed while it hydrates is not heard
 *   either: each field's last value (never a password's) is put back.
 * - **Forms without an action** are the app's alone (sent natively, the page reloads, what was
 *   typed lost): their submit is held back from the browser and from React, once per form, and
 *   made again last. Forms with an action (the header search, sign-in) are the browser's.
 * - **Which pages.** Those the server rendered (the app's, sign-in, sign-up): their scripts wait for
 *   the paint, in a template of preloads, which is how app-start.js knows them.
 * - **A button's press** is held back with its click: some act on the press, not the click
 *   (Mantine's show-password button), so a kept button is pressed, then clicked.
 * - **In order, one at a time**: the fields, the radios and checkboxes, the buttons (the event
 *   page's "Bring friends" before its Join), the forms; each once the app is done with the one
 *   before (`busy`: a navigation under way): discover's filters live in the address, and a second
 *   change made before the page has rendered the first would be made on the old address.
 * - **What the person typed wins** over a value the app rendered into the field in between: nothing
 *   but the app's own first renders ran since, none of it the person's, who saw their text.
 */
export function replayEarlyClicks(busy: () => boolean = () => false): void {
  const early = (document as Document & { huddleEarlyClicks?: { take(): EarlyUse } }).huddleEarlyClicks;
  if (!early) return;
  void interactive.then(async () => {
    const { taps, fields, submits } = early.take();
    const clicks = (controls: HTMLElement[]) =>
      controls.map((control) => () => {
        if (control.isConnected) control.click();
      });
    // A button is pressed as a pointer presses it, then clicked: some act on the press, not the
    // click (Mantine's show-password button: mousedown and keydown), and app-start.js held the
    // press back too. A radio or checkbox toggles on its click alone.
    const presses = (buttons: HTMLElement[]) =>
      buttons.map((button) => () => {
        if (!button.isConnected) return;
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
          const Press = type.startsWith('pointer') && typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
          button.dispatchEvent(new Press(type, { bubbles: true, cancelable: true, composed: true, button: 0 }));
        }
        button.click();
      });
    const steps = [
      ...[...fields].map(([field, value]) => () => {
        if (!field.isConnected) return;
        // React hears a change only when the field's value differs from the one its tracker (the
        // field's own `value` property) last saw: the text typed, as it starts from the field as
        // hydrated (or what a re-render since put back). Setting the value and sending 'input' is
        // not heard. So: something else through the field's own setter (the tracker takes it), the
        // value through the element type's setter (past the tracker), then the events a browser sends.
        field.value = `${value} `;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
        for (const type of ['input', 'change']) field.dispatchEvent(new Event(type, { bubbles: true }));
      }),
      ...clicks(taps.filter((control) => control instanceof HTMLInputElement)),
      ...presses(taps.filter((control) => !(control instanceof HTMLInputElement))),
      ...[...submits].map(([form, submitter]) => () => {
        if (form.isConnected)
          form.requestSubmit((submitter as HTMLButtonElement | null)?.form === form ? submitter : null);
      }),
    ];
    for (const step of steps) {
      step();
      await settled(busy);
    }
  });
}
