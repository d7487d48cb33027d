// Starts the app on a prerendered page (scripts/prerender.mjs) once the page has loaded and its
// images above the fold (those not loading lazily) are decoded, after a frame: the first paint
// and the largest image never wait for, or compete with, any JavaScript. The app's start is
// the page's heaviest task, and while it runs no frame is painted. The app then hydrates the
// markup already shown (docs/decisions/019). A file rather than an inline script, so the
// Content-Security-Policy needs no 'unsafe-inline' (docs/decisions/014-production.md). The
// entry's hashed URL is the script tag's data-entry.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function startAfterFrame() {
    requestAnimationFrame(function () {
      setTimeout(function () {
        var s = document.createElement('script');
        s.type = 'module';
        s.crossOrigin = '';
        s.src = entry;
        document.head.appendChild(s);
      });
    });
  }
  function start() {
    var eager = Array.prototype.filter.call(document.images, function (img) {
      return img.loading !== 'lazy';
    });
    // A failed image must not keep the app from starting.
    Promise.all(eager.map(function (img) {
      return img.decode().catch(function () {});
    })).then(startAfterFrame);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
