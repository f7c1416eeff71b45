import type { ZipCode } from 'zipcodes';
import { buildGazetteer, isUnreliableFsa, locateCity, locateFsa } from './fsa-gazetteer';

const row = (zip: string, city: string, latitude: number | null, longitude: number | null, state = 'Somewhere'): ZipCode => ({
  zip,
  city,
  latitude,
  longitude,
  state,
  country: 'Canada',
});

const gazetteer = buildGazetteer([
  row('M5X', 'Downtown Toronto (underground City)', 43.6, -79.4),
  row('M4K', 'Central Toronto (rosedale)', 43.7, -79.4),
  row('M6K', 'West Toronto (parkdale)', 43.64, -79.43),
  row('V6B', 'Vancouver (ne Downtown)', 49.28, -123.1),
  row('V7L', 'North Vancouver Southwest', 49.32, -123.07),
  row('J7Y', 'Saint-j\uFFFDr\uFFFDme North', 45.8, -74.0),
  row('J7Z', 'Saint-j\uFFFDr\uFFFDme West', 45.78, -74.02),
  row('B3J', 'Halifax Lower Harbour', 44.65, -63.58),
  row('B3H', 'Halifax South', 44.63, -63.58),
  row('N8X', 'Windsor (roseland)', 42.3, -83.0),
  row('B0N', 'Windsor', 44.99, -64.13),
  row('E1H', 'Lakeville', null, 46.15, 'Shediac Bridge'),
  { zip: '10001', city: 'New York', latitude: 40.75, longitude: -74, state: 'NY', country: 'US' },
]);

describe('buildGazetteer and locateFsa', () => {
  it('indexes Canadian FSAs with their province from the first letter, and a readable city', () => {
    expect(locateFsa(gazetteer, 'M5X 1A9')).toEqual({ fsa: 'M5X', province: 'ON', city: 'Toronto', lat: 43.6, lng: -79.4 });
    expect(locateFsa(gazetteer, 'V6B 1A1')).toMatchObject({ province: 'BC', city: 'Vancouver' });
  });

  it('skips rows without usable coordinates, and US ZIP codes', () => {
    expect(locateFsa(gazetteer, 'E1H 1A1')).toBeUndefined();
    expect(locateFsa(gazetteer, '10001')).toBeUndefined();
  });
});

describe('locateCity', () => {
  it('averages the areas inside a city, leaving out compass-named ones when inner ones exist', () => {
    expect(locateCity(gazetteer, 'Toronto', 'ON')).toEqual({ province: 'ON', lat: 43.65, lng: -79.4 });
  });

  it('falls back to compass-named areas when nothing else carries the name', () => {
    const onlyWest = buildGazetteer([row('M6K', 'West Toronto (parkdale)', 43.64, -79.43)]);
    expect(locateCity(onlyWest, 'Toronto', 'ON')).toEqual({ province: 'ON', lat: 43.64, lng: -79.43 });
  });

  it('keeps a city named with a compass word apart from the one it is named after', () => {
    expect(locateCity(gazetteer, 'Vancouver', 'BC')).toEqual({ province: 'BC', lat: 49.28, lng: -123.1 });
    expect(locateCity(gazetteer, 'North Vancouver', 'BC')).toEqual({ province: 'BC', lat: 49.32, lng: -123.07 });
  });

  it('matches a name that starts the data name ("Halifax" in "Halifax Lower Harbour")', () => {
    expect(locateCity(gazetteer, 'Halifax', 'NS')).toEqual({ province: 'NS', lat: 44.64, lng: -63.58 });
  });

  it.each(['Saint-Jérôme', 'St-Jérôme', 'St. Jerome', 'SAINT JEROME'])('matches %p despite the letters the data lost', (name) => {
    expect(locateCity(gazetteer, name, 'QC')).toEqual({ province: 'QC', lat: 45.79, lng: -74.01 });
  });

  it('looks only in the given province', () => {
    expect(locateCity(gazetteer, 'Toronto', 'QC')).toBeUndefined();
  });

  it('without a province, needs the name to be in one province only', () => {
    expect(locateCity(gazetteer, 'Vancouver', null)).toMatchObject({ province: 'BC' });
    expect(locateCity(gazetteer, 'Windsor', null)).toBeUndefined();
    expect(locateCity(gazetteer, 'Windsor', 'NS')).toEqual({ province: 'NS', lat: 44.99, lng: -64.13 });
  });

  it.each(['Nowhereville', 'Toronto West Side', 'Roseland', '', '!!!'])('does not know %p', (name) => {
    expect(locateCity(gazetteer, name, null)).toBeUndefined();
  });
});

describe('buildGazetteer with a centroid review', () => {
  const reviewed = buildGazetteer(
    [
      row('M5C', 'Downtown Toronto (st. James Park)', 43.687, -79.5318),
      row('M5X', 'Downtown Toronto (underground City)', 43.6492, -79.3823),
      row('A1H', "St. John's Southwest", 47.49, -52.81),
    ],
    {
      M5C: { verdict: 'corrected', point: { lat: 43.6512, lng: -79.3752 }, source: 'a source', why: 'in Etobicoke' },
      A1H: { verdict: 'unreliable', source: 'a source', why: 'the sources disagree' },
    },
  );

  it('locates a corrected FSA at its corrected point, and averages that point into its city', () => {
    expect(locateFsa(reviewed, 'M5C 2W5')).toMatchObject({ lat: 43.6512, lng: -79.3752 });
    expect(locateCity(reviewed, 'Toronto', 'ON')).toEqual({ province: 'ON', lat: 43.6502, lng: -79.3787 });
  });

  it('knows an unreliable FSA only as unreliable: not located, not part of a city', () => {
    expect(locateFsa(reviewed, 'A1H 1A1')).toBeUndefined();
    expect(isUnreliableFsa(reviewed, 'A1H 1A1')).toBe(true);
    expect(isUnreliableFsa(reviewed, 'M5C 2W5')).toBe(false);
    expect(locateCity(reviewed, "St. John's", 'NL')).toBeUndefined();
  });
});
