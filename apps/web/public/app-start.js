/* global document, requestAnimationFrame, Element, HTMLInputElement, HTMLSelectElement, HTMLTemplateElement */
// Starts the app once index.html's first frame is on screen (decision 021). The app's scripts
// are already downloading (index.html preloads them; a server-rendered page once it is painted,
// below); running them only after the first
// contentful paint has been presented lets the page's heading show before the main thread gets
// busy. The paint entry comes after the frame is presented, later than the frame's own
// requestAnimationFrame; browsers without paint timing use that frame. A hidden tab paints no
// frames: it starts at once; a timer makes sure a visible one never waits long for the paint.
// A server-rendered page (decision 075) shows its buttons before the app has started, and React
// takes the markup over in slices (a transition, main.tsx): a tap before it is done would do
// nothing, or be read against a state React has not caught up with. Until the app is interactive
// (its `huddle:interactive` mark) taps are kept here and not passed on, then replayed in order
// (src/app/server-render-state.ts). Links and forms need no help: the browser follows them.
// A radio or checkbox (often drawn as its label, the input hidden: discover's sort and filter chips)
// does not toggle meanwhile (two taps on one checkbox cancel out); a select's choice is kept too
// (the last one per select) and made again.
if (document.getElementById('huddle-server-render')) {
  const early = [];
  const chosen = new Map();
  const keepChoice = (event) => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    chosen.set(event.target, event.target.value);
    event.stopPropagation();
  };
  const keep = (event) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (button) {
      if (button.type === 'submit') return;
      event.stopPropagation();
      if (!early.includes(button)) early.push(button);
      return;
    }
    const label = event.target.closest('label');
    const control = label ? label.control : event.target;
    if (!(control instanceof HTMLInputElement) || (control.type !== 'radio' && control.type !== 'checkbox')) return;
    event.preventDefault();
    event.stopPropagation();
    const kept = early.indexOf(control);
    if (kept === -1) early.push(control);
    else if (control.type === 'checkbox') early.splice(kept, 1);
  };
  document.addEventListener('click', keep, true);
  document.addEventListener('change', keepChoice, true);
  document.huddleEarlyClicks = {
    take() {
      document.removeEventListener('click', keep, true);
      document.removeEventListener('change', keepChoice, true);
      const choices = [...chosen];
      chosen.clear();
      return { taps: early.splice(0), choices };
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
