import { auditCentroids, AuditedArea, placeOf } from './centroid-audit';

const area = (fsa: string, placeName: string, lat: number, lng: number): AuditedArea => ({ fsa, placeName, lat, lng });

/** Five areas of one city about 1 km apart, five of its neighbour 15 km west. */
const CITY = [
  area('M5A', 'Downtown Toronto (regent Park)', 43.655, -79.362),
  area('M5B', 'Downtown Toronto (ryerson)', 43.657, -79.378),
  area('M5G', 'Downtown Toronto (central Bay Street)', 43.656, -79.386),
  area('M5H', 'Downtown Toronto (richmond)', 43.649, -79.383),
  area('M5J', 'Downtown Toronto (harbourfront East)', 43.643, -79.38),
];
const NEIGHBOUR = [
  area('M9A', 'Etobicoke (islington Avenue)', 43.667, -79.528),
  area('M9B', 'Etobicoke (west Deane Park)', 43.65, -79.552),
  area('M9C', 'Etobicoke (eringate)', 43.644, -79.577),
  area('M9P', 'Etobicoke (westmount)', 43.695, -79.532),
  area('M9R', 'Etobicoke (kingsview Village)', 43.69, -79.558),
];

describe('placeOf', () => {
  it.each([
    ['M5C', 'Downtown Toronto (st. James Park)', 'M downtown toronto'],
    ['S4Y', 'Regina Outer Northwest', 'S regina'],
    ['S4T', 'Regina West', 'S regina'],
    ['B3H', 'Halifax Lower Harbour', 'B halifax lower harbour'],
    ['N8X', 'Windsor (roseland)', 'N windsor'],
    ['B0N', 'Windsor', 'B windsor'],
    ['H2Y', 'Old Montréal', 'H old montreal'],
  ])('puts %s (%p) in %p', (fsa, name, place) => {
    expect(placeOf(fsa, name)).toBe(place);
  });
});

describe('auditCentroids', () => {
  it('flags an area placed among another place, far from its own', () => {
    const misplaced = area('M5C', 'Downtown Toronto (st. James Park)', 43.687, -79.5318);
    expect(auditCentroids([...CITY, ...NEIGHBOUR, misplaced])).toEqual([
      { fsa: 'M5C', rule: 'away_from_place', place: 'M downtown toronto', kmFromPlace: 12.7, placeSpreadKm: 0.7, nearest: ['M9P', 'M9R', 'M9A'] },
    ]);
  });

  it('passes an area far from its place when a neighbour shares the place (a city edge)', () => {
    const edge = [area('M5K', 'Downtown Toronto (edge)', 43.7, -79.3), area('M5L', 'Downtown Toronto (far edge)', 43.705, -79.295)];
    expect(auditCentroids([...CITY, ...NEIGHBOUR, ...edge])).toEqual([]);
  });

  it('passes an area among other places when it is near its own (a borough border)', () => {
    const border = area('M5V', 'Downtown Toronto (west)', 43.645, -79.41);
    expect(auditCentroids([...CITY, ...NEIGHBOUR, border, area('M6K', 'West Toronto (parkdale)', 43.64, -79.43)])).toEqual([]);
  });

  it('flags an area outside the province its first letter names, and judges it no further', () => {
    const inQuebec = area('M5W', 'Downtown Toronto (stn A)', 45.5, -73.57);
    const inNunavut = area('X0A', 'Outer Nunavut (iqaluit)', 63.75, -68.52);
    expect(auditCentroids([...CITY, ...NEIGHBOUR, inQuebec, inNunavut])).toEqual([{ fsa: 'M5W', rule: 'outside_province', province: 'ON' }]);
  });

  it('does not judge a place of fewer than four areas', () => {
    expect(auditCentroids([...CITY.slice(0, 2), ...NEIGHBOUR, area('M5C', 'Downtown Toronto (st. James Park)', 43.687, -79.5318)])).toEqual([]);
  });
});
