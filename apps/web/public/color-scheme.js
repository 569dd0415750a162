/* global window */
// Runs before the first paint (index.html) so a saved dark scheme never flashes light.
(function () {
  var scheme = 'auto';
  try {
    scheme = window.localStorage.getItem('huddle-color-scheme') || scheme;
  } catch {
    // storage blocked: follow the system
  }
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  window.document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
