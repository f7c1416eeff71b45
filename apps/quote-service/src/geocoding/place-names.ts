/** Stands for one letter whose accent the zipcodes data lost (it holds U+FFFD there: "Saint-j�r�me"). */
export const LOST_LETTER = '?';

/**
 * One spelling per word: "St-Jérôme", "St. Jerome" and "Saint-Jérôme" are one
 * place, and the data names French areas with English compass words
 * ("Montreal North" for Montréal-Nord).
 */
const WORD_FORMS: ReadonlyMap<string, string> = new Map([
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['mt', 'mount'],
  ['ft', 'fort'],
  ['nord', 'north'],
  ['sud', 'south'],
  ['est', 'east'],
  ['ouest', 'west'],
]);

/**
 * Words of a place name for comparison: accents, case, apostrophes and
 * punctuation removed, one form per word (see WORD_FORMS). "Montréal" and
 * "MONTREAL" give ["montreal"], "St. John's" gives ["saint", "johns"].
 */
export function placeNameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/\uFFFD/g, LOST_LETTER)
    .split(/[^a-z0-9?]+/)
    .filter(Boolean)
    .map((word) => WORD_FORMS.get(word) ?? word);
}

/** Same word, a lost letter in `stored` matching any one letter of `wanted`. */
export function sameWord(wanted: string, stored: string): boolean {
  if (wanted.length !== stored.length) return false;
  for (let index = 0; index < stored.length; index++) {
    if (stored[index] !== LOST_LETTER && stored[index] !== wanted[index]) return false;
  }
  return true;
}

/** Joining words that stay lower case inside a name ("Trois-Rivières", "Niagara-on-the-Lake", "Saint-Jean-sur-Richelieu"). */
const PARTICLES: ReadonlySet<string> = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'sur', 'en', 'et', 'aux', 'on', 'the', 'of', 'and']);

/** Capitalises each word and hyphenated part, except joining particles after the first. */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})(\p{L}*)/gu, (match: string, separator: string, first: string, rest: string, offset: number) =>
      offset > 0 && PARTICLES.has(first + rest) ? match : `${separator}${first.toUpperCase()}${rest}`,
    );
}

/** A name written all in one case was typed quickly: give it capitals. A mixed-case name is kept as written. */
export function readableCityName(written: string): string {
  const name = written.replace(/\s+/g, ' ').trim();
  return name === name.toLowerCase() || name === name.toUpperCase() ? titleCase(name) : name;
}

/** Words that place an area inside a city ("Downtown Toronto", "Old Montreal"), not name another city. */
export const INNER_QUALIFIERS: ReadonlySet<string> = new Set(['downtown', 'central', 'old']);
/** Compass words before a name can name another city ("North Vancouver") or part of the same ("West Toronto"). */
export const COMPASS_QUALIFIERS: ReadonlySet<string> = new Set(['north', 'south', 'east', 'west']);
/** Words after a name that only split a city into areas ("Saint-Jérôme West", "Quebec City Upper Riverbank"). */
const AREA_SUFFIXES: ReadonlySet<string> = new Set(['north', 'south', 'east', 'west', 'central', 'northeast', 'northwest', 'southeast', 'southwest', 'inner', 'outer']);
/** Canada Post's M region is exactly the City of Toronto; the data names its areas by former borough instead. */
const TORONTO_REGION = 'M';

/**
 * A readable city for an FSA whose data name is an area: the part before any
 * parenthesised neighbourhoods, without area words before ("Downtown") or
 * after ("West", "North Central"), every M area being Toronto. Lost accents
 * cannot be restored, so a lost letter becomes "e", the most frequent accented
 * letter in these names ("Levis", "Trois-Rivieres"; "Saint-Jereme" is wrong).
 */
export function readableFsaCity(fsa: string, dataName: string): string {
  if (fsa.startsWith(TORONTO_REGION)) return 'Toronto';
  const words = dataName
    .split('(')[0]
    .replace(/-\s+/g, '-')
    .replace(/\uFFFD/g, 'e')
    .trim()
    .split(/\s+/);
  while (words.length > 1 && AREA_SUFFIXES.has(words[words.length - 1].toLowerCase())) words.pop();
  if (words.length > 1 && INNER_QUALIFIERS.has(words[0].toLowerCase())) words.shift();
  return titleCase(words.join(' '));
}
