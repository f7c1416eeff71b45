'use strict';

/**
 * An error answered in Stripe's shape: `{error: {type, code, message, param, …}}`
 * with Stripe's status codes, so the SDK raises the same error classes.
 */
class StripeApiError extends Error {
  /**
   * @param {number} status
   * @param {string} type invalid_request_error, card_error, idempotency_error, authentication_error, api_error
   * @param {string} message
   * @param {Record<string, unknown>} [fields] code, param, decline_code, payment_intent…
   */
  constructor(status, type, message, fields = {}) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...fields } };
  }
}

/** @param {string} message @param {string} [param] */
const invalidRequest = (message, param) => new StripeApiError(400, 'invalid_request_error', message, param ? { param } : {});

/** @param {string} type @param {string} id @param {string} [param] */
const noSuchObject = (type, id, param = 'id') => new StripeApiError(404, 'invalid_request_error', `No such ${type}: '${id}'`, { code: 'resource_missing', param });

/** @param {string} param */
const missingParam = (param) => new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });

module.exports = { StripeApiError, invalidRequest, missingParam, noSuchObject };
