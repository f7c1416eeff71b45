import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClaimedQuote, ClaimQuoteRequest, isRestricted, QuoteRepricing, RESTRICTED_CATEGORIES } from '@sdd/contracts';
import { AppError, Batcher, Clock, CLOCK, currentRequestContext, requestDeadlinePassed } from '@sdd/common';
import { entityColumns, findByStatement, inScope, PreparedStatement, preparedStatement, scopeMatches, STATEMENT_BATCHING } from '@sdd/persistence';
import { APP_CONFIG } from '@sdd/runtime';
import { QuoteServiceConfig } from '../config';
import { feeChanges } from '../pricing/fee-changes';
import { withinRepriceTolerance } from '../pricing/pricing';
import { claimStanding } from './quote-claim';
import { categoryMismatch, licenceCheckNeeded, quoteAlreadyUsed, quoteNotFound, quotePriceChanged } from './quote-errors';
import { QuoteEntity } from './quote.entity';
import { QuotePricer } from './quote-pricer';
import { toClaimedQuote } from './quote.record';

/**
 * The usual claims in one statement: each a free quote, not expired, passing
 * its delivery's checks; the claims asked for in the same moment go
 * together. Each caller's deadline is checked in the statement, as its row is
 * written: a claim that waited for a lock past it writes nothing (the
 * database's clock against the caller's, one machine's or NTP's apart). The
 * scope is compared in a form no index serves (`scopeMatches`), so each row
 * is found by its primary key whatever the statistics say. The claims' own
 * columns are prefixed so that `columns` (the quote's) stay unambiguous.
 */
export function claimFreeQuotesSql(columns: string): string {
  return `UPDATE {schema}.quotes q SET used_at = $1, claimed_by = c.c_claimant, confirmed_at = NULL, claimed_until = $2
    FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::timestamptz[])
      AS c(c_quote_id, c_merchant_id, c_mode, c_claimant, c_category, c_unrestricted_only, c_deadline)
    WHERE q.id = c.c_quote_id AND ${scopeMatches('q', 'c.c_merchant_id', 'c.c_mode')} AND q.used_at IS NULL AND q.expires_at > $1
      AND (c.c_category IS NULL OR q.category = c.c_category) AND NOT (c.c_unrestricted_only AND q.category = ANY($10::text[]))
      AND (c.c_deadline IS NULL OR clock_timestamp() <= c.c_deadline)
    RETURNING ${columns}`;
}

/** A claim as asked for: `deadline`, its caller's. */
interface AskedClaim {
  request: ClaimQuoteRequest;
  deadline: number | undefined;
}

/**
 * Delivery-service claims a quote for one delivery (the claimant) before it
 * writes it: a quote is used at most once. The row lock makes concurrent
 * claims wait for each other, so exactly one wins. The claim holds for
 * QUOTE_CLAIM_HOLD_MS unless the delivery confirms it; the same claimant may
 * claim again (its retry). An expired quote is re-priced at today's rates and
 * goes through only if the price moved by 10% or less. The delivery's own
 * checks (its category, a restricted category's licence) come first, so a
 * refused delivery leaves the quote as it was: one round trip when they pass.
 */
@Injectable()
export class ClaimQuoteHandler {
  private readonly claimFree: PreparedStatement;
  private readonly freeClaims = new Batcher<AskedClaim, QuoteEntity | undefined>((claims) => this.claimFreeQuotes(claims), STATEMENT_BATCHING);

  constructor(
    private readonly dataSource: DataSource,
    private readonly pricer: QuotePricer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: QuoteServiceConfig,
  ) {
    this.claimFree = preparedStatement(dataSource, 'claim-free-quotes', claimFreeQuotesSql(entityColumns(dataSource, QuoteEntity)));
  }

  async execute(request: ClaimQuoteRequest): Promise<ClaimedQuote> {
    const claimed = await this.freeClaims.add({ request, deadline: currentRequestContext()?.deadline });
    return claimed ? toClaimedQuote(claimed, null) : this.claimAnyOther(request);
  }

