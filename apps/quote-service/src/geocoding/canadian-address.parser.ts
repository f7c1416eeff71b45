import { MAX_ADDRESS_LENGTH } from '@sdd/contracts';
import { trimChars, withoutParenthesised } from './linear-text';
import { normalizeProvince, ProvinceCode } from './provinces';

export interface ParsedAddress {
  /** The street line as written (civic number, street, unit), whitespace collapsed. */
  street: string | null;
  /** As written, accents and case kept. */
  city: string | null;
  province: ProvinceCode | null;
  /** Normalised 'A1A 1A1'. */
  postalCode: string | null;
}

/**
 * Canada Post never uses D, F, I, O, Q or U (they are misread by sorting
 * machines and people), nor W or Z as the first letter.
 */
const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;
/** Anything shaped like a postal code, with or without its space or a dash, not inside a longer word. */
const POSTAL_CODE_SHAPE = /(?<![\p{L}\d])([a-z]\d[a-z])[\s-]?(\d[a-z]\d)(?![\p{L}\d])/giu;
const COUNTRY_SUFFIX = /(?:^|[\s,])(?:canada|can|ca)\.?$/i;
const isSeparator = (char: string) => /[\s,;.]/.test(char);
const isCityEdge = (char: string) => /[\s,;.-]/.test(char);
const isWordEdge = (char: string) => char === '.' || char === ',';
/** A unit only counts as one when a number follows, so that "Ste-Foy" stays a city. */
const UNIT = String.raw`(?:suite|ste|unit|apt|app|appt|apartment|appartement|bureau|local)\.?\s*#?\s*\d`;
const UNIT_PREFIX = new RegExp(String.raw`^${UNIT}\w*\s*,?\s*`, 'i');
/** A civic number or a unit starts a street line; anything else starts a city. */
const STREET_LINE_START = new RegExp(String.raw`^(?:#?\d|${UNIT})`, 'i');

/** Generics written after the street name (English usage). Words that also end city names (Bay, Hill, Park, Grove) are left out. */
const SUFFIX_TYPES: ReadonlySet<string> = new Set([
  'st',
  'street',
  'ave',
  'av',
  'avenue',
  'rd',
  'road',
  'blvd',
  'boulevard',
  'dr',
  'drive',
  'cres',
  'crescent',
  'way',
  'lane',
  'ln',
  'ct',
  'crt',
  'court',
  'pl',
  'place',
  'terr',
  'terrace',
  'pkwy',
  'parkway',
  'hwy',
  'highway',
  'sq',
  'square',
  'cir',
  'circle',
  'trail',
  'trl',
  'esplanade',
  'quay',
  'gdns',
  'gardens',
]);
/**
 * Generics written before the street name (French usage); the name that
 * follows has no marked end. A line starting with one of these never ends with
 * a type, so "1 rue St Paul O" is not read as a street called "rue St".
 */
const FRENCH_TYPES: ReadonlySet<string> = new Set([
  'rue',
  'boul',
  'bd',
  'ch',
  'chemin',
  'cote',
  'rang',
  'route',
  'rte',
  'montee',
  'allee',
  'promenade',
  'impasse',
  'croissant',
  'terrasse',
  'carre',
  'quai',
  'ruelle',
  'cours',
  'voie',
]);
/** Generics written first in both languages ("Avenue Rd", "avenue du Parc"). */
const SHARED_TYPES: ReadonlySet<string> = new Set(['av', 'ave', 'avenue', 'place', 'pl', 'square']);
const DIRECTIONS: ReadonlySet<string> = new Set(['n', 's', 'e', 'w', 'o', 'ne', 'nw', 'se', 'sw', 'no', 'so', 'north', 'south', 'east', 'west', 'nord', 'sud', 'est', 'ouest']);
/** Longest province spelling in words: "Île du Prince Édouard". */
const MAX_PROVINCE_WORDS = 4;

/** Lower case without accents or surrounding dots and commas, to compare one word with a vocabulary. */
function wordKey(word: string): string {
  const key = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return trimChars(key, isWordEdge);
}

export function normalizePostalCode(text: string): string | undefined {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const formatted = `${compact.slice(0, 3)} ${compact.slice(3)}`;
  return POSTAL_CODE.test(formatted) ? formatted : undefined;
}

interface Extracted<T> {
  value: T | null;
  rest: string;
}

/**
 * The last postal-code-shaped token is the postal code. One with letters Canada
 * Post never uses is still removed, so that it cannot be mistaken for part of
 * the city, but it is not returned: the address is then located by its city.
 */
function extractPostalCode(text: string): Extracted<string> {
  const last = [...text.matchAll(POSTAL_CODE_SHAPE)].pop();
  if (!last) return { value: null, rest: text };
  const rest = `${text.slice(0, last.index)} ${text.slice(last.index + last[0].length)}`;
  return { value: normalizePostalCode(last[0]) ?? null, rest };
}

