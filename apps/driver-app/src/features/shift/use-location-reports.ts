import { useEffect, useRef, useState } from 'react';
import type { OutboxStore } from '../outbox/outbox-store';

/** How often the position is reported while online: often enough for matching and the recipient's live map. */
export const LOCATION_INTERVAL_MS = 10_000;

/**
 * While online: follows the phone's position (navigator.geolocation) and
 * reports it through the outbox at once and then every LOCATION_INTERVAL_MS,
 * so reports made without a connection arrive later, in order.
 */
export function useLocationReports(online: boolean, outbox: OutboxStore): string | null {
  const latest = useRef<GeolocationCoordinates | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    if (!('geolocation' in navigator)) {
      setProblem('This phone cannot share its location.');
      return;
    }
    const report = () => {
      if (latest.current) outbox.add({ kind: 'location', lat: latest.current.latitude, lng: latest.current.longitude });
    };
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const first = latest.current === null;
        latest.current = position.coords;
        setProblem(null);
        if (first) report();
      },
      (error) => setProblem(error.code === error.PERMISSION_DENIED ? 'Allow location access to receive offers.' : 'Looking for your location…'),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    const timer = setInterval(report, LOCATION_INTERVAL_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(timer);
      latest.current = null;
    };
  }, [online, outbox]);

  return problem;
}
