import type { ZipCode } from 'zipcodes';
import type { AuditedArea } from './centroid-audit';
import type { CentroidReview } from './fsa-centroid-review';
import { COMPASS_QUALIFIERS, INNER_QUALIFIERS, LOST_LETTER, placeNameWords, readableFsaCity, sameWord } from './place-names';
import { PROVINCE_CODES, ProvinceCode, provinceOfPostalCode } from './provinces';

export interface LatLng {
  lat: number;
  lng: number;
}

/** One forward sortation area: the first three characters of a postal code, located at its centroid. */
export interface FsaArea extends LatLng {
  fsa: string;
  /** From the FSA's first letter: the data's `state` holds a place name on a few rows. */
  province: ProvinceCode;
  /** A readable city for the area (see readableFsaCity). */
  city: string;
}

export interface LocatedCity extends LatLng {
  province: ProvinceCode;
}

/**
 * Areas answering to a name, by tier. Tier 0: the name as the data writes it,
 * or with a word that places the area inside the city removed ("Downtown
 * Toronto" is Toronto). Tier 1: a leading compass word removed ("West Toronto"
 * is Toronto, but "North Vancouver" is another city), so it is only used when
 * tier 0 knows no area of that name.
 */
type Tiers = readonly [Set<FsaArea>, Set<FsaArea>];
type Tier = 0 | 1;

interface NameForm {
  words: string[];
  tier: Tier;
}

interface NamedAreas {
  province: ProvinceCode;
  words: string[];
  tiers: Tiers;
}

export interface Gazetteer {
  readonly areasByFsa: ReadonlyMap<string, FsaArea>;
  /** By `nameKey`: every leading run of words of every name form, so "Halifax" finds "Halifax Bedford Basin". */
  readonly names: ReadonlyMap<string, NamedAreas>;
  /** Names holding a lost letter cannot be keyed by their spelling: compared word by word instead. */
  readonly lostLetterNames: ReadonlyMap<ProvinceCode, readonly NamedAreas[]>;
  /** FSAs whose centroid is known to be wrong and has no trusted correction: never located, nor averaged into a city. */
  readonly unreliableFsas: ReadonlySet<string>;
}

const FSA = /^[ABCEGHJ-NPRSTVXY]\d[A-Z]$/;
/** Canada's extent with a margin: rejects the rows whose coordinates are missing or shifted. */
const CANADA = { minLat: 41, maxLat: 84, minLng: -142, maxLng: -52 };
/** About 11 m: centroids are not more precise than that. */
const COORDINATE_DECIMALS = 4;

const nameKey = (province: ProvinceCode, words: readonly string[]): string => `${province} ${words.join(' ')}`;

function insideCanada(lat: number, lng: number): boolean {
  return lat >= CANADA.minLat && lat <= CANADA.maxLat && lng >= CANADA.minLng && lng <= CANADA.maxLng;
}

function toArea(record: ZipCode): FsaArea | undefined {
  const { zip: fsa, latitude: lat, longitude: lng } = record;
  const province = provinceOfPostalCode(fsa);
  if (record.country !== 'Canada' || !FSA.test(fsa) || !province) return undefined;
  if (lat === null || lng === null || !insideCanada(lat, lng)) return undefined;
  return { fsa, province, city: readableFsaCity(fsa, record.city), lat, lng };
}

/** The data name up to its parenthesised neighbourhoods, as written and with a leading qualifier removed. */
function nameForms(dataName: string): NameForm[] {
  const words = placeNameWords(dataName.split('(')[0]);
  if (words.length === 0) return [];
  const forms: NameForm[] = [{ words, tier: 0 }];
  if (words.length > 1 && INNER_QUALIFIERS.has(words[0])) forms.push({ words: words.slice(1), tier: 0 });
  if (words.length > 1 && COMPASS_QUALIFIERS.has(words[0])) forms.push({ words: words.slice(1), tier: 1 });
  return forms;
}

function leadingRuns(words: readonly string[]): string[][] {
  return words.map((_, index) => words.slice(0, index + 1));
}

function namedAreasAt(map: Map<string, NamedAreas>, province: ProvinceCode, words: string[]): NamedAreas {
  const key = nameKey(province, words);
  const existing = map.get(key);
  if (existing) return existing;
  const created: NamedAreas = { province, words, tiers: [new Set(), new Set()] };
  map.set(key, created);
  return created;
}

