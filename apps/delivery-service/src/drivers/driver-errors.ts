import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

export const driverNotFound = (): AppError => AppError.notFound('No such driver.');

/** A driver token that names nobody: the same answer as a wrong API key. */
export const driverTokenInvalid = (): AppError => new AppError(401, ErrorType.Authentication, 'driver_token_invalid', 'Invalid driver token.');

/** The token named a driver, but its session is over: an operator rotates it (POST /v1/ops/drivers/{id}/rotate_token). */
export const driverTokenExpired = (): AppError =>
  new AppError(401, ErrorType.Authentication, 'driver_token_expired', 'This driver token has expired: ask an operator for a new one.');

export const driverDeactivated = (): AppError =>
  new AppError(403, ErrorType.Permission, 'driver_deactivated', 'This driver is deactivated: it cannot go online until an operator reactivates it.');

export const offerNotFound = (): AppError => AppError.notFound('No such offer.');

export const offerNotOpen = (status: string): AppError => new AppError(409, ErrorType.InvalidRequest, 'offer_not_open', `This offer is ${status}: it can no longer be answered.`);

export const driverOffline = (): AppError => new AppError(409, ErrorType.InvalidRequest, 'driver_offline', 'Go online before accepting offers.');

export const notYourDelivery = (): AppError => AppError.notFound('No such delivery among yours.');

export const reportNotAllowed = (from: string, to: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'delivery_transition_invalid', `A ${from} delivery cannot become ${to}.`);

export const failureReasonMissing = (status: string): AppError => AppError.invalidRequest('parameter_missing', `A ${status} delivery needs a reason.`, 'reason');

export const returnNotRequested = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'return_not_requested', 'This delivery was not created with undeliverable_action "return_to_pickup": report it failed instead.');

export const pinMismatch = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'pin_mismatch', "This is not the delivery's PIN: ask the recipient for the PIN on their tracking page.", 'pin');

export const pinLocked = (limit: number): AppError =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'pin_locked',
    `This delivery's PIN is locked after ${limit} wrong tries: hand the package over without a pin, after attaching a proof photo; it is recorded as not PIN-verified.`,
    'pin',
  );

export const proofPhotoRequired = (): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'proof_photo_required', "This delivery's PIN is locked: attach a proof photo (POST …/photos) before reporting it delivered.");

export const idCheckRequired = (legalAge: number): AppError =>
  AppError.invalidRequest(
    'parameter_missing',
    `This delivery is age-restricted: check the recipient's ID (at least ${legalAge}) and send recipient_birth_date.`,
    'recipient_birth_date',
  );

export const proofPhotoNotAllowed = (status: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, 'proof_photo_not_allowed', `This delivery is ${status}: photos are taken once it is picked up, until shortly after it is delivered.`);

export const proofPhotoLimit = (limit: number): AppError => new AppError(409, ErrorType.InvalidRequest, 'proof_photo_limit', `A delivery keeps at most ${limit} proof photos.`);

export const proofPhotoKeyInvalid = (): AppError => AppError.invalidRequest('parameter_invalid', 'The photo key does not match this upload.', 'key');