  /**
   * The claimed quote for each claim that found its quote free, else
   * undefined (the locked way decides). Of two claims of one quote in a
   * batch only the first is tried here: the other is decided under the lock.
   */
  private async claimFreeQuotes(claims: AskedClaim[]): Promise<Array<QuoteEntity | undefined>> {
    const first = new Map<string, AskedClaim>();
    for (const claim of claims) if (!first.has(claim.request.quoteId)) first.set(claim.request.quoteId, claim);
    // In id order, as every batched write locks its rows, so batches running at once never wait for each other crosswise.
    const tried = [...first.values()].sort((a, b) => (a.request.quoteId < b.request.quoteId ? -1 : 1));
    const now = this.clock.now();
    const requests = tried.map(({ request }) => request);
    const quotes = await findByStatement(this.dataSource, QuoteEntity, this.claimFree, [
      now,
      new Date(now.getTime() + this.config.QUOTE_CLAIM_HOLD_MS),
      requests.map(({ quoteId }) => quoteId),
      requests.map(({ scope }) => scope.merchantId),
      requests.map(({ scope }) => scope.mode),
      requests.map(({ claimant }) => claimant),
      requests.map(({ category }) => category ?? null),
      requests.map(({ unrestrictedOnly }) => unrestrictedOnly === true),
      tried.map(({ deadline }) => (deadline === undefined ? null : new Date(deadline))),
      RESTRICTED_CATEGORIES,
    ]);
    const byId = new Map(quotes.map((quote) => [quote.id, quote]));
    return claims.map((claim) => (first.get(claim.request.quoteId) === claim ? byId.get(claim.request.quoteId) : undefined));
  }

  /** A quote not free, expired, or refused: the row locked, and each case answered in turn. */
  private claimAnyOther({ scope, quoteId, claimant, category, unrestrictedOnly }: ClaimQuoteRequest): Promise<ClaimedQuote> {
    return this.dataSource.transaction(async (manager) => {
      const quote = await manager.findOne(QuoteEntity, {
        where: { id: quoteId, ...inScope(scope) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!quote) throw quoteNotFound();
      const standing = claimStanding(quote, claimant);
      if (standing === 'used') throw quoteAlreadyUsed();
      if (unrestrictedOnly && isRestricted(quote.category)) throw licenceCheckNeeded(quote.category);
      if (category && category !== quote.category) throw categoryMismatch(quote.category, category);
      const now = this.clock.now();
      let repricing: QuoteRepricing | null = null;
      if (standing === 'free') {
        if (quote.expiresAt.getTime() <= now.getTime()) {
          const { fee, breakdown } = this.pricer.price(quote);
          const changes = feeChanges(quote.feeBreakdown, breakdown);
          if (!withinRepriceTolerance(quote.fee, fee)) throw quotePriceChanged(quote.fee, fee, quote.currency, changes);
          if (fee !== quote.fee) repricing = { previousFee: quote.fee, fee, changes };
          quote.fee = fee;
          quote.feeBreakdown = breakdown;
        }
        quote.usedAt = now;
        quote.claimedBy = claimant;
        quote.confirmedAt = null;
      }
      if (!quote.confirmedAt) quote.claimedUntil = new Date(now.getTime() + this.config.QUOTE_CLAIM_HOLD_MS);
      await manager.update(
        QuoteEntity,
        { id: quote.id },
        { usedAt: quote.usedAt, fee: quote.fee, feeBreakdown: quote.feeBreakdown, claimedBy: quote.claimedBy, claimedUntil: quote.claimedUntil, confirmedAt: quote.confirmedAt },
      );
      // A claim its caller no longer waits for would hold the quote for a delivery nobody writes.
      if (requestDeadlinePassed()) throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
      return toClaimedQuote(quote, repricing);
    });
  }
}
