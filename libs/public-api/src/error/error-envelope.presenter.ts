import type { ErrorPayload } from '@sdd/contracts';
import type { ErrorEnvelopeResource } from './error-envelope.resource';

/** The one envelope of every error response: the union of the contract's two forms (decisions.md, Errors). */
export function presentError(payload: Omit<ErrorPayload, 'status'>, requestId: string): ErrorEnvelopeResource {
  return { error: { type: payload.type, code: payload.code, message: payload.message, param: payload.param, request_id: requestId } };
}
