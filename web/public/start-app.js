// Starts the app on a prerendered page (scripts/prerender.mjs) after its first frame, so the
// static markup paints without waiting for, or competing with, any JavaScript. A file rather
// than an inline script, so the Content-Security-Policy needs no 'unsafe-inline'
// (docs/decisions/014-production.md). The entry's hashed URL is the script tag's data-entry.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  requestAnimationFrame(function () {
    setTimeout(function () {
      var s = document.createElement('script');
      s.type = 'module';
      s.crossOrigin = '';
      s.src = entry;
      document.head.appendChild(s);
    });
  });
})();
