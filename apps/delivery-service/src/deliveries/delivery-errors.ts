import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

export const deliveryNotFound = (): AppError => AppError.notFound('No such delivery.');

export const missingCheckout = (): AppError =>
  AppError.invalidRequest('missing_checkout', 'Live deliveries need the checkout_id of a paid checkout for this quote.', 'checkout_id');

export const pickupNotLicensed = (category: string): AppError =>
  AppError.invalidRequest(
    'pickup_not_licensed',
    `A ${category} delivery must be picked up at one of your pickup locations licensed for ${category} (POST /v1/merchants/locations).`,
    'quote_id',
  );

export const deliveryInProgress = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'delivery_in_progress', 'A driver is already on this delivery: it can no longer be cancelled.');

export const deliveryNotCancellable = (status: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'delivery_not_cancellable', `This delivery is ${status}: it can no longer be cancelled.`);
