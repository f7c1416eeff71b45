/** Canada Post's two-letter codes of the 10 provinces and 3 territories. */
export const PROVINCE_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type ProvinceCode = (typeof PROVINCE_CODES)[number];

/**
 * Official English names. The zipcodes data spells them the same way (Quebec
 * without its accent) except for the territories, which it calls "Northwest
 * Territory" and "Nunavut Territory"; both spellings are accepted as input.
 */
const NAMES: Readonly<Record<ProvinceCode, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/**
 * Every accepted spelling, compacted (see `compact`): codes, English and French
 * names, Canada Post's and the usual English and French abbreviations.
 * N.-É. (Nouvelle-Écosse) is left out on purpose: "NE" ends many street
 * addresses (Calgary's quadrants) and would be read as a province.
 */
const ALIASES: Readonly<Record<ProvinceCode, readonly string[]>> = {
  AB: ['alberta', 'alta', 'alb'],
  BC: ['britishcolumbia', 'colombiebritannique', 'cb'],
  MB: ['manitoba', 'man'],
  NB: ['newbrunswick', 'nouveaubrunswick'],
  NL: ['newfoundlandandlabrador', 'newfoundlandlabrador', 'newfoundland', 'nfld', 'nf', 'terreneuveetlabrador', 'terreneuve', 'tnl'],
  NS: ['novascotia', 'nouvelleecosse'],
  NT: ['northwestterritories', 'northwestterritory', 'nwt', 'territoiresdunordouest', 'tno'],
  NU: ['nunavut', 'nunavutterritory', 'nvt'],
  ON: ['ontario', 'ont'],
  PE: ['princeedwardisland', 'pei', 'ileduprinceedouard', 'ipe'],
  QC: ['quebec', 'que', 'pq'],
  SK: ['saskatchewan', 'sask'],
  YT: ['yukon', 'yukonterritory', 'territoireduyukon', 'yk', 'yuk'],
};

/** Accents, case, dots, hyphens, apostrophes, spaces and parentheses carry no meaning in a province name. */
function compact(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[\s.\-'’()]/g, '');
}

const BY_ALIAS: ReadonlyMap<string, ProvinceCode> = new Map(PROVINCE_CODES.flatMap((code) => [code.toLowerCase(), ...ALIASES[code]].map((alias) => [alias, code] as const)));

export function normalizeProvince(input: string): ProvinceCode | undefined {
  return BY_ALIAS.get(compact(input));
}

export function provinceName(code: ProvinceCode): string {
  return NAMES[code];
}

/**
 * The first letter of a postal code names its province (Canada Post's
 * allocation); X is shared by the two northern territories, and only
 * X0A, X0B and X0C are Nunavut's.
 */
const BY_FIRST_LETTER: Readonly<Partial<Record<string, ProvinceCode>>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};
const NUNAVUT_FSAS: ReadonlySet<string> = new Set(['X0A', 'X0B', 'X0C']);

/** Province of a postal code or FSA in upper case ("M5X 1A9", "M5X"); undefined for a first letter Canada Post never uses. */
export function provinceOfPostalCode(postalCode: string): ProvinceCode | undefined {
  if (NUNAVUT_FSAS.has(postalCode.slice(0, 3))) return 'NU';
  return BY_FIRST_LETTER[postalCode.charAt(0)];
}

/** South, north, west and east limits in decimal degrees. */
export interface Extent {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * Each province's and territory's extent, rounded outwards to 0.1° from
 * Natural Resources Canada's Atlas of Canada boundaries (islands included:
 * Sable Island, the Magdalen Islands, Haida Gwaii, the Arctic archipelago).
 * The centroid audit allows a further 0.5°: it looks for rows placed in the
 * wrong province, not for a surveyor's line.
 */
export const PROVINCE_EXTENTS: Readonly<Record<ProvinceCode, Extent>> = {
  AB: { minLat: 49.0, maxLat: 60.0, minLng: -120.0, maxLng: -110.0 },
  BC: { minLat: 48.3, maxLat: 60.0, minLng: -139.1, maxLng: -114.0 },
  MB: { minLat: 49.0, maxLat: 60.0, minLng: -102.0, maxLng: -88.9 },
  NB: { minLat: 44.6, maxLat: 48.1, minLng: -69.1, maxLng: -63.7 },
  NL: { minLat: 46.6, maxLat: 60.4, minLng: -67.8, maxLng: -52.6 },
  NS: { minLat: 43.4, maxLat: 47.1, minLng: -66.4, maxLng: -59.7 },
  NT: { minLat: 60.0, maxLat: 78.8, minLng: -136.5, maxLng: -102.0 },
  NU: { minLat: 51.6, maxLat: 83.2, minLng: -120.7, maxLng: -61.2 },
  ON: { minLat: 41.7, maxLat: 56.9, minLng: -95.2, maxLng: -74.3 },
  PE: { minLat: 45.9, maxLat: 47.1, minLng: -64.5, maxLng: -61.9 },
  QC: { minLat: 45.0, maxLat: 62.6, minLng: -79.8, maxLng: -57.1 },
  SK: { minLat: 49.0, maxLat: 60.0, minLng: -110.0, maxLng: -101.4 },
  YT: { minLat: 60.0, maxLat: 69.7, minLng: -141.0, maxLng: -123.8 },
};
