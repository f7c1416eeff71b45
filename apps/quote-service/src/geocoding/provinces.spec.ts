import { normalizeProvince, PROVINCE_CODES, PROVINCE_EXTENTS, ProvinceCode, provinceName, provinceOfPostalCode } from './provinces';

describe('normalizeProvince', () => {
  const table: ReadonlyArray<readonly [ProvinceCode, readonly string[]]> = [
    ['AB', ['AB', 'ab', 'Alberta', 'Alta.', 'Alb.']],
    ['BC', ['BC', 'B.C.', 'British Columbia', 'Colombie-Britannique', 'C.-B.']],
    ['MB', ['MB', 'Manitoba', 'Man.']],
    ['NB', ['NB', 'N.B.', 'New Brunswick', 'Nouveau-Brunswick']],
    ['NL', ['NL', 'Newfoundland and Labrador', 'Newfoundland & Labrador', 'Nfld.', 'Terre-Neuve-et-Labrador', 'T.-N.-L.']],
    ['NS', ['NS', 'N.S.', 'Nova Scotia', 'Nouvelle-Écosse', 'nouvelle ecosse']],
    ['NT', ['NT', 'N.W.T.', 'Northwest Territories', 'Northwest Territory', 'Territoires du Nord-Ouest', 'T.N.-O.']],
    ['NU', ['NU', 'Nvt.', 'Nunavut', 'Nunavut Territory']],
    ['ON', ['ON', 'on', 'Ont.', 'Ontario', 'ONTARIO', '(Ontario)']],
    ['PE', ['PE', 'P.E.I.', 'PEI', 'Prince Edward Island', 'Île-du-Prince-Édouard', 'Ile du Prince Edouard', 'Î.-P.-É.']],
    ['QC', ['QC', 'qc', 'Que.', 'PQ', 'Québec', 'Quebec', '(Québec)', 'QUÉBEC']],
    ['SK', ['SK', 'Sask.', 'Saskatchewan']],
    ['YT', ['YT', 'Y.T.', 'Yukon', 'Yukon Territory', 'Yuk.']],
  ];

  it.each(table.flatMap(([code, spellings]) => spellings.map((spelling) => [spelling, code] as const)))('reads %p as %s', (spelling, code) => {
    expect(normalizeProvince(spelling)).toBe(code);
  });

  it.each(['', 'Canada', 'CA', 'Toronto', 'NE', 'New York', 'NY', 'O N 1', 'Québec City'])('does not read %p as a province', (text) => {
    expect(normalizeProvince(text)).toBeUndefined();
  });

  it('covers the 13 provinces and territories', () => {
    expect(table.map(([code]) => code)).toEqual([...PROVINCE_CODES]);
  });
});

describe('provinceName', () => {
  it('gives the English name, which normalizeProvince reads back', () => {
    for (const code of PROVINCE_CODES) expect(normalizeProvince(provinceName(code))).toBe(code);
    expect(provinceName('QC')).toBe('Quebec');
    expect(provinceName('NL')).toBe('Newfoundland and Labrador');
  });
});

describe('provinceOfPostalCode', () => {
  it.each([
    ['A1C 5M2', 'NL'],
    ['B3J 3N8', 'NS'],
    ['C1A 4P3', 'PE'],
    ['E2L 4L1', 'NB'],
    ['G1R 4P5', 'QC'],
    ['H3B 4W5', 'QC'],
    ['J7Z 5T3', 'QC'],
    ['K1N 8S7', 'ON'],
    ['M5X 1A9', 'ON'],
    ['R3B 3H6', 'MB'],
    ['S4P 3Y2', 'SK'],
    ['T2G 2M3', 'AB'],
    ['V6B 1A1', 'BC'],
    ['X1A 2L9', 'NT'],
    ['X0A 0H0', 'NU'],
    ['Y1A 1B2', 'YT'],
  ] as const)('places %s in %s', (postalCode, code) => {
    expect(provinceOfPostalCode(postalCode)).toBe(code);
  });

  it('knows no province for a first letter Canada Post does not use', () => {
    expect(provinceOfPostalCode('D1A 1A1')).toBeUndefined();
    expect(provinceOfPostalCode('')).toBeUndefined();
  });
});

describe('PROVINCE_EXTENTS', () => {
  const CAPITALS: Readonly<Record<ProvinceCode, { lat: number; lng: number }>> = {
    AB: { lat: 53.5461, lng: -113.4938 },
    BC: { lat: 48.4284, lng: -123.3656 },
    MB: { lat: 49.8951, lng: -97.1384 },
    NB: { lat: 45.9636, lng: -66.6431 },
    NL: { lat: 47.5615, lng: -52.7126 },
    NS: { lat: 44.6488, lng: -63.5752 },
    NT: { lat: 62.454, lng: -114.3718 },
    NU: { lat: 63.7467, lng: -68.517 },
    ON: { lat: 43.6532, lng: -79.3832 },
    PE: { lat: 46.2382, lng: -63.1311 },
    QC: { lat: 46.8139, lng: -71.208 },
    SK: { lat: 50.4452, lng: -104.6189 },
    YT: { lat: 60.7212, lng: -135.0568 },
  };

  it.each(PROVINCE_CODES)('holds the capital of %s, south of its north and west of its east', (code) => {
    const extent = PROVINCE_EXTENTS[code];
    const capital = CAPITALS[code];
    expect([extent.minLat < capital.lat, capital.lat < extent.maxLat, extent.minLng < capital.lng, capital.lng < extent.maxLng]).toEqual([true, true, true, true]);
  });
});
