// A server-rendered page paints without the app's code (apps/server/src/plugins/page-rendering.ts).
// Its entry script (data-entry) is fetched once the page has loaded and painted, so the
// stylesheets and pictures of that paint have the connection to themselves; three seconds at most.
// A hidden tab, or a browser without paint timing, loads it at once.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  var load = function () {
    if (started) return;
    started = true;
    import(entry);
  };
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined') return load();
  var painted = false;
  var loaded = document.readyState === 'complete';
  var whenBoth = function () {
    if (painted && loaded) {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    }
  };
  try {
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (entries[i].name === 'first-contentful-paint') {
          observer.disconnect();
          painted = true;
          whenBoth();
        }
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    return load();
  }
  if (!loaded) {
    addEventListener('load', function () {
      loaded = true;
      whenBoth();
    });
  }
  setTimeout(load, 3000);
})();
