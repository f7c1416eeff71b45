import { greatCircleKm, LatLng } from '@sdd/common';
import { PROVINCE_EXTENTS, provinceOfPostalCode } from './provinces';

/** One FSA as the data gives it: its centroid and its place name. */
export interface AuditedArea extends LatLng {
  fsa: string;
  /** The data's name, e.g. "Downtown Toronto (st. James Park)". */
  placeName: string;
}

/** A centroid outside the province its FSA's first letter names. */
export interface OutsideProvince {
  fsa: string;
  rule: 'outside_province';
  province: string;
}

/** A centroid that disagrees with its own place name and with its neighbours'. */
export interface AwayFromPlace {
  fsa: string;
  rule: 'away_from_place';
  /** The FSA's place, as compared: province letter and district ("M downtown toronto"). */
  place: string;
  /** Distance from the median of the place's other FSAs. */
  kmFromPlace: number;
  /** Typical distance of the place's other FSAs from that median. */
  placeSpreadKm: number;
  /** The nearest other FSAs, none of which shares the place. */
  nearest: string[];
}

export type CentroidOutlier = OutsideProvince | AwayFromPlace;

/**
 * The thresholds, measured on the zipcodes data (1,620 FSAs): an FSA is an
 * outlier when it is farther from the median of the other FSAs of its place
 * than both FLOOR_KM and SPREAD_FACTOR times their own spread, and none of its
 * NEIGHBOURS nearest FSAs belongs to that place. Either test alone flags dozens
 * of correct entries (suburbs at a city's edge, a borough beside another); both
 * together flagged 12, each then checked against two other sources.
 */
export const CENTROID_AUDIT = {
  floorKm: 5,
  spreadFactor: 3,
  neighbours: 3,
  /** A place needs this many FSAs for its median to mean anything. */
  minPlaceSize: 4,
  /** Degrees allowed beyond a province's extent (PROVINCE_EXTENTS). */
  provinceMarginDegrees: 0.5,
} as const;

/** Words after a name that only split a place into areas ("Regina Northeast", "Halifax Lower Harbour" stays whole). */
const AREA_WORDS: ReadonlySet<string> = new Set(['north', 'south', 'east', 'west', 'central', 'northeast', 'northwest', 'southeast', 'southwest', 'inner', 'outer']);

/**
 * The place an FSA's name puts it in: the name before its parenthesised
 * neighbourhoods, without trailing area words, keyed by the FSA's first letter
 * so that Windsor, Ontario and Windsor, Nova Scotia stay apart.
 */
export function placeOf(fsa: string, placeName: string): string {
  const words = placeName
    .split('(')[0]
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\uFFFD -]/g, ' ')
    .trim()
    .split(/\s+/);
  while (words.length > 1 && AREA_WORDS.has(words[words.length - 1])) words.pop();
  return `${fsa.charAt(0)} ${words.join(' ')}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function outsideProvince(area: AuditedArea): OutsideProvince | undefined {
  const province = provinceOfPostalCode(area.fsa);
  if (!province) return undefined;
  const extent = PROVINCE_EXTENTS[province];
  const margin = CENTROID_AUDIT.provinceMarginDegrees;
  const inside = area.lat >= extent.minLat - margin && area.lat <= extent.maxLat + margin && area.lng >= extent.minLng - margin && area.lng <= extent.maxLng + margin;
  return inside ? undefined : { fsa: area.fsa, rule: 'outside_province', province };
}

/** Every outlier of the data, by FSA: outside its province, else away from its place. Pure; well under a second over the whole country. */
export function auditCentroids(areas: readonly AuditedArea[]): CentroidOutlier[] {
  const misplaced = areas.map(outsideProvince).filter((outlier): outlier is OutsideProvince => outlier !== undefined);
  const misplacedFsas = new Set(misplaced.map((outlier) => outlier.fsa));
  return [...misplaced, ...awayFromPlace(areas.filter((area) => !misplacedFsas.has(area.fsa)))].sort((a, b) => a.fsa.localeCompare(b.fsa));
}

function awayFromPlace(areas: readonly AuditedArea[]): AwayFromPlace[] {
  const places = new Map<string, AuditedArea[]>();
  const placeByFsa = new Map<string, string>();
  for (const area of areas) {
    const place = placeOf(area.fsa, area.placeName);
    placeByFsa.set(area.fsa, place);
    places.set(place, [...(places.get(place) ?? []), area]);
  }
  const outliers: AwayFromPlace[] = [];
  for (const area of areas) {
    const place = placeByFsa.get(area.fsa) as string;
    const others = (places.get(place) ?? []).filter((other) => other !== area);
    if (others.length + 1 < CENTROID_AUDIT.minPlaceSize) continue;
    const centre = { lat: median(others.map((other) => other.lat)), lng: median(others.map((other) => other.lng)) };
    const spread = median(others.map((other) => greatCircleKm(other, centre)));
    const distance = greatCircleKm(area, centre);
    if (distance <= Math.max(CENTROID_AUDIT.floorKm, CENTROID_AUDIT.spreadFactor * spread)) continue;
    const nearest = areas
      .filter((other) => other !== area)
      .map((other) => ({ other, km: greatCircleKm(area, other) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, CENTROID_AUDIT.neighbours)
      .map(({ other }) => other);
    if (nearest.some((other) => placeByFsa.get(other.fsa) === place)) continue;
    const round = (km: number): number => Math.round(km * 10) / 10;
    outliers.push({ fsa: area.fsa, rule: 'away_from_place', place, kmFromPlace: round(distance), placeSpreadKm: round(spread), nearest: nearest.map((other) => other.fsa) });
  }
  return outliers;
}
