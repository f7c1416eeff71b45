'use strict';

/**
 * What a resource handler gets for one API request.
 * @typedef {import('./form').FormObject} FormObject
 * @typedef {import('./store').Store} Store
 * @typedef {import('./store').StripeObject} StripeObject
 * @typedef {{
 *   store: Store,
 *   scope: string,
 *   livemode: boolean,
 *   publishable: boolean,
 *   params: FormObject,
 *   stripeVersion: string | undefined,
 *   publicUrl: string,
 *   emit: (type: string, object: StripeObject, account?: string) => void,
 * }} RequestContext
 * @typedef {{ status?: number, body: unknown }} Answer
 * @typedef {(context: RequestContext, ...ids: string[]) => Answer} Handler
 * @typedef {{ method: string, path: RegExp, handler: Handler, publishable?: boolean }} Route
 */

/** Seconds since the epoch, as every `created` of Stripe. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A string parameter, or undefined. @param {FormObject} params @param {string} name */
function text(params, name) {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}

/** The `metadata[…]` parameter as Stripe keeps it: strings only. @param {FormObject} params */
function metadataOf(params) {
  const value = params.metadata;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string'));
}

/** A Stripe list, newest first: `{object: 'list', data, has_more, url}`. @param {string} url @param {StripeObject[]} data @param {FormObject} params */
function listOf(url, data, params) {
  const limit = Math.min(Math.max(Number(text(params, 'limit') ?? 10) || 10, 1), 100);
  return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url };
}

module.exports = { listOf, metadataOf, nowSeconds, text };
