import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

export const checkoutNotFound = (param: string | null = null): AppError => AppError.notFound('No such checkout.', param);

export const stripeNotConnected = (): AppError =>
  new AppError(403, ErrorType.Permission, 'stripe_not_connected', 'Live checkouts need a connected payment account: complete onboarding first (POST /v1/merchants/connect).');

export const quoteAlreadyUsed = (): AppError => new AppError(409, ErrorType.InvalidRequest, 'quote_already_used', 'This quote was already used for a delivery.', 'quote_id');

export const checkoutNotPaid = (): AppError => new AppError(402, ErrorType.Payment, 'checkout_not_paid', 'This checkout has not been paid.', 'checkout_id');

export const paymentAmountMismatch = (): AppError =>
  new AppError(
    402,
    ErrorType.Payment,
    'payment_amount_mismatch',
    "The processor charged another amount or currency than this checkout's: it cannot fund a delivery. Cancel the checkout to refund it.",
    'checkout_id',
  );

export const checkoutForAnotherQuote = (): AppError =>
  AppError.invalidRequest('parameter_invalid', 'This checkout was made for another quote: use the checkout of this quote.', 'checkout_id');

export const checkoutAlreadyUsed = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'checkout_already_used', 'This checkout already funds another delivery.', 'checkout_id');

export const checkoutNotCancellable = (status: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'checkout_not_cancellable', `This checkout is ${status}: it can no longer be cancelled.`);

export const checkoutNotPayable = (status: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'checkout_not_payable', `This checkout is ${status}: it can no longer be paid.`);

export const unknownTestCard = (numbers: readonly string[]): AppError => AppError.invalidRequest('parameter_invalid', `Use one of the test cards: ${numbers.join(', ')}.`, 'card');

export const testModeOnly = (): AppError => AppError.notFound('No such checkout.');
