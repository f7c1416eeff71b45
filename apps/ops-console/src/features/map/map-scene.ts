import type { Driver } from '../drivers/drivers-api';
import type { OpsDelivery } from '../deliveries/deliveries-api';
import type { LatLng } from './map-projection';

/** What the live map draws, whichever way it draws it. */
export interface MapScene {
  drivers: Array<{ id: string; name: string; at: LatLng; busy: boolean }>;
  deliveries: Array<{ id: string; pickup: LatLng; dropoff: LatLng; driverName: string | null; stuck: boolean }>;
}

/** Online drivers with a position, and every live delivery under way; a driver holding a delivery is `busy`. */
export function mapScene(drivers: readonly Driver[], deliveries: readonly OpsDelivery[]): MapScene {
  const busy = new Set(deliveries.flatMap((delivery) => (delivery.driver ? [delivery.driver.id] : [])));
  return {
    drivers: drivers.flatMap((driver) =>
      driver.online && driver.location ? [{ id: driver.id, name: driver.name, at: { lat: driver.location.lat, lng: driver.location.lng }, busy: busy.has(driver.id) }] : [],
    ),
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      pickup: { lat: delivery.pickup.lat, lng: delivery.pickup.lng },
      dropoff: { lat: delivery.dropoff.lat, lng: delivery.dropoff.lng },
      driverName: delivery.driver?.name ?? null,
      stuck: delivery.stuck !== null,
    })),
  };
}

export function scenePoints(scene: MapScene): LatLng[] {
  return [...scene.drivers.map((driver) => driver.at), ...scene.deliveries.flatMap((delivery) => [delivery.pickup, delivery.dropoff])];
}
