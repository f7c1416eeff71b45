import { Geocoder, GeocoderName } from './geocoder.port';
import { OfflineGeocoder } from './offline.geocoder';

/** Every Geocoder adapter by its GEOCODER name; a door-level geocoder's adapter joins GEOCODER_NAMES and this map. */
export const GEOCODERS: Readonly<Record<GeocoderName, () => Geocoder>> = {
  offline: () => new OfflineGeocoder(),
};
