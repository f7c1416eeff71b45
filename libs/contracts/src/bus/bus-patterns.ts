import { ACCOUNT_PATTERNS } from '../accounts/accounts.bus';
import { DELIVERY_PATTERNS } from '../deliveries/deliveries.bus';
import type { DeliveryEventBatch } from '../deliveries/deliveries.bus';
import { DRIVER_PATTERNS } from '../drivers/drivers.bus';
import { EventSubscriber } from '../events';
import { HEALTH_PATTERNS } from '../health/health.bus';
import { LOCATION_PATTERNS } from '../locations/locations.bus';
import { OPS_FAILURE_PATTERNS } from '../ops-failures/ops-failures.bus';
import { PAYMENT_PATTERNS } from '../payments/payments.bus';
import { QUOTE_PATTERNS } from '../quotes/quotes.bus';
import type { MerchantScope } from '../scope/scope';
import { ServiceName } from '../services';
import { WEBHOOK_PATTERNS } from '../webhooks/webhooks.bus';
import { BusMessageClass, BusPatternDeclaration, Reply } from './bus-pattern';

/**
 * Every request/reply pattern, each declared once in its domain's
 * `<domain>.bus.ts`. Everything below is derived from these declarations: the
 * bus client's typing (`request`, `@BusHandler`), where a request is sent, how
 * long its caller waits, and the class its payload is checked against.
 */
export const BUS_PATTERNS = {
  ...HEALTH_PATTERNS,
  ...QUOTE_PATTERNS,
  ...DELIVERY_PATTERNS,
  ...ACCOUNT_PATTERNS,
  ...LOCATION_PATTERNS,
  ...DRIVER_PATTERNS,
  ...PAYMENT_PATTERNS,
  ...WEBHOOK_PATTERNS,
  ...OPS_FAILURE_PATTERNS,
};

type Declarations = typeof BUS_PATTERNS;
type Declaration = Declarations[keyof Declarations];
const DECLARATIONS: readonly BusPatternDeclaration[] = Object.values(BUS_PATTERNS);

/** A pattern's name on the wire. */
export type Pattern = Declaration['name'];
/** The wire name of each pattern, by the name code uses for it: `Pattern.CreateQuote` is `'quote.create'`. */
export const Pattern = Object.fromEntries(Object.entries(BUS_PATTERNS).map(([key, { name }]) => [key, name])) as {
  readonly [K in keyof Declarations]: Declarations[K]['name'];
};

type DeclarationOf<P extends Pattern> = Extract<Declaration, { name: P }>;
/** What a pattern carries: its message class. */
export type PatternRequest<P extends Pattern> = InstanceType<DeclarationOf<P>['message']>;
export type PatternReply<P extends Pattern> = DeclarationOf<P>['reply'] extends Reply<infer TReply> ? TReply : never;
export type PatternOwner<P extends Pattern> = DeclarationOf<P>['owner'];

/** Which service answers each pattern: the bus client sends the request to that service's queue. */
export const PATTERN_ROUTES = Object.fromEntries(DECLARATIONS.map(({ name, owner }) => [name, owner])) as { readonly [P in Pattern]: PatternOwner<P> };

/** The patterns whose handler legitimately takes longer than the bus's default wait, and how long theirs is. */
export const PATTERN_TIMEOUT_MS: Readonly<Partial<Record<Pattern, number>>> = Object.fromEntries(
  DECLARATIONS.filter(({ timeoutMs }) => timeoutMs !== undefined).map(({ name, timeoutMs }) => [name, timeoutMs]),
);

/** The class every pattern's payload is checked against before its handler runs. */
export const BUS_REQUEST_MESSAGES = Object.fromEntries(DECLARATIONS.map(({ name, message }) => [name, message])) as {
  readonly [P in Pattern]: BusMessageClass<PatternRequest<P>>;
};

/** The patterns that act for one merchant in one mode: their request carries its scope. */
export type ScopedPattern = { [P in Pattern]: PatternRequest<P> extends { scope: MerchantScope } ? P : never }[Pattern];

/** A scoped request without its scope: the caller adds the one it acts for. */
export type UnscopedRequest<P extends ScopedPattern> = Omit<PatternRequest<P>, 'scope'>;

/** The patterns that take a batch of delivery events. */
export type IntakePattern = { [P in Pattern]: PatternRequest<P> extends DeliveryEventBatch ? P : never }[Pattern];

/** Where the outbox hands delivery events to each subscriber. */
export const EVENT_INTAKE_PATTERN: Readonly<Record<EventSubscriber, IntakePattern>> = {
  [ServiceName.Webhook]: Pattern.IngestDeliveryEvents,
  [ServiceName.Payment]: Pattern.IngestPaymentEvents,
  [ServiceName.Quote]: Pattern.IngestQuoteEvents,
};

/** The health pings. */
export type PingPattern = (typeof HEALTH_PATTERNS)[keyof typeof HEALTH_PATTERNS]['name'];

/** The health ping each backend service answers. */
export const PING_PATTERN: Readonly<Record<ServiceName, PingPattern | undefined>> = {
  [ServiceName.Gateway]: undefined,
  [ServiceName.Quote]: Pattern.QuotePing,
  [ServiceName.Delivery]: Pattern.DeliveryPing,
  [ServiceName.Payment]: Pattern.PaymentPing,
  [ServiceName.Webhook]: Pattern.WebhookPing,
};
