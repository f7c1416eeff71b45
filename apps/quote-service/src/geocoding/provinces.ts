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
