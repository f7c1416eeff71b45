import { ACCOUNT_PATTERNS } from '../accounts/accounts.bus';
import { DELIVERY_PATTERNS } from '../deliveries/deliveries.bus';
import { DRIVER_PATTERNS } from '../drivers/drivers.bus';
import { HEALTH_PATTERNS } from '../health/health.bus';
import { LOCATION_PATTERNS } from '../locations/locations.bus';
import { OPS_FAILURE_PATTERNS } from '../ops-failures/ops-failures.bus';
import { PAYMENT_PATTERNS } from '../payments/payments.bus';
import { QuoteRecord } from '../quotes/quotes';
import { ClaimQuoteRequest, QUOTE_PATTERNS, QuoteClaimRef, QuoteRef } from '../quotes/quotes.bus';
import { ServiceName } from '../services';
import { WEBHOOK_PATTERNS } from '../webhooks/webhooks.bus';
import { BUS_PATTERNS, BUS_REQUEST_MESSAGES, Pattern, PATTERN_ROUTES, PATTERN_TIMEOUT_MS, PatternReply, PatternRequest } from './bus-patterns';

describe('the bus contract and its runtime tables', () => {
  it('route and check every pattern, and only the patterns', () => {
    const patterns = Object.values(Pattern).sort();
    expect(Object.keys(PATTERN_ROUTES).sort()).toEqual(patterns);
    expect(Object.keys(BUS_REQUEST_MESSAGES).sort()).toEqual(patterns);
  });

  it('lose no declaration when the domains are put together, and give each pattern its own wire name', () => {
    const domains = [
      HEALTH_PATTERNS,
      QUOTE_PATTERNS,
      DELIVERY_PATTERNS,
      ACCOUNT_PATTERNS,
      LOCATION_PATTERNS,
      DRIVER_PATTERNS,
      PAYMENT_PATTERNS,
      WEBHOOK_PATTERNS,
      OPS_FAILURE_PATTERNS,
    ];
    const declared = domains.flatMap((domain) => Object.keys(domain));
    expect(Object.keys(BUS_PATTERNS).sort()).toEqual([...declared].sort());
    expect(new Set(Object.values(Pattern)).size).toBe(declared.length);
  });

  it('keep the wire names, owners and waits that are live', () => {
    expect(Pattern.ClaimQuote).toBe('quote.claim');
    expect(PATTERN_ROUTES[Pattern.RecordDeliveryRefund]).toBe(ServiceName.Delivery);
    expect(PATTERN_ROUTES[Pattern.GetMerchantAccount]).toBe(ServiceName.Payment);
    expect(PATTERN_TIMEOUT_MS).toEqual({
      'webhook.send_test': 15_000,
      'webhook.resend_event': 15_000,
      'webhook.ingest_delivery_events': 10_000,
      'payment.create_checkout': 20_000,
      'payment.cancel_checkout': 20_000,
      'payment.pay_test_checkout': 20_000,
      'payment.refresh_checkout_page': 20_000,
      'payment.claim_checkout': 15_000,
      'payment.connect_merchant': 20_000,
      'payment.ingest_delivery_events': 10_000,
      'delivery.reroute': 10_000,
      'delivery.preview_reroute': 10_000,
    });
  });

  it('do not compile an owner or a message class that disagrees with the contract', () => {
    // @ts-expect-error quote-service answers ClaimQuote
    const routes: Pick<typeof PATTERN_ROUTES, typeof Pattern.ClaimQuote> = { [Pattern.ClaimQuote]: ServiceName.Delivery };
    // @ts-expect-error a claim names its claimant: QuoteRef has no such field
    const messages: Pick<typeof BUS_REQUEST_MESSAGES, typeof Pattern.ClaimQuote> = { [Pattern.ClaimQuote]: QuoteRef };

    expect(routes[Pattern.ClaimQuote]).not.toBe(PATTERN_ROUTES[Pattern.ClaimQuote]);
    expect(messages[Pattern.ClaimQuote]).not.toBe(QuoteClaimRef);
  });

  it('type a pattern by its declaration: its message class is the request, its reply is the one declared', () => {
    const scope = { merchantId: 'mer_1', mode: 'test' as const };
    const claim: PatternRequest<typeof Pattern.ClaimQuote> = { scope, quoteId: 'qt_1', claimant: 'del_1', unrestrictedOnly: true };
    // @ts-expect-error a claim names its claimant
    const unnamed: PatternRequest<typeof Pattern.ClaimQuote> = { scope, quoteId: 'qt_1' };
    // @ts-expect-error a quote is asked for by quoteId, not deliveryId
    const wrongField: PatternRequest<typeof Pattern.GetQuote> = { scope, deliveryId: 'del_1' };
    const quote = { id: 'qt_1' } as QuoteRecord;
    const answered: PatternReply<typeof Pattern.GetQuote> = quote;
    // @ts-expect-error GetQuote answers a quote, not a count
    const wrongReply: PatternReply<typeof Pattern.GetQuote> = 3;

    expect(claim).toBeInstanceOf(Object);
    expect(BUS_REQUEST_MESSAGES[Pattern.ClaimQuote]).toBe(ClaimQuoteRequest);
    expect([unnamed, wrongField, answered, wrongReply]).toHaveLength(4);
  });
});
