import type { LatLng } from '@sdd/common';

/**
 * What we decided about each FSA centroid of the zipcodes data that the audit
 * (centroid-audit.ts) flags, in the data as published or once corrected, or
 * that a cross-check of downtown Toronto found wrong. Each decision names the
 * sources it rests on:
 *
 * - STATISTICS_CANADA: the centroid of the FSA's polygon in Statistics
 *   Canada's 2021 Census Forward Sortation Area boundary file (lfsa000b21a_e,
 *   catalogue 92-179-X), the official FSA boundaries. Contains information
 *   licensed under the Open Government Licence – Canada.
 * - GEONAMES: the FSA's point in the GeoNames postal code data for Canada
 *   (geonames.org), licensed under Creative Commons Attribution 4.0.
 *
 * A correction takes the Statistics Canada centroid (rounded to 4 decimals,
 * about 11 m) when GeoNames agrees with it within 1.5 km and the zipcodes
 * point is more than 2 km from both. Where the two sources disagree with each
 * other, no point is trusted: the FSA is unreliable and quotes are refused.
 * A flagged entry within 2 km of either source is confirmed as it is.
 */
export type CentroidReview =
  | { verdict: 'corrected'; point: LatLng; source: string; why: string }
  | { verdict: 'unreliable'; source: string; why: string }
  | { verdict: 'confirmed'; source: string; why: string };

const BOTH = 'Statistics Canada 2021 FSA boundary centroid (OGL-Canada), checked against GeoNames (CC BY 4.0)';

export const CENTROID_REVIEW: Readonly<Record<string, CentroidReview>> = {
  A1H: {
    verdict: 'unreliable',
    source: BOTH,
    why: "St. John's Southwest: zipcodes is 7.5 km from Statistics Canada and 2.4 km from GeoNames, which are 5.2 km apart",
  },
  B1M: {
    verdict: 'unreliable',
    source: BOTH,
    why: 'Sydney East: zipcodes is 2.8 km from Statistics Canada and 5.3 km from GeoNames, which are 2.6 km apart',
  },
  B3R: {
    verdict: 'corrected',
    point: { lat: 44.5935, lng: -63.5935 },
    source: BOTH,
    why: 'Halifax South: zipcodes was 2.4 km from Statistics Canada and 3.1 km from GeoNames (0.8 km apart)',
  },
  H1B: {
    verdict: 'corrected',
    point: { lat: 45.6344, lng: -73.5239 },
    source: BOTH,
    why: 'Montréal-Est: zipcodes was 2.4 km from Statistics Canada and 3.6 km from GeoNames (1.3 km apart)',
  },
  H4X: {
    verdict: 'confirmed',
    source: BOTH,
    why: 'Montréal-Ouest is a town of its own, not part of Montréal; zipcodes is 1.1 km from Statistics Canada',
  },
  J6V: {
    verdict: 'confirmed',
    source: BOTH,
    why: 'Terrebonne East lies at the city edge; zipcodes is 1.6 km from GeoNames (2.6 km from Statistics Canada)',
  },
  J6Y: {
    verdict: 'corrected',
    point: { lat: 45.7001, lng: -73.7511 },
    source: BOTH,
    why: 'Terrebonne Southwest: zipcodes was 4.7 km west of Statistics Canada and GeoNames (0.1 km apart)',
  },
  J6Z: {
    verdict: 'corrected',
    point: { lat: 45.6696, lng: -73.7751 },
    source: BOTH,
    why: 'Blainville Northeast (flagged once J6Y was corrected beside it): zipcodes was 2.1 km east of Statistics Canada and GeoNames (0.0 km apart)',
  },
  K1N: {
    verdict: 'corrected',
    point: { lat: 45.429, lng: -75.6849 },
    source: BOTH,
    why: 'Lower Town / Sandy Hill, downtown Ottawa: zipcodes put it in Kanata, 20.6 km away; Statistics Canada and GeoNames agree within 0.1 km',
  },
  L1Y: {
    verdict: 'corrected',
    point: { lat: 43.9553, lng: -79.1196 },
    source: BOTH,
    why: 'Pickering North: zipcodes was 4.2 km from Statistics Canada and GeoNames (0.0 km apart)',
  },
  M5A: {
    verdict: 'corrected',
    point: { lat: 43.6554, lng: -79.3628 },
    source: BOTH,
    why: 'Regent Park, downtown Toronto (not flagged by the audit; found by the cross-check of downtown Toronto): zipcodes was 2.3 km south, in the port lands',
  },
  M5C: {
    verdict: 'corrected',
    point: { lat: 43.6512, lng: -79.3752 },
    source: BOTH,
    why: 'St. James Park, downtown Toronto: zipcodes put it in Etobicoke (43.687, -79.532), 13.2 km away; the sources agree within 0.1 km',
  },
  M5E: {
    verdict: 'corrected',
    point: { lat: 43.6451, lng: -79.3732 },
    source: BOTH,
    why: 'Berczy Park, downtown Toronto: zipcodes put it in Parkdale, 6.2 km away; the sources agree within 0.2 km',
  },
  M5V: {
    verdict: 'corrected',
    point: { lat: 43.6384, lng: -79.4043 },
    source: BOTH,
    why: 'CN Tower / King and Spadina (not flagged by the audit; found by the cross-check of downtown Toronto): zipcodes put it east of Yonge Street, 3.3 km away; the sources agree within 0.4 km',
  },
  V9E: {
    verdict: 'unreliable',
    source: BOTH,
    why: 'Saanich West: zipcodes is 9.6 km from Statistics Canada and 6.5 km from GeoNames, which are 9.9 km apart',
  },
};
