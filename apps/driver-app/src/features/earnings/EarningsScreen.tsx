import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useOnline } from '../../lib/use-connection';
import { dayLabel, formatMoney, formatTotals, listDays } from './earning-days';
import { type Earning, earningsOfDay, phoneTimeZone, recentEarnings } from './earnings-api';

function areaLine(area: Earning['pickup']): string {
  return area.postal_prefix ? `${area.city} ${area.postal_prefix}` : `${area.city}, ${area.province}`;
}

function timeOf(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(instant));
}

/**
 * What the driver earned: today's total, the last 7 days (each a tap to
 * open), and the deliveries of the day chosen. Days are the phone's time
 * zone's. Without a connection it says so and keeps what it showed.
 */
export function EarningsScreen({ onBack, offerWaiting }: { onBack: () => void; offerWaiting: boolean }) {
  const connected = useOnline();
  const [timeZone] = useState(phoneTimeZone);
  const recent = useQuery({ queryKey: ['earnings', timeZone], queryFn: () => recentEarnings(timeZone) });
  const today = recent.data?.to;
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen ?? today;
  const deliveries = useInfiniteQuery({
    queryKey: ['earnings', timeZone, day],
    queryFn: ({ pageParam }) => earningsOfDay(timeZone, day as string, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: day !== undefined,
  });
  const days = recent.data ? listDays(recent.data.days, recent.data.from, recent.data.to) : [];
  const earnings = deliveries.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section className="earnings" aria-labelledby="earnings-title">
      <div className="top">
        <h1 id="earnings-title">Earnings</h1>
        <button type="button" onClick={onBack}>
          Back to shift
        </button>
      </div>
      {offerWaiting && (
        <button type="button" className="primary" onClick={onBack}>
          New offer waiting — back to shift
        </button>
      )}
      {!connected && (
        <p className="offline-banner" role="status">
          No connection: earnings show once you are back online.
        </p>
      )}
      {recent.isError && (
        <p className="error" role="alert">
          {recent.error.message}
        </p>
      )}
      {days.length > 0 && (
        <>
          <p className="earnings-today">
            Today: <strong>{formatTotals(days[0])}</strong> ({days[0].deliveries} {days[0].deliveries === 1 ? 'delivery' : 'deliveries'})
          </p>
          <h2 id="week-title">Last 7 days</h2>
          <ul className="day-list" aria-labelledby="week-title">
            {days.map((listed) => (
              <li key={listed.date}>
                <button type="button" aria-pressed={listed.date === day} onClick={() => setChosen(listed.date)}>
                  <span>{dayLabel(listed.date, today as string)}</span>
                  <span className="day-total">
                    {formatTotals(listed)}
                    <small>
                      {listed.deliveries} {listed.deliveries === 1 ? 'delivery' : 'deliveries'}
                    </small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {day !== undefined && (
        <>
          <h2 id="day-title">Deliveries {day === today ? 'today' : `on ${dayLabel(day, today as string)}`}</h2>
          {deliveries.isSuccess && earnings.length === 0 && <p>No deliveries that day.</p>}
          <ul className="earning-list" aria-labelledby="day-title">
            {earnings.map((earning) => (
              <li key={earning.delivery_id} className="card">
                <strong className="earning-amount">{formatMoney(earning.amount, earning.currency)}</strong>
                <span>
                  {timeOf(earning.delivered_at, timeZone)} · {areaLine(earning.pickup)} → {areaLine(earning.dropoff)}
                </span>
              </li>
            ))}
          </ul>
          {deliveries.hasNextPage && (
            <button type="button" disabled={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
              More deliveries
            </button>
          )}
        </>
      )}
    </section>
  );
}
