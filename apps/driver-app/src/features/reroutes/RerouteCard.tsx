import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answerReroute, pendingReroute, type Reroute } from './reroutes-api';

/** How often a reroute is asked for while the package is not picked up yet (the only time a merchant can ask). */
const REROUTE_POLL_MS = 3000;

/** A new dropoff the merchant asked for: accepted, it replaces the dropoff the driver navigates to. */
export function RerouteCard({ deliveryId, onAccepted }: { deliveryId: string; onAccepted: (dropoff: Reroute['dropoff']) => void }) {
  const queryClient = useQueryClient();
  const reroute = useQuery({ queryKey: ['reroute', deliveryId], queryFn: () => pendingReroute(deliveryId), refetchInterval: REROUTE_POLL_MS });
  const [error, setError] = useState<string | null>(null);
  if (!reroute.data) return null;
  const asked = reroute.data;

  async function answer(accept: boolean) {
    setError(null);
    try {
      await answerReroute(deliveryId, accept);
      if (accept) onAccepted(asked.dropoff);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The answer did not arrive.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['reroute', deliveryId] });
    }
  }

  return (
    <section className="card" aria-labelledby="reroute-title">
      <h2 id="reroute-title">New dropoff asked for</h2>
      <p>{asked.dropoff.address}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void answer(true)}>
          Accept the new dropoff
        </button>
        <button type="button" onClick={() => void answer(false)}>
          Keep the old dropoff
        </button>
      </div>
    </section>
  );
}
