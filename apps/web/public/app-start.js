/* global document, requestAnimationFrame, Element, HTMLFormElement, HTMLInputElement, HTMLSelectElement, HTMLTemplateElement, HTMLTextAreaElement */
// Starts the app once index.html's first frame is on screen (decision 021). The app's scripts
// are already downloading (index.html preloads them; a server-rendered page once it is painted,
// below); running them only after the first
// contentful paint has been presented lets the page's heading show before the main thread gets
// busy. The paint entry comes after the frame is presented, later than the frame's own
// requestAnimationFrame; browsers without paint timing use that frame. A hidden tab paints no
// frames: it starts at once; a timer makes sure a visible one never waits long for the paint.
// A server-rendered page (decision 075) shows its buttons and fields before the app has started: a
// tap, a word typed or a form sent then would be lost. They are kept and replayed once React has
// taken the markup over (src/app/server-render-state.ts). Links and forms with an action need no
// help: the browser follows them (the header search is a GET form to /full-search).
// A radio or checkbox (often drawn as its label, the input hidden: discover's sort and filter chips)
// would toggle natively and then be put back by React's state as it takes the markup over, the tap
// lost: its toggle waits and is replayed the same way (two taps on one checkbox cancel out).
// A field's value (a select's choice, the text of a text field or textarea; never a password's,
// which stays in its field only) is kept, the last one per field, until the app's first commit is
// done: React keeps the text in the field but not in its state, and one typed while it hydrates is
// not heard either. A form without an action is the app's alone (sent natively it would reload this
// page, what was typed lost): its submit is held, once per form, and made again after the values.
if (document.getElementById('huddle-server-render')) {
  const early = [];
  const fields = new Map();
  const submits = new Map();
  const keepField = ({ target }) => {
    if (
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && !/^(radio|checkbox|file|password)$/.test(target.type))
    )
      fields.set(target, target.value);
  };
  const keepSubmit = (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    // Not to React either: hydrating for it, it would send the form's state, without the text typed.
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
