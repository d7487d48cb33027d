// Starts the app on a prerendered page (scripts/build/prerender.mjs) once the page has loaded, its
// first contentful paint has been recorded, and its images above the fold (those not loading
// lazily) are decoded and painted: the first paint and the largest image never wait for, or
// compete with, any JavaScript. The app's start is the page's heaviest task, and while it runs
// no frame is painted. The app then hydrates the markup already shown (docs/decisions/019).
// Two frames, not one: a request made in the first frame's callback goes out before that frame
// is shown, and Lighthouse then counts the app's download as part of the first paint. A file
// rather than an inline script, so the Content-Security-Policy needs no 'unsafe-inline'
// (docs/decisions/014-production.md). The entry's hashed URL is the script tag's data-entry.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function load() {
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = entry;
    document.head.appendChild(s);
  }
  function afterTwoFrames() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(load);
      });
    });
  }
  // Resolves once the first contentful paint has been recorded (at once where the browser
  // does not report paints).
  function painted() {
    return new Promise(function (resolve) {
      if (typeof PerformanceObserver === 'undefined' || (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') < 0) return resolve();
      if (performance.getEntriesByName('first-contentful-paint').length) return resolve();
      var observer = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
      // A page hidden from its start never paints: start all the same.
      setTimeout(resolve, 3000);
    });
  }
  function start() {
    var eager = Array.prototype.filter.call(document.images, function (img) {
      return img.loading !== 'lazy';
    });
    // A failed image must not keep the app from starting.
    var decoded = Promise.all(eager.map(function (img) {
      return img.decode().catch(function () {});
    }));
    Promise.all([decoded, painted()]).then(afterTwoFrames);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
