import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

export const driverNotFound = (): AppError => AppError.notFound('No such driver.');

/** A driver token that names nobody: the same answer as a wrong API key. */
export const driverTokenInvalid = (): AppError => new AppError(401, ErrorType.Authentication, 'driver_token_invalid', 'Invalid driver token.');

export const offerNotFound = (): AppError => AppError.notFound('No such offer.');

export const offerNotOpen = (status: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'offer_not_open', `This offer is ${status}: it can no longer be answered.`);

export const driverOffline = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'driver_offline', 'Go online before accepting offers.');

export const notYourDelivery = (): AppError => AppError.notFound('No such delivery among yours.');

export const reportNotAllowed = (from: string, to: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'delivery_transition_invalid', `A ${from} delivery cannot become ${to}.`);

export const failureReasonMissing = (): AppError =>
  AppError.invalidRequest('parameter_missing', 'A failed delivery needs a reason.', 'reason');
