import Stripe from 'stripe';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

/** Whether trying the same call again later may succeed: the processor was unreachable, slow or overloaded. */
export function isTransientProcessorError(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  );
}

/**
 * What a merchant sees of a processor failure: a declined card is a 402 with
 * the processor's decline message; an unreachable processor a 503 to retry;
 * anything else is ours to fix, and says nothing of the processor's internals.
 */
export function processorFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(402, ErrorType.Payment, error.code ?? 'card_declined', error.message || 'The card was declined.', 'card');
  }
  if (isTransientProcessorError(error)) return AppError.serviceUnavailable('The payment processor is temporarily unavailable. Retry later.');
  return AppError.internal();
}
