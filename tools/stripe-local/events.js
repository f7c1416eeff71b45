'use strict';

const { noSuchObject } = require('./errors');
const { listOf, nowSeconds } = require('./context');
const { stripeSignatureHeader } = require('./signature');
const { newObjectId } = require('./store');

/**
 * Processor events: stored (GET /v1/events) and POSTed to the platform's
 * endpoint with a `Stripe-Signature` header, retried with backoff until it
 * answers 2xx, as Stripe does (over a shorter span: this is a dev server).
 * @typedef {import('./store').Store} Store
 * @typedef {import('./store').StripeObject} StripeObject
 * @typedef {import('./context').Route} Route
 * @typedef {{ url: string | undefined, secrets: { test: string | undefined, live: string | undefined } }} WebhookTarget
 */

const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000, 30000];

class EventSender {
  /** @param {Store} store @param {WebhookTarget} target @param {(line: string) => void} log */
  constructor(store, target, log) {
    this.store = store;
    this.target = target;
    this.log = log;
    /** @type {Set<NodeJS.Timeout>} */
    this.timers = new Set();
  }

  /**
   * @param {string} scope @param {boolean} livemode @param {string} type
   * @param {StripeObject} object a copy is taken: the event shows the object as it was
   * @param {string} [account] for Connect events, the connected account
   */
  emit(scope, livemode, type, object, account) {
    const event = {
      id: newObjectId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      data: { object: JSON.parse(JSON.stringify(object)) },
      livemode,
      pending_webhooks: this.target.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
      ...(account ? { account } : {}),
    };
    this.store.insert(scope, event);
    this.send(event, livemode, 0);
  }

  /** @param {StripeObject} event @param {boolean} livemode @param {number} attempt */
  send(event, livemode, attempt) {
    const { url } = this.target;
    const secret = livemode ? this.target.secrets.live : this.target.secrets.test;
    if (!url || !secret) return;
    const payload = JSON.stringify(event, null, 2);
    const header = stripeSignatureHeader(payload, secret, nowSeconds());
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload, signal: AbortSignal.timeout(10_000) })
      .then((response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        event.pending_webhooks = 0;
        this.store.changed();
      })
      .catch((/** @type {Error} */ error) => {
        const delay = RETRY_DELAYS_MS[attempt];
        this.log(`event ${event.id} (${event.type}) not delivered to ${url}: ${error.message}${delay ? `; again in ${delay} ms` : '; giving up'}`);
        if (delay === undefined) return;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.send(event, livemode, attempt + 1);
        }, delay);
        timer.unref();
        this.timers.add(timer);
      });
  }

  close() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** @type {Route[]} */
const eventRoutes = [
  {
    method: 'GET',
    path: /^\/v1\/events\/(evt_\w+)$/,
    handler: ({ store, scope }, id) => {
      const entry = store.find(scope, id);
      if (!entry || entry.object.object !== 'event') throw noSuchObject('event', id);
      return { body: entry.object };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/events$/,
    handler: ({ store, scope, params }) => {
      const type = typeof params.type === 'string' ? params.type : undefined;
      return {
        body: listOf(
          '/v1/events',
          store.list(scope, 'event', (event) => type === undefined || event.type === type),
          params,
        ),
      };
    },
  },
];

module.exports = { EventSender, eventRoutes };
