import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClaimedQuote, ClaimQuoteRequest, isRestricted, RESTRICTED_CATEGORIES } from '@sdd/contracts';
import { AppError, Clock, CLOCK, currentRequestContext, requestDeadlinePassed } from '@sdd/common';
import { entityColumns, findByStatement, inScope, PreparedStatement, preparedStatement, scopeMatches } from '@sdd/persistence';
import { APP_CONFIG } from '@sdd/runtime';
import { QuoteServiceConfig } from '../config';
import { withinRepriceTolerance } from '../pricing/pricing';
import { claimStanding } from './quote-claim';
import { categoryMismatch, licenceCheckNeeded, quoteAlreadyUsed, quoteNotFound, quotePriceChanged } from './quote-errors';
import { QuoteEntity } from './quote.entity';
import { QuotePricer } from './quote-pricer';
import { toClaimedQuote } from './quote.record';

/**
 * The usual claim in one statement: a free quote, not expired, passing the
 * delivery's checks. The caller's deadline is checked in the statement, as
 * the row is written: a claim that waited for a lock past it writes nothing
 * (the database's clock against the caller's, one machine's or NTP's apart).
 * The scope is compared in a form no index serves (`scopeMatches`), so the
 * row is found by its primary key whatever the statistics say.
 */
export function claimFreeQuoteSql(columns: string): string {
  return `UPDATE {schema}.quotes SET used_at = $4, claimed_by = $5, confirmed_at = NULL, claimed_until = $6
    WHERE id = $1 AND ${scopeMatches('quotes', '$2', '$3')} AND used_at IS NULL AND expires_at > $4
      AND ($7::text IS NULL OR category = $7) AND NOT ($8 AND category = ANY($9::text[]))
      AND ($10::timestamptz IS NULL OR clock_timestamp() <= $10)
    RETURNING ${columns}`;
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

  constructor(
    private readonly dataSource: DataSource,
    private readonly pricer: QuotePricer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: QuoteServiceConfig,
  ) {
    this.claimFree = preparedStatement(dataSource, 'claim-free-quote', claimFreeQuoteSql(entityColumns(dataSource, QuoteEntity)));
  }

  async execute(request: ClaimQuoteRequest): Promise<ClaimedQuote> {
    const now = this.clock.now();
    const deadline = currentRequestContext()?.deadline;
    const [claimed] = await findByStatement(this.dataSource, QuoteEntity, this.claimFree, [
      request.quoteId,
      request.scope.merchantId,
      request.scope.mode,
      now,
      request.claimant,
      new Date(now.getTime() + this.config.QUOTE_CLAIM_HOLD_MS),
      request.category ?? null,
      request.unrestricted_only === true,
      RESTRICTED_CATEGORIES,
      deadline === undefined ? null : new Date(deadline),
    ]);
    return claimed ? toClaimedQuote(claimed, null) : this.claimAnyOther(request);
  }

  /** A quote not free, expired, or refused: the row locked, and each case answered in turn. */
  private claimAnyOther({ scope, quoteId, claimant, category, unrestricted_only }: ClaimQuoteRequest): Promise<ClaimedQuote> {
    return this.dataSource.transaction(async (manager) => {
      const quote = await manager.findOne(QuoteEntity, {
        where: { id: quoteId, ...inScope(scope) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!quote) throw quoteNotFound();
      const standing = claimStanding(quote, claimant);
      if (standing === 'used') throw quoteAlreadyUsed();
      if (unrestricted_only && isRestricted(quote.category)) throw licenceCheckNeeded(quote.category);
      if (category && category !== quote.category) throw categoryMismatch(quote.category, category);
      const now = this.clock.now();
      let repricedFrom: number | null = null;
      if (standing === 'free') {
        if (quote.expiresAt.getTime() <= now.getTime()) {
          const { fee } = this.pricer.price(quote);
          if (!withinRepriceTolerance(quote.fee, fee)) throw quotePriceChanged(quote.fee, fee, quote.currency);
          if (fee !== quote.fee) repricedFrom = quote.fee;
          quote.fee = fee;
        }
        quote.usedAt = now;
        quote.claimedBy = claimant;
        quote.confirmedAt = null;
      }
      if (!quote.confirmedAt) quote.claimedUntil = new Date(now.getTime() + this.config.QUOTE_CLAIM_HOLD_MS);
      await manager.update(
        QuoteEntity,
        { id: quote.id },
        { usedAt: quote.usedAt, fee: quote.fee, claimedBy: quote.claimedBy, claimedUntil: quote.claimedUntil, confirmedAt: quote.confirmedAt },
      );
      // A claim its caller no longer waits for would hold the quote for a delivery nobody writes.
      if (requestDeadlinePassed()) throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
      return toClaimedQuote(quote, repricedFrom);
    });
  }
}
