/* global document */
// Inline after a server-rendered event page's empty "Your time" line when the server did not know
// the viewer's zone (a first visit: no huddle-time-zone cookie). It fills the line before the first
// paint, so the line no longer appears after hydration and moves what is below it (issue 33, layout
// shift). The same words as EventWhen's (event-format.ts): your-time.test.ts holds them together.
// Constant text: the CSP allows it by its hash (dist/inline/, apps/server/src/lib/inline-script-hashes.ts).
(function () {
  var script = document.currentScript;
  var line = script && script.previousElementSibling;
  if (!line) return;
  try {
    var start = new Date(line.getAttribute('data-starts-at'));
    var end = new Date(line.getAttribute('data-ends-at'));
    var eventZone = line.getAttribute('data-time-zone');
    var format = function (options, zone, at) {
      options.timeZone = zone;
      return new Intl.DateTimeFormat('en-US', options).format(at);
    };
    var zone = new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
    if (!zone || !eventZone) return;
    var clock = function (at, timeZone) {
      return format({ dateStyle: 'short', timeStyle: 'short' }, timeZone, at);
    };
    if (clock(start, eventZone) === clock(start, zone)) return;
    var day = function (at) {
      return format({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }, zone, at);
    };
    var time = function (at) {
      return format({ hour: 'numeric', minute: '2-digit' }, zone, at);
    };
    var range = day(start) + ', ' + time(start) + ' – ' + (day(end) === day(start) ? '' : day(end) + ', ') + time(end);
    var short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(start)
      .filter(function (part) {
        return part.type === 'timeZoneName';
      })[0];
    var label = short && short.value !== zone ? zone + ' (' + short.value + ')' : zone;
    line.textContent = 'Your time: ' + range + ' (' + label + ')';
    line.hidden = false;
  } catch {
    // Left hidden: the app says it once it runs.
  }
})();
