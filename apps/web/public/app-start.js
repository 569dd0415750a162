/* global document, requestAnimationFrame */
// Starts the app once index.html's first frame has been painted (decision 021). The app's
// scripts are already downloading (index.html preloads them); running them only after the
// first paint lets the page's heading show before the main thread gets busy. A hidden tab
// paints no frames, so a timer starts the app there.
const entry = document.getElementById('app-entry');
let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  import(entry.getAttribute('href'));
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
