import { DeliveryEvent, DeliveryEventBatch, DELIVERY_EVENT_BATCH_MAX, EVENT_TYPES, EventType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;
const isInstant = (value: unknown): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The first thing wrong with one offered event (a field path), or undefined when it can be stored as it is. */
export function deliveryEventProblem(event: unknown): string | undefined {
  if (!isObject(event)) return '';
  if (!isText(event.id) || !event.id.startsWith('evt_')) return 'id';
  if (!EVENT_TYPES.includes(event.type as EventType)) return 'type';
  if (!isInstant(event.created_at)) return 'created_at';
  if (!isText(event.delivery_id)) return 'delivery_id';
  if (!isText(event.merchant_id)) return 'merchant_id';
  if (!Number.isInteger(event.sequence) || (event.sequence as number) < 1) return 'sequence';
  if (!isObject(event.data)) return 'data';
  if (event.data.mode !== 'test' && event.data.mode !== 'live') return 'data.mode';
  if (event.data.id !== event.delivery_id) return 'data.id';
  return undefined;
}

export interface CheckedBatch {
  events: DeliveryEvent[];
  refused: Array<{ id: string | undefined; param: string }>;
}

/**
 * The outbox's offer as a subscriber trusts it: the receiving service checks
 * what arrives on the bus. A malformed batch is refused whole (400); a
 * malformed event is left out, so it is never acknowledged and stays visible
 * in the sender's backlog instead of being stored half-valid.
 */
export function checkDeliveryEventBatch(payload: unknown): CheckedBatch {
  if (!isObject(payload) || !Array.isArray(payload.events)) {
    throw AppError.invalidRequest('parameter_invalid', 'An event batch must be an object with an events array.', 'events');
  }
  const offered = (payload as unknown as DeliveryEventBatch).events as unknown[];
  if (offered.length > DELIVERY_EVENT_BATCH_MAX) {
    throw AppError.invalidRequest('parameter_invalid', `An event batch carries at most ${DELIVERY_EVENT_BATCH_MAX} events.`, 'events');
  }
  const checked: CheckedBatch = { events: [], refused: [] };
  offered.forEach((event, index) => {
    const problem = deliveryEventProblem(event);
    if (problem === undefined) checked.events.push(event as DeliveryEvent);
    else {
      const id = isObject(event) && typeof event.id === 'string' ? event.id : undefined;
      checked.refused.push({ id, param: problem ? `events[${index}].${problem}` : `events[${index}]` });
    }
  });
  return checked;
}

/**
 * The events of an offer a subscriber can store, each one left out logged as
 * refused: what every intake handler starts with (checkDeliveryEventBatch,
 * then the refusals logged).
 */
export function acceptedDeliveryEvents(payload: unknown, logger: { error(message: string): void }): DeliveryEvent[] {
  const { events, refused } = checkDeliveryEventBatch(payload);
  for (const { id, param } of refused) logger.error(`refused delivery event ${id ?? '(no id)'}: invalid ${param}`);
  return events;
}
