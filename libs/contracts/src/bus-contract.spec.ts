import { BUS_REQUEST_MESSAGES, QuoteClaimRefMessage, QuoteRefMessage } from './messages';
import { Pattern, PATTERN_ROUTES } from './patterns';
import { ServiceName } from './services';

describe('the bus contract and its runtime tables', () => {
  it('route and check every pattern, and only the patterns', () => {
    const patterns = Object.values(Pattern).sort();
    expect(Object.keys(PATTERN_ROUTES).sort()).toEqual(patterns);
    expect(Object.keys(BUS_REQUEST_MESSAGES).sort()).toEqual(patterns);
  });

  it('do not compile an owner or a message class that disagrees with the contract', () => {
    // @ts-expect-error quote-service answers ClaimQuote
    const routes: Pick<typeof PATTERN_ROUTES, typeof Pattern.ClaimQuote> = { [Pattern.ClaimQuote]: ServiceName.Delivery };
    // @ts-expect-error a claim names its claimant: QuoteRefMessage has no such field
    const messages: Pick<typeof BUS_REQUEST_MESSAGES, typeof Pattern.ClaimQuote> = { [Pattern.ClaimQuote]: QuoteRefMessage };

    expect(routes[Pattern.ClaimQuote]).not.toBe(PATTERN_ROUTES[Pattern.ClaimQuote]);
    expect(messages[Pattern.ClaimQuote]).not.toBe(QuoteClaimRefMessage);
  });
});