/** The data's usable rows as the centroid audit reads them: the same rows the gazetteer indexes, before any review. */
export function auditableAreas(records: Iterable<ZipCode>): AuditedArea[] {
  return [...records].flatMap((record) => {
    const area = toArea(record);
    return area ? [{ fsa: area.fsa, lat: area.lat, lng: area.lng, placeName: record.city }] : [];
  });
}

/**
 * Builds the index once: FSAs by code, and every name (and leading run of a
 * name's words) by province. A reviewed FSA takes its corrected point, or is
 * left out as unreliable (see fsa-centroid-review.ts).
 */
export function buildGazetteer(records: Iterable<ZipCode>, review: Readonly<Record<string, CentroidReview>> = {}): Gazetteer {
  const areasByFsa = new Map<string, FsaArea>();
  const names = new Map<string, NamedAreas>();
  const lostLetterNames = new Map<string, NamedAreas>();
  const unreliableFsas = new Set<string>();
  for (const record of records) {
    const found = toArea(record);
    if (!found) continue;
    const decision = review[found.fsa];
    if (decision?.verdict === 'unreliable') {
      unreliableFsas.add(found.fsa);
      continue;
    }
    const area = decision?.verdict === 'corrected' ? { ...found, ...decision.point } : found;
    areasByFsa.set(area.fsa, area);
    for (const form of nameForms(record.city)) {
      for (const run of leadingRuns(form.words)) {
        const map = run.some((word) => word.includes(LOST_LETTER)) ? lostLetterNames : names;
        namedAreasAt(map, area.province, run).tiers[form.tier].add(area);
      }
    }
  }
  return { areasByFsa, names, lostLetterNames: groupByProvince(lostLetterNames.values()), unreliableFsas };
}

function groupByProvince(entries: Iterable<NamedAreas>): Map<ProvinceCode, NamedAreas[]> {
  const grouped = new Map<ProvinceCode, NamedAreas[]>();
  for (const entry of entries) grouped.set(entry.province, [...(grouped.get(entry.province) ?? []), entry]);
  return grouped;
}

function sameWords(wanted: readonly string[], stored: readonly string[]): boolean {
  return wanted.length === stored.length && stored.every((word, index) => sameWord(wanted[index], word));
}

function centroid(areas: ReadonlySet<FsaArea>): LatLng {
  let lat = 0;
  let lng = 0;
  for (const area of areas) {
    lat += area.lat;
    lng += area.lng;
  }
  const round = (value: number): number => Number((value / areas.size).toFixed(COORDINATE_DECIMALS));
  return { lat: round(lat), lng: round(lng) };
}

function locateInProvince(gazetteer: Gazetteer, words: readonly string[], province: ProvinceCode): LocatedCity | undefined {
  const candidates = [
    gazetteer.names.get(nameKey(province, words))?.tiers,
    ...(gazetteer.lostLetterNames.get(province) ?? []).filter((name) => sameWords(words, name.words)).map((name) => name.tiers),
  ].filter((tiers): tiers is Tiers => tiers !== undefined);
  for (const tier of [0, 1] as const) {
    const areas = new Set(candidates.flatMap((tiers) => [...tiers[tier]]));
    if (areas.size > 0) return { province, ...centroid(areas) };
  }
  return undefined;
}

/**
 * Centroid of the FSAs a city name designates. Without a province the name
 * must designate places in one province only ("Windsor" is in Ontario and in
 * Nova Scotia).
 */
export function locateCity(gazetteer: Gazetteer, name: string, province: ProvinceCode | null): LocatedCity | undefined {
  const words = placeNameWords(name);
  if (words.length === 0) return undefined;
  if (province) return locateInProvince(gazetteer, words, province);
  const found = PROVINCE_CODES.map((code) => locateInProvince(gazetteer, words, code)).filter((located): located is LocatedCity => located !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

export function locateFsa(gazetteer: Gazetteer, postalCode: string): FsaArea | undefined {
  return gazetteer.areasByFsa.get(postalCode.slice(0, 3));
}

export function isUnreliableFsa(gazetteer: Gazetteer, postalCode: string): boolean {
  return gazetteer.unreliableFsas.has(postalCode.slice(0, 3));
}
