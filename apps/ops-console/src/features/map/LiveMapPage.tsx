import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listDeliveries } from '../deliveries/deliveries-api';
import { listDrivers } from '../drivers/drivers-api';
import type { OpsSession } from '../session/session-api';
import { mapScene } from './map-scene';
import { SchematicMap } from './SchematicMap';
import { TileMap } from './TileMap';

/** How often the map asks again: short polling, like the tracking page. */
const REFRESH_MS = 5_000;

/** Online drivers and live deliveries under way, on tiles when TILE_URL is set, on a schematic otherwise; listed below as text. */
export function LiveMapPage({ map }: { map: OpsSession['map'] }) {
  const drivers = useQuery({ queryKey: ['drivers'], queryFn: listDrivers, refetchInterval: REFRESH_MS });
  const deliveries = useQuery({ queryKey: ['deliveries', 'active'], queryFn: () => listDeliveries('active'), refetchInterval: REFRESH_MS });
  const scene = useMemo(() => mapScene(drivers.data ?? [], deliveries.data ?? []), [drivers.data, deliveries.data]);
  const label = `${scene.drivers.length} online drivers and ${scene.deliveries.length} live deliveries under way`;

  return (
    <>
      <h1>Live map</h1>
      {(drivers.isPending || deliveries.isPending) && <p role="status">Loading…</p>}
      {(drivers.error ?? deliveries.error) && (
        <p className="error" role="alert">
          {(drivers.error ?? deliveries.error)?.message}
        </p>
      )}
      <p className="legend">
        <span className="key driver">Driver</span> <span className="key busy">Driver on a delivery</span> <span className="key pickup">Pickup</span>{' '}
        <span className="key dropoff">Dropoff</span> <span className="key stuck">Stuck</span>
      </p>
      {map.tile_url ? <TileMap scene={scene} tileUrl={map.tile_url} attribution={map.tile_attribution} label={label} /> : <SchematicMap scene={scene} label={label} />}
      <section className="panel" aria-labelledby="under-way">
        <h2 id="under-way">{label}</h2>
        <ul>
          {deliveries.data?.map((delivery) => (
            <li key={delivery.id}>
              {delivery.id}: {delivery.status.replace(/_/g, ' ')}, {delivery.pickup.address} → {delivery.dropoff.address}
              {delivery.driver ? `, ${delivery.driver.name}` : ''}
              {delivery.stuck ? ' (stuck)' : ''}
            </li>
          ))}
          {scene.drivers
            .filter((driver) => !driver.busy)
            .map((driver) => (
              <li key={driver.id}>{driver.name}: online, free</li>
            ))}
        </ul>
      </section>
    </>
  );
}
