import { greatCircleKm } from '@sdd/common';
import { codes } from 'zipcodes/lib/codesCanada';
import { auditCentroids, AuditedArea } from './centroid-audit';
import { CENTROID_REVIEW } from './fsa-centroid-review';
import { auditableAreas } from './fsa-gazetteer';
import { GeocodedAddress, UnreliableArea } from './geocoder.port';
import { OfflineGeocoder } from './offline.geocoder';

const RAW = auditableAreas(Object.values(codes));
const RAW_BY_FSA = new Map(RAW.map((area) => [area.fsa, area]));

/** The data as the geocoder uses it: corrected points, unreliable areas left out. */
function reviewed(areas: readonly AuditedArea[]): AuditedArea[] {
  return areas.flatMap((area) => {
    const decision = CENTROID_REVIEW[area.fsa];
    if (decision?.verdict === 'unreliable') return [];
    return [decision?.verdict === 'corrected' ? { ...area, ...decision.point } : area];
  });
}

describe('the FSA centroids of the zipcodes data, audited against their place names and their neighbours', () => {
  const outliers = auditCentroids(RAW);

  it('lists every outlier (a new one fails here until it is reviewed in fsa-centroid-review.ts)', () => {
    const described = outliers.map((outlier) =>
      outlier.rule === 'outside_province'
        ? `${outlier.fsa}: outside ${outlier.province}`
        : `${outlier.fsa} (${outlier.place}): ${outlier.kmFromPlace} km, nearest ${outlier.nearest.join(' ')}`,
    );
    expect(described).toEqual([
      'A1H (A st john s): 10.7 km, nearest A1S A1N A1L',
      'B1M (B sydney): 8.2 km, nearest B1H B1E B1G',
      'B3R (B halifax): 7.8 km, nearest B3V B3H B3P',
      'H1B (H montreal): 10.6 km, nearest H1C H1E H1A',
      'H4X (H montreal): 16.6 km, nearest H8R H8S H4V',
      'J6V (J terrebonne): 10.4 km, nearest H0M J6A J5Z',
      'J6Y (J terrebonne): 14 km, nearest J6Z J7B J7C',
      'K1N (K ottawa): 18.4 km, nearest K2L K2V K2K',
      'L1Y (L pickering): 19.8 km, nearest L0H L0B L0C',
      'M5C (M downtown toronto): 12.7 km, nearest M9P M9R M9N',
      'M5E (M downtown toronto): 5.6 km, nearest M6R M6S M6P',
      'V9E (V saanich): 7.8 km, nearest V9C V9B V9A',
    ]);
    expect(outliers.filter((outlier) => !CENTROID_REVIEW[outlier.fsa]).map((outlier) => outlier.fsa)).toEqual([]);
  });

  it('keeps no stale decision: a confirmed or unreliable entry is still an outlier, a correction moves its point by more than 2 km', () => {
    const flagged = new Set(outliers.map((outlier) => outlier.fsa));
    for (const [fsa, decision] of Object.entries(CENTROID_REVIEW)) {
      const raw = RAW_BY_FSA.get(fsa);
      expect({ fsa, known: raw !== undefined }).toEqual({ fsa, known: true });
      if (decision.verdict === 'corrected') expect({ fsa, moved: greatCircleKm(raw as AuditedArea, decision.point) > 2 }).toEqual({ fsa, moved: true });
      else expect({ fsa, flagged: flagged.has(fsa) }).toEqual({ fsa, flagged: true });
    }
  });

  it('names the sources of every decision', () => {
    for (const decision of Object.values(CENTROID_REVIEW)) {
      expect(decision.source).toMatch(/Statistics Canada .*GeoNames/);
      expect(decision.why.length).toBeGreaterThan(20);
    }
  });

  it('leaves no unreviewed outlier in the data as the geocoder uses it (some corrected points are still far from their place: Montréal-Est is a town of its own)', () => {
    const left = auditCentroids(reviewed(RAW)).map((outlier) => outlier.fsa);
    expect(left).toEqual(['H1B', 'H4X', 'J6V', 'J6Y', 'L1Y']);
    expect(left.filter((fsa) => !CENTROID_REVIEW[fsa])).toEqual([]);
  });
});

describe('the corrected downtown Toronto centroids', () => {
  const geocoder = new OfflineGeocoder();
  const kmFrom = (located: GeocodedAddress | UnreliableArea | undefined, point: { lat: number; lng: number }): number =>
    located && 'lat' in located ? greatCircleKm(located, point) : NaN;

  it.each([
    // The FSA's middle as the issue gives it, and its landmark.
    ['1 Queen St E, Toronto, ON M5C 2W5', 'M5C, St. James Park', { lat: 43.65, lng: -79.375 }],
    ['1 Queen St E, Toronto, ON M5C 2W5', 'St. James Park itself', { lat: 43.6499, lng: -79.3727 }],
    ['1 Front St E, Toronto, ON M5E 1B2', 'Berczy Park', { lat: 43.6482, lng: -79.3748 }],
  ])('locates %p within 1 km of %s', async (address, _place, point) => {
    expect(kmFrom(await geocoder.geocode(address), point)).toBeLessThan(1);
  });

  it('refuses a postal code whose area has no trusted location, even with a city written beside it', async () => {
    expect(await geocoder.geocode("100 Main Rd, St. John's, NL A1H 1A1")).toEqual({ unreliableFsa: 'A1H' });
    expect(await geocoder.geocode('A1H 1A1')).toEqual({ unreliableFsa: 'A1H' });
  });
});
