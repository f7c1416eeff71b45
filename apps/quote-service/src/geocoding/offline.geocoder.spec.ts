import { GeocodedAddress, UnreliableArea } from './geocoder.port';
import { OfflineGeocoder } from './offline.geocoder';

/** Reference points (city halls, landmarks) to check centroids against. */
const TORONTO_CITY_HALL = { lat: 43.6534, lng: -79.3841 };
const MONTREAL_CITY_HALL = { lat: 45.5088, lng: -73.5542 };
const VANCOUVER_DOWNTOWN = { lat: 49.2827, lng: -123.1207 };
const QUEBEC_CITY_HALL = { lat: 46.8139, lng: -71.2082 };

/** The point of a located address; NaN when it was not located, so that any comparison fails. */
const pointOf = (result: GeocodedAddress | UnreliableArea | undefined): { lat: number; lng: number } =>
  result && 'lat' in result ? { lat: result.lat, lng: result.lng } : { lat: NaN, lng: NaN };

const within = (located: GeocodedAddress | UnreliableArea | undefined, point: { lat: number; lng: number }, degrees: number): void => {
  expect(located).toBeDefined();
  expect(Math.abs(pointOf(located).lat - point.lat)).toBeLessThan(degrees);
  expect(Math.abs(pointOf(located).lng - point.lng)).toBeLessThan(degrees);
};

describe('OfflineGeocoder (zipcodes FSA data)', () => {
  const geocoder = new OfflineGeocoder();

  it('locates a Toronto address by its postal code FSA', async () => {
    expect(await geocoder.geocode('100 King St W, Toronto, ON M5X 1A9')).toEqual({
      street: '100 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5X 1A9',
      country: 'CA',
      lat: 43.6492,
      lng: -79.3823,
    });
  });

  it('locates a Vancouver address by postal code, and names the city from the FSA when the text has none', async () => {
    const byAddress = await geocoder.geocode('Suite 200, 55 Water St, Vancouver, BC V6B 1A1');
    expect(byAddress).toMatchObject({ street: 'Suite 200, 55 Water St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' });
    within(byAddress, VANCOUVER_DOWNTOWN, 0.05);
    expect(await geocoder.geocode('v6b1a1')).toMatchObject({ street: 'v6b1a1', city: 'Vancouver', province: 'BC', lat: pointOf(byAddress).lat });
  });

  it('names Toronto from any M postal code, whatever borough the data names', async () => {
    expect(await geocoder.geocode('M1B 1A1')).toMatchObject({ city: 'Toronto', province: 'ON' });
  });

  it('locates a French address by postal code, keeping the accents as written', async () => {
    const located = await geocoder.geocode('1000 rue De La Gauchetière O, Montréal (Québec) H3B 4W5');
    expect(located).toMatchObject({ street: '1000 rue De La Gauchetière O', city: 'Montréal', province: 'QC', postalCode: 'H3B 4W5' });
    within(located, MONTREAL_CITY_HALL, 0.05);
  });

  it('trusts the postal code over a province that contradicts it', async () => {
    expect(await geocoder.geocode('100 King St W, Toronto, QC M5X 1A9')).toMatchObject({ province: 'ON', lat: 43.6492, lng: -79.3823 });
  });

  it.each(['Montréal, QC', 'montreal quebec', 'MONTRÉAL', '1 Rue Sainte-Catherine O, Montréal, QC'])('locates %p at the centroid of Montréal', async (text) => {
    const located = await geocoder.geocode(text);
    expect(located).toMatchObject({ province: 'QC', postalCode: null });
    within(located, { lat: 45.5, lng: -73.6 }, 0.3);
  });

  it('gives a lower-case city capitals', async () => {
    expect(await geocoder.geocode('1 rue sainte-catherine o montréal qc')).toMatchObject({ street: '1 rue sainte-catherine o', city: 'Montréal' });
  });

  it.each([
    ['1 Place Ville Marie Montréal QC', '1 Place Ville Marie'],
    ['1 rue de la commune montreal', '1 rue de la commune'],
  ])('finds the city at the end of %p, a comma-less street line with no marked end', async (text, street) => {
    expect(await geocoder.geocode(text)).toMatchObject({ street, city: expect.stringMatching(/^Montr[eé]al$/), province: 'QC' });
  });

  it('does not take a street named after a city for the city', async () => {
    expect(await geocoder.geocode('123 rue Laval')).toBeUndefined();
  });

  it('reads French compass words in area names ("Montréal-Nord" is the data\'s "Montreal North")', async () => {
    within(await geocoder.geocode('Montréal-Nord, QC'), { lat: 45.6, lng: -73.63 }, 0.05);
  });

  it.each([
    ['Toronto, ON', TORONTO_CITY_HALL, 0.1],
    ['2 Bloor St W Toronto', TORONTO_CITY_HALL, 0.1],
    ['Vancouver, BC', VANCOUVER_DOWNTOWN, 0.1],
    ['Québec', QUEBEC_CITY_HALL, 0.1],
    ['1 rue des Carrières, Québec', QUEBEC_CITY_HALL, 0.1],
    ['Quebec City, QC', QUEBEC_CITY_HALL, 0.1],
    ['Calgary, AB', { lat: 51.0447, lng: -114.0719 }, 0.1],
    ['Ottawa, Ont.', { lat: 45.4215, lng: -75.6972 }, 0.1],
    ['1800 Argyle Street, Halifax, Nova Scotia', { lat: 44.6488, lng: -63.5752 }, 0.1],
    ['393 portage avenue winnipeg manitoba', { lat: 49.8951, lng: -97.1384 }, 0.1],
    ['St-Jérôme, QC', { lat: 45.7804, lng: -74.0036 }, 0.1],
    ['St. Jerome, Quebec', { lat: 45.7804, lng: -74.0036 }, 0.1],
    ['Trois-Rivières', { lat: 46.3432, lng: -72.5477 }, 0.1],
    ['Laval, QC', { lat: 45.6066, lng: -73.7124 }, 0.1],
  ])('locates %p by its city centroid', async (text, point, degrees) => {
    within(await geocoder.geocode(text), point, degrees);
  });

  it('tells North Vancouver from Vancouver', async () => {
    const north = await geocoder.geocode('North Vancouver, BC');
    const vancouver = await geocoder.geocode('Vancouver, BC');
    expect(pointOf(north).lat).toBeGreaterThan(pointOf(vancouver).lat + 0.03);
  });

  it.each(['Nowhereville, ON', 'asdf qwer zxcv', '12345', '90210', '', 'Toronto, QC', 'Windsor', 'QC', '100 King St W', 'D1A 1A1'])('cannot locate %p', async (text) => {
    expect(await geocoder.geocode(text)).toBeUndefined();
  });

  it('answers well within a millisecond', async () => {
    const texts = ['100 King St W, Toronto, ON M5X 1A9', 'Montréal, QC', '1 Place Ville Marie Montréal', 'Nowhereville, ON'];
    const rounds = 250;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) for (const text of texts) await geocoder.geocode(text);
    expect((performance.now() - started) / (rounds * texts.length)).toBeLessThan(1);
  });
});
