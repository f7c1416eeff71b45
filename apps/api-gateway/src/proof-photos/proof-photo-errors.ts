import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { MAX_PHOTO_BYTES } from './proof-photo.store';

export const photoUrlInvalid = (): AppError =>
  new AppError(403, ErrorType.InvalidRequest, 'photo_url_invalid', 'This photo URL is not valid: ask GET /v1/deliveries/{id}/proof for a new one.');

export const photoUrlExpired = (): AppError =>
  new AppError(403, ErrorType.InvalidRequest, 'photo_url_expired', 'This photo URL has expired: ask GET /v1/deliveries/{id}/proof for a new one.');

export const photoNotFound = (): AppError => AppError.notFound('No such photo.');

export const photoTooLarge = (): AppError => new AppError(413, ErrorType.InvalidRequest, ErrorCode.PayloadTooLarge, `A photo must not exceed ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`);

export const photoMediaTypeUnsupported = (): AppError =>
  new AppError(415, ErrorType.InvalidRequest, ErrorCode.UnsupportedMediaType, 'Send the photo as the body, with Content-Type image/jpeg, image/png or image/webp.');

export const photoContentMismatch = (declared: string): AppError =>
  AppError.invalidRequest(ErrorCode.ParameterInvalid, `The body is not a ${declared} image: its bytes must match its Content-Type.`, 'body');
