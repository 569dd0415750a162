/* global document, requestAnimationFrame, Element */
// Starts the app once index.html's first frame is on screen (decision 021). The app's scripts
// are already downloading (index.html preloads them); running them only after the first
// contentful paint has been presented lets the page's heading show before the main thread gets
// busy. The paint entry comes after the frame is presented, later than the frame's own
// requestAnimationFrame; browsers without paint timing use that frame. A hidden tab paints no
// frames: it starts at once; a timer makes sure a visible one never waits long for the paint.
const entry = document.getElementById('app-entry');
// A server-rendered page (decision 075) shows its buttons before the app has started: a tap on one
// then would do nothing. They are kept and replayed once React has taken the markup over
// (src/app/server-render-state.ts). Links and forms need no help: the browser follows them.
if (document.getElementById('huddle-server-render')) {
  const early = [];
  const keep = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type !== 'submit' && !early.includes(button)) early.push(button);
  };
  document.addEventListener('click', keep, true);
  document.huddleEarlyClicks = {
    take() {
      document.removeEventListener('click', keep, true);
      return early.splice(0);
    },
  };
}
let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  import(entry.getAttribute('href'));
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
