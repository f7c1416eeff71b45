/**
 * The public tracking page: one self-contained document (no CDN: it must work
 * offline and leak no visitor to a third party) that polls its own JSON.
 */
export const TRACKING_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your delivery</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1d2433; }
  main { max-width: 560px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  .status { font-size: 1.1rem; font-weight: 600; margin: 12px 0 4px; }
  .eta { color: #4a5568; margin-bottom: 16px; }
  ol { list-style: none; padding: 0; margin: 16px 0; }
  li { padding: 6px 0 6px 28px; position: relative; color: #a0aec0; }
  li::before { content: ''; position: absolute; left: 6px; top: 11px; width: 10px; height: 10px; border-radius: 50%; background: #cbd5e0; }
  li.reached { color: #1d2433; }
  li.reached::before { background: #2f855a; }
  svg { width: 100%; height: auto; background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; }
  .error { color: #c53030; }
</style>
</head>
<body>
<main>
  <h1 id="greeting">Your delivery</h1>
  <div class="status" id="status">Loading…</div>
  <div class="eta" id="eta"></div>
  <div class="pin" id="pin" hidden>Your delivery PIN: <strong id="pin-value"></strong> (tell it to your driver)</div>
  <svg id="map" viewBox="0 0 320 200" role="img" aria-label="Route from pickup to dropoff">
    <line id="route" stroke="#718096" stroke-width="3" stroke-dasharray="6 4"></line>
    <circle id="pickup" r="7" fill="#2b6cb0"></circle>
    <circle id="dropoff" r="7" fill="#2f855a"></circle>
    <circle id="driver" r="6" fill="#dd6b20" visibility="hidden"></circle>
  </svg>
  <ol id="steps"></ol>
</main>
<script>
(function () {
  var LABELS = { created: 'Order received', pending: 'Looking for a driver', driver_assigned: 'Driver assigned',
    driver_at_pickup: 'Driver at pickup', picked_up: 'Picked up', in_transit: 'On the way', delivered: 'Delivered',
    cancelled: 'Cancelled', failed: 'Delivery attempt failed', returned: 'Returned to the sender' };
  var label = function (s) { return LABELS[s] || s; };
  var el = function (id) { return document.getElementById(id); };
  var url = location.pathname.replace(/\\/$/, '') + '/status';

  function project(p, box) {
    var x = 30 + ((p.lng - box.minLng) / (box.maxLng - box.minLng || 1)) * 260;
    var y = 170 - ((p.lat - box.minLat) / (box.maxLat - box.minLat || 1)) * 140;
    return { x: x, y: y };
  }

  function render(t) {
    el('greeting').textContent = t.recipient_first_name ? 'Hi ' + t.recipient_first_name + ', here is your delivery' : 'Your delivery';
    el('status').textContent = label(t.status);
    el('status').setAttribute('data-status', t.status);
    el('eta').textContent = t.eta_minutes > 0 ? 'Arriving in about ' + t.eta_minutes + ' min' : '';
    el('pin').hidden = !t.delivery_pin;
    el('pin-value').textContent = t.delivery_pin || '';
    var steps = el('steps');
    steps.textContent = '';
    t.steps.forEach(function (s) {
      var li = document.createElement('li');
      li.textContent = label(s.status);
      if (s.reached) li.className = 'reached';
      steps.appendChild(li);
    });
    // Some hours after the end the link shows no places any more (see docs/api.md).
    el('map').style.display = t.pickup && t.dropoff ? '' : 'none';
    if (!t.pickup || !t.dropoff) return;
    var box = { minLat: Math.min(t.pickup.lat, t.dropoff.lat), maxLat: Math.max(t.pickup.lat, t.dropoff.lat),
      minLng: Math.min(t.pickup.lng, t.dropoff.lng), maxLng: Math.max(t.pickup.lng, t.dropoff.lng) };
    var a = project(t.pickup, box), b = project(t.dropoff, box);
    el('route').setAttribute('x1', a.x); el('route').setAttribute('y1', a.y);
    el('route').setAttribute('x2', b.x); el('route').setAttribute('y2', b.y);
    el('pickup').setAttribute('cx', a.x); el('pickup').setAttribute('cy', a.y);
    el('dropoff').setAttribute('cx', b.x); el('dropoff').setAttribute('cy', b.y);
    var driver = el('driver');
    if (t.driver) {
      var d = project(t.driver.location, box);
      driver.setAttribute('cx', d.x); driver.setAttribute('cy', d.y); driver.setAttribute('visibility', 'visible');
    } else {
      driver.setAttribute('visibility', 'hidden');
    }
  }

  function refresh() {
    fetch(url, { cache: 'no-store' })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(render)
      .catch(function () { el('status').textContent = 'This tracking link is not valid.'; el('status').className = 'status error'; });
  }
  refresh();
  setInterval(refresh, 2000);
})();
</script>
</body>
</html>
`;
