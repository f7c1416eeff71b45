/** The events every test delivery emits on its way to `delivered`. */
export const TIMELINE_EVENTS = ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'] as const;

/** An event as the receiver got it (one per request) or as `GET /v1/events` listed it. */
export interface SeenEvent {
  id: string;
  type: string;
  deliveryId: string;
}

export interface Receipt extends SeenEvent {
  validSignature: boolean;
}

export interface EventTally {
  /** Accepted deliveries × the timeline's events. */
  expected: number;
  /** Expected events that reached the receiver at least once with a valid signature. */
  received: number;
  /** Expected events that `GET /v1/events` lists. */
  listed: number;
  /** Events that reached the receiver but are not listed. */
  receivedUnlisted: number;
  receipts: number;
  /** Receipts beyond the first of each event. */
  duplicateReceipts: number;
  badSignatures: number;
  /** (delivery, type) pairs seen under more than one event id: one state change emitted twice. */
  doubleEmitted: number;
}

const pair = (deliveryId: string, type: string) => `${deliveryId} ${type}`;

/** Compares what should have been emitted for `acceptedIds` with what was received and listed. */
export function tallyEvents(acceptedIds: readonly string[], receipts: readonly Receipt[], listed: readonly SeenEvent[]): EventTally {
  const validPairs = new Set(receipts.filter((r) => r.validSignature).map((r) => pair(r.deliveryId, r.type)));
  const listedPairs = new Set(listed.map((e) => pair(e.deliveryId, e.type)));
  const listedIds = new Set(listed.map((e) => e.id));
  const receivedIds = new Set(receipts.map((r) => r.id));
  const expected = acceptedIds.flatMap((id) => TIMELINE_EVENTS.map((type) => pair(id, type)));
  const idsPerPair = new Map<string, Set<string>>();
  for (const event of [...receipts, ...listed]) {
    const key = pair(event.deliveryId, event.type);
    idsPerPair.set(key, (idsPerPair.get(key) ?? new Set()).add(event.id));
  }
  return {
    expected: expected.length,
    received: expected.filter((key) => validPairs.has(key)).length,
    listed: expected.filter((key) => listedPairs.has(key)).length,
    receivedUnlisted: [...receivedIds].filter((id) => !listedIds.has(id)).length,
    receipts: receipts.length,
    duplicateReceipts: receipts.length - receivedIds.size,
    badSignatures: receipts.filter((r) => !r.validSignature).length,
    doubleEmitted: [...idsPerPair.values()].filter((ids) => ids.size > 1).length,
  };
}
