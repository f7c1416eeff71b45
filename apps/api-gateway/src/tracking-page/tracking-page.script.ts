import { TRACKING_VIEW_HELPERS } from './tracking-view';

/**
 * The page's own code, run in the browser: it polls the status, renders it
 * through the helpers of tracking-view.ts and draws either the Leaflet map
 * (when the page names a tile source and its tiles load) or the schematic.
 */
const MAIN = `
var LABELS = { created: 'Order received', pending: 'Looking for a driver', driver_assigned: 'Driver assigned',
  driver_at_pickup: 'Driver at pickup', picked_up: 'Picked up', in_transit: 'On the way', delivered: 'Delivered',
  cancelled: 'Cancelled', failed: 'Delivery attempt failed', returned: 'Returned to the sender' };
// Within TRACKING_LIMIT_PER_MINUTE (120): 30 polls a minute, so four open tabs of one delivery fit.
var POLL_MS = 2000;
var label = function (s) { return LABELS[s] || s; };
var el = function (id) { return document.getElementById(id); };
var root = el('tracking');
var url = location.pathname.replace(/[/]$/, '') + '/status';
var tileUrl = root.getAttribute('data-tile-url');
// The live map, once drawn; false once its tiles failed: the schematic for the rest of the visit.
var live = null;
// The last status answer rendered.
var shown = null;

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
}

function marker(kind, title, zIndexOffset) {
  var icon = L.divIcon({ className: 'marker marker-' + kind, iconSize: [18, 18] });
  return L.marker([0, 0], { icon: icon, interactive: false, keyboard: false, title: title, zIndexOffset: zIndexOffset });
}

function dropLiveMap() {
  if (live) live.map.remove();
  el('live-map').hidden = true;
  el('legend').hidden = true;
}

function drawLive(view) {
  if (live === false || !tileUrl || !window.L) return false;
  if (!live) {
    el('live-map').hidden = false;
    el('legend').hidden = false;
    var map = L.map('live-map', { attributionControl: false, scrollWheelZoom: false });
    L.control.attribution({ prefix: false }).addAttribution(escapeHtml(root.getAttribute('data-tile-attribution') || '')).addTo(map);
    var tiles = L.tileLayer(tileUrl, { maxZoom: 19 });
    var loaded = 0;
    tiles.on('tileload', function () { loaded++; });
    // Every tile of the view failed (offline, or the tile server down): the schematic instead.
    tiles.on('load', function () {
      if (loaded > 0) return;
      setTimeout(function () { dropLiveMap(); live = false; render(shown); });
    });
    live = { map: map, route: L.polyline([], { color: '#4a5568', weight: 4, dashArray: '8 6', interactive: false }).addTo(map),
      pickup: marker('pickup', 'Pickup', 0).addTo(map), dropoff: marker('dropoff', 'Dropoff', 0).addTo(map),
      // Above the stops: the driver waiting at the pickup stays in sight.
      driver: marker('driver', 'Your driver', 1000) };
    map.fitBounds(L.latLngBounds(view.route), { padding: [32, 32], maxZoom: 16 });
    tiles.addTo(map);
  }
  live.pickup.setLatLng(view.stops.pickup);
  live.dropoff.setLatLng(view.stops.dropoff);
  live.route.setLatLngs(view.route);
  if (view.driver) {
    live.driver.setLatLng(view.driver).addTo(live.map);
    live.driver.getElement().setAttribute('data-lat', view.driver.lat);
    live.driver.getElement().setAttribute('data-lng', view.driver.lng);
  } else {
    live.driver.remove();
  }
  return true;
}

function drawSchematic(view) {
  var stops = [view.stops.pickup, view.stops.dropoff];
  var place = function (id, p, a, b) { var at = schematicPoint(p, stops); el(id).setAttribute(a, at.x); el(id).setAttribute(b, at.y); };
  place('pickup', view.stops.pickup, 'cx', 'cy');
  place('dropoff', view.stops.dropoff, 'cx', 'cy');
  place('route', view.stops.pickup, 'x1', 'y1');
  place('route', view.stops.dropoff, 'x2', 'y2');
  if (view.driver) place('driver', view.driver, 'cx', 'cy');
  el('driver').setAttribute('visibility', view.driver ? 'visible' : 'hidden');
}

function render(t) {
  shown = t;
  var view = trackingView(t);
  el('greeting').textContent = view.greeting;
  el('status').textContent = label(t.status);
  el('status').className = 'status';
  el('status').setAttribute('data-status', t.status);
  el('eta').textContent = view.eta;
  el('pin').hidden = !view.pin;
  el('pin-value').textContent = view.pin || '';
  var steps = el('steps');
  steps.textContent = '';
  t.steps.forEach(function (s) {
    var li = document.createElement('li');
    li.textContent = label(s.status);
    if (s.reached) li.className = 'reached';
    steps.appendChild(li);
  });
  var onMap = view.stops ? drawLive(view) : false;
  if (!view.stops) dropLiveMap();
  if (!view.stops || onMap) el('driver').setAttribute('visibility', 'hidden');
  el('map').style.display = view.stops && !onMap ? '' : 'none';
  if (view.stops && !onMap) drawSchematic(view);
  return view;
}

var timer = null;
function refresh() {
  clearTimeout(timer);
  fetch(url, { cache: 'no-store' })
    .then(function (r) {
      if (r.status === 404) throw new Error('not found');
      // Over the limit or unavailable: keep what is shown and ask again at the next turn.
      return r.ok ? r.json().then(render) : null;
    })
    .then(function (view) {
      // An ended delivery changes no more: no more polls.
      if (!view || !view.ended) timer = setTimeout(refresh, POLL_MS);
    })
    .catch(function (error) {
      if (error.message !== 'not found') { timer = setTimeout(refresh, POLL_MS); return; }
      el('status').textContent = 'This tracking link is not valid.';
      el('status').className = 'status error';
    });
}
refresh();
`;

/** The script served as a file of this origin (the CSP allows no inline script): the view helpers' compiled source, then MAIN. */
export const TRACKING_PAGE_SCRIPT = `(function () {\n'use strict';\n${TRACKING_VIEW_HELPERS.map(String).join('\n')}\n${MAIN}})();\n`;
