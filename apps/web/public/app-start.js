/* global document, requestAnimationFrame, Element, HTMLFormElement, HTMLInputElement, HTMLTemplateElement */
// Starts the app once index.html's first frame is on screen (decision 021). The app's scripts
// are already downloading (index.html preloads them; a server-rendered page once it is painted,
// below); running them only after the first
// contentful paint has been presented lets the page's heading show before the main thread gets
// busy. The paint entry comes after the frame is presented, later than the frame's own
// requestAnimationFrame; browsers without paint timing use that frame. A hidden tab paints no
// frames: it starts at once; a timer makes sure a visible one never waits long for the paint.
// A server-rendered page (decision 075) works before the app has started: what is done on it then
// is kept and done again once React has taken it over (src/app/server-render-state.ts says why):
// taps on buttons, radios and checkboxes (a toggle held back: React would put it back; two taps on
// a checkbox cancel out), each field's last value (never a password's) and the submit of a form
// without an action (natively, a reload). Links and forms with an action: the browser follows them.
if (document.getElementById('huddle-server-render')) {
  const early = [];
  const fields = new Map();
  const submits = new Map();
  const keepField = ({ target }) => {
    if ('value' in target && !/^(radio|checkbox|file|password)$/.test(target.type)) fields.set(target, target.value);
  };
  const keepSubmit = (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    event.stopPropagation();
    submits.set(form, event.submitter);
  };
  const keep = (event) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (button) {
      if (button.type !== 'submit' && !early.includes(button)) early.push(button);
      return;
    }
    const label = event.target.closest('label');
    const control = label ? label.control : event.target;
    if (!(control instanceof HTMLInputElement) || (control.type !== 'radio' && control.type !== 'checkbox')) return;
    event.preventDefault();
    const kept = early.indexOf(control);
    if (kept === -1) early.push(control);
    else if (control.type === 'checkbox') early.splice(kept, 1);
  };
  document.addEventListener('click', keep, true);
  document.addEventListener('input', keepField, true);
  document.addEventListener('submit', keepSubmit, true);
  document.huddleEarlyClicks = {
    fields,
    submits,
    take() {
      document.removeEventListener('click', keep, true);
      return early.splice(0);
    },
    stop() {
      document.removeEventListener('input', keepField, true);
      document.removeEventListener('submit', keepSubmit, true);
    },
  };
}
let started = false;
function start() {
  if (started) return;
  started = true;
  // A server-rendered page's script preloads wait in a template until now (apps/server's
  // web-app.ts): its markup is what is painted, and the stylesheet had the connection to itself.
  const afterPaint = document.getElementById('huddle-after-paint');
  if (afterPaint instanceof HTMLTemplateElement) document.head.append(afterPaint.content);
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
