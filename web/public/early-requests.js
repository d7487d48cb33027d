// A linked screen's one request, started as its HTML is read, before the app's code loads: the
// page takes it from window.__earlyResponses (web/src/lib/early-request.ts takeEarlyResponse,
// which tests this file; docs/architecture.md "What a page loads").
(function () {
  var early = (window.__earlyResponses = window.__earlyResponses || {});
  var query = new URLSearchParams(window.location.search);
  function start(key, url, body) {
    if (early[key]) return;
    var init = body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : undefined;
    early[key] = fetch(url, init);
    early[key].catch(function () {}); // the page that takes it sees the failure
  }
  var path = window.location.pathname.replace(/\/+$/, '') || '/';
  var token = (query.get('token') || '').trim();
  if (path === '/my-booking' && token) start('my-booking:' + token, '/api/fn/my-booking', { token: token });
  if (path === '/waitlist/offer' && token) start('waitlist-offer:' + token, '/api/fn/waitlist/offer', { token: token });
  var renewal = query.get('renewal');
  if (path === '/booking' && renewal) start('renewal:' + renewal, '/api/fn/renewal?token=' + encodeURIComponent(renewal));
})();
