import { describe, expect, it } from '@jest/globals';
import { attributionHtml, driverToShow, routeMarkers, tilesFailed } from './route-map';

describe('routeMarkers', () => {
  const pickup = { lat: 43.65, lng: -79.38 };
  const dropoff = { lat: 43.64, lng: -79.39 };

  it('marks the two stops, and the driver last (on top) when there is a position', () => {
    expect(routeMarkers({ pickup, dropoff, driver: null }).map((m) => [m.kind, m.title])).toEqual([
      ['pickup', 'Pickup'],
      ['dropoff', 'Dropoff'],
    ]);
    const driver = { lat: 43.645, lng: -79.385 };
    const markers = routeMarkers({ pickup, dropoff, driver });
    expect(markers.map((m) => m.kind)).toEqual(['pickup', 'dropoff', 'driver']);
    expect(markers[2].at).toBe(driver);
  });
});

describe('tilesFailed', () => {
  it('is a failure only when the first view loaded no tile and some failed', () => {
    expect(tilesFailed({ loaded: 0, failed: 4 })).toBe(true);
    expect(tilesFailed({ loaded: 1, failed: 3 })).toBe(false);
    expect(tilesFailed({ loaded: 6, failed: 0 })).toBe(false);
    expect(tilesFailed({ loaded: 0, failed: 0 })).toBe(false);
  });
});

describe('driverToShow', () => {
  const at = { lat: 43.645, lng: -79.385 };

  it('shows the position while under way only', () => {
    expect(driverToShow(true, at)).toBe(at);
    expect(driverToShow(false, at)).toBeNull();
    expect(driverToShow(true, null)).toBeNull();
    expect(driverToShow(true, undefined)).toBeNull();
  });
});

describe('attributionHtml', () => {
  it('escapes what HTML would read as markup', () => {
    expect(attributionHtml('© Maps & "Co" <b>')).toBe('© Maps &#38; &#34;Co&#34; &#60;b&#62;');
  });
});