function stripCountry(text: string): string {
  return trimChars(trimChars(text, isSeparator, 'end').replace(COUNTRY_SUFFIX, ''), isSeparator, 'end');
}

interface ProvinceMatch {
  code: ProvinceCode;
  /** The words that named it, as written. */
  written: string;
}

/** The province ends the address: the longest run of the last segment's final words that names one. */
function extractProvince(text: string): Extracted<ProvinceMatch> {
  const segments = text.split(',');
  const words = (segments.pop() ?? '').trim().split(' ').filter(Boolean);
  for (let count = Math.min(MAX_PROVINCE_WORDS, words.length); count > 0; count--) {
    const written = words.slice(-count).join(' ');
    const code = normalizeProvince(written);
    if (code) {
      const rest = [...segments, words.slice(0, -count).join(' ')].join(',');
      return { value: { code, written }, rest };
    }
  }
  return { value: null, rest: text };
}

/**
 * Index of the word after the street in an English-style line ("55 Water St W
 * Vancouver"): after the last street type (and its direction) that still has
 * words after it. A later "St" followed by a name is Saint ("Main St St.
 * Catharines"), unless it is the only type on the line.
 */
function endOfSuffixTypedStreet(keys: readonly string[]): number | undefined {
  const types = keys.flatMap((key, index) => (index >= 2 && SUFFIX_TYPES.has(key) ? [index] : []));
  for (const index of [...types].reverse()) {
    const end = DIRECTIONS.has(keys[index + 1] ?? '') ? index + 2 : index + 1;
    const isSaint = keys[index] === 'st' && end === index + 1 && index !== types[0];
    if (end < keys.length && !isSaint) return end;
  }
  return undefined;
}

/** French-style line ("1 rue Sainte-Catherine O Montréal"): only a direction marks where the street name ends. */
function endOfPrefixTypedStreet(keys: readonly string[]): number | undefined {
  for (let index = keys.length - 2; index >= 3; index--) {
    if (DIRECTIONS.has(keys[index])) return index + 1;
  }
  return undefined;
}

/** keys[0] is the civic number, keys[1] starts the street: a French generic there decides the convention. */
function endOfStreet(keys: readonly string[]): number | undefined {
  const generic = keys[1] ?? '';
  if (FRENCH_TYPES.has(generic)) return endOfPrefixTypedStreet(keys);
  if (SHARED_TYPES.has(generic)) return endOfPrefixTypedStreet(keys) ?? endOfSuffixTypedStreet(keys);
  return endOfSuffixTypedStreet(keys);
}

interface StreetAndCity {
  street: string | null;
  city: string | null;
}

/** A line without commas that starts with a civic number: the city, if any, follows the street. */
function splitStreetLine(line: string): StreetAndCity {
  const unit = UNIT_PREFIX.exec(line)?.[0] ?? '';
  const words = line.slice(unit.length).split(' ').filter(Boolean);
  const keys = words.map(wordKey);
  const end = endOfStreet(keys);
  if (end === undefined) return { street: line, city: null };
  return { street: `${unit}${words.slice(0, end).join(' ')}`, city: words.slice(end).join(' ') };
}

function cleanCity(city: string | null): string | null {
  if (city === null) return null;
  return trimChars(withoutParenthesised(city).replace(/\s+/g, ' '), isCityEdge) || null;
}

/** The last comma segment is the city unless it starts like a street line; everything before it is the street. */
function splitStreetAndCity(text: string): StreetAndCity {
  const segments = text
    .split(',')
    .map((segment) => segment.trim())
    .filter(Boolean);
  const last = segments.pop();
  if (last === undefined) return { street: null, city: null };
  const line = STREET_LINE_START.test(last) ? splitStreetLine(last) : { street: null, city: last };
  const street = [...segments, line.street].filter((part): part is string => Boolean(part)).join(', ');
  return { street: street || null, city: cleanCity(line.city) };
}

/** "Québec" alone after a street names Quebec City: the province name and the city name are the same words. */
function cityNamedByProvince(province: ProvinceMatch | null): string | null {
  if (province?.code !== 'QC' || wordKey(province.written).replace(/[()]/g, '') !== 'quebec') return null;
  return province.written.replace(/[()]/g, '');
}

/**
 * Splits a free-text Canadian address into street, city, province and postal
 * code. Commas help but are optional. Undefined when none of the four is
 * found, and for text longer than any address (callers check the length
 * first; the parser does not rely on it).
 */
export function parseCanadianAddress(text: string, { maxLength = MAX_ADDRESS_LENGTH } = {}): ParsedAddress | undefined {
  if (text.length > maxLength) return undefined;
  const cleaned = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  const postalCode = extractPostalCode(cleaned);
  const province = extractProvince(stripCountry(postalCode.rest));
  const { street, city } = splitStreetAndCity(province.rest);
  const resolvedCity = city ?? cityNamedByProvince(province.value);
  if (!street && !resolvedCity && !province.value && !postalCode.value) return undefined;
  return { street, city: resolvedCity, province: province.value?.code ?? null, postalCode: postalCode.value };
}
