/* global document, requestAnimationFrame, Element, HTMLFormElement, HTMLInputElement, HTMLTemplateElement */
// Starts the app once painted (decision 021). Shipped as written, in the byte budgets: the why of
// what a rendered page keeps is in src/app/early-use-replay.ts, and decision 084.
// An async module: it runs as soon as it arrives, while the page may still be arriving and already
// painted, so it keeps use from then on. Whether the server rendered the page (its template of script
// preloads, at the end of the head) is asked when something happens, not now: it may not be parsed yet.
const rendered = () => document.getElementById('huddle-after-paint') !== null;
{
  const early = [];
  const fields = new Map();
  const submits = new Map();
  const keepField = ({ target }) => {
    if (!rendered()) return;
    if ('value' in target && !/^(radio|checkbox|file|password)$/.test(target.type)) fields.set(target, target.value);
  };
  const keepSubmit = (event) => {
    const form = event.target;
    if (!rendered() || !(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    event.stopPropagation();
    submits.set(form, event.submitter);
  };
  const keep = (event) => {
    if (!rendered() || !(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (button) {
      if (button.type === 'submit') return;
      event.stopPropagation();
      if (event.type === 'click' && !early.includes(button)) early.push(button);
      return;
    }
    if (event.type !== 'click') return;
    const label = event.target.closest('label');
    const control = label ? label.control : event.target;
    if (!(control instanceof HTMLInputElement) || (control.type !== 'radio' && control.type !== 'checkbox')) return;
    event.preventDefault();
    event.stopPropagation();
    const kept = early.indexOf(control);
    if (kept === -1) early.push(control);
    else if (control.type === 'checkbox') early.splice(kept, 1);
  };
  const events = { click: keep, pointerdown: keep, mousedown: keep, input: keepField, submit: keepSubmit };
  for (const type in events) document.addEventListener(type, events[type], true);
  document.huddleEarlyClicks = {
    take() {
      for (const type in events) document.removeEventListener(type, events[type], true);
      return { taps: early, fields, submits };
    },
  };
}
let started = false;
function start() {
  if (started) return;
  started = true;
  // The app needs the whole page (a rendered page's markup and data): not before it is parsed.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startApp, { once: true });
  else startApp();
}
function startApp() {
  const afterPaint = document.getElementById('huddle-after-paint');
  if (afterPaint instanceof HTMLTemplateElement) document.head.append(afterPaint.content);
  // A page the browser renders has nothing to keep: let go of what would.
  else document.huddleEarlyClicks?.take();
  const entry = document.getElementById('app-entry');
  if (entry) import(entry.getAttribute('href'));
}
const paintTiming =
  typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.visibilityState === 'hidden') {
  setTimeout(start, 0);
} else if (paintTiming) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
setTimeout(start, 1000);
