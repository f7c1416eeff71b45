import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

export const quoteNotFound = (): AppError => AppError.notFound('No such quote.', 'quote_id');

export const quoteExpired = (): AppError =>
  new AppError(410, ErrorType.InvalidRequest, 'quote_expired', 'This quote has expired: quotes are valid for 15 minutes.', 'quote_id');

export const quoteAlreadyUsed = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'quote_already_used', 'This quote was already used for a delivery.', 'quote_id');

export const quotePriceChanged = (oldFee: number, newFee: number, currency: string): AppError =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'quote_price_changed',
    `This quote expired and its price changed by more than 10%: it was ${oldFee} and is now ${newFee} (${currency} cents). Request a new quote.`,
    'quote_id',
  );
