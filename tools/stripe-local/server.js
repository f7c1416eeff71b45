'use strict';

const crypto = require('node:crypto');
const http = require('node:http');
const { StripeApiError } = require('./errors');
const { EventSender, eventRoutes } = require('./events');
const { decodeForm } = require('./form');
const { authenticationPage, messagePage, onboardingPage } = require('./pages');
const { completeOnboarding, connectRoutes } = require('./resources/connect');
const { customerRoutes } = require('./resources/customers');
const { ephemeralKeyRoutes } = require('./resources/ephemeral-keys');
const { moneyMovementRoutes } = require('./resources/money-movements');
const { paymentIntentRoutes, settleAuthentication } = require('./resources/payment-intents');
const { Store, newObjectId } = require('./store');

/**
 * A local stand-in for the Stripe API, for development and tests only: the
 * machine cannot reach Stripe. The official SDK talks to it through its
 * host/port/protocol settings; shapes, errors, Idempotency-Key semantics and
 * signed events follow Stripe's.
 * @typedef {import('./context').Route} Route
 * @typedef {import('./context').RequestContext} RequestContext
 * @typedef {import('./events').WebhookTarget} WebhookTarget
 * @typedef {{ dataFile?: string, publicUrl: string, webhook: WebhookTarget, log?: (line: string) => void }} StripeLocalOptions
 */

/** @type {Route[]} */
const ROUTES = [...customerRoutes, ...paymentIntentRoutes, ...ephemeralKeyRoutes, ...connectRoutes, ...moneyMovementRoutes, ...eventRoutes];

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A key's account and mode. Keys pair by what follows the mode, so
 * `pk_test_abc` reaches the data `sk_test_abc` made, as a platform's
 * publishable and secret keys do.
 * @param {string | undefined} authorization
 */
function keyOf(authorization) {
  const match = /^Bearer\s+(sk|pk|rk)_(test|live)_([A-Za-z0-9_]+)$/.exec(authorization ?? '');
  if (!match) return undefined;
  return { publishable: match[1] === 'pk', livemode: match[2] === 'live', scope: `${match[2]}_${match[3]}` };
}

/** @param {http.IncomingMessage} request @returns {Promise<string>} */
function readBody(request) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new StripeApiError(413, 'invalid_request_error', 'Request too large.'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Browsers call it too, as they call Stripe's API from Stripe.js (a
 * publishable key confirming a PaymentIntent): every answer may be read cross-origin.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
  'access-control-allow-methods': 'GET, POST',
};

/** @param {http.ServerResponse} response @param {number} status @param {string} body @param {Record<string, string>} [headers] */
function sendJson(response, status, body, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newObjectId('req'), ...CORS_HEADERS, ...headers });
  response.end(body);
}

/** @param {http.ServerResponse} response @param {string} html */
function sendHtml(response, html) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

/** @param {http.ServerResponse} response @param {string} location */
function redirect(response, location) {
  response.writeHead(303, { location });
  response.end();
}

class StripeLocal {
  /** @param {StripeLocalOptions} options */
  constructor(options) {
    this.publicUrl = options.publicUrl;
    this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
    this.store = new Store(options.dataFile);
    this.events = new EventSender(this.store, options.webhook, this.log);
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((/** @type {unknown} */ error) => {
        if (error instanceof StripeApiError) sendJson(response, error.status, JSON.stringify(error.body));
        else {
          this.log(`stripe-local: ${error instanceof Error ? error.stack : String(error)}`);
          sendJson(response, 500, JSON.stringify({ error: { type: 'api_error', message: 'An unexpected error occurred.' } }));
        }
      });
    });
  }

  /** @param {number} port @param {string} [host] @returns {Promise<number>} */
  listen(port, host = '127.0.0.1') {
    return new Promise((resolve) => this.server.listen(port, host, () => resolve(/** @type {import('node:net').AddressInfo} */ (this.server.address()).port)));
  }

  /** @returns {Promise<void>} */
  close() {
    this.events.close();
    this.store.flush();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** @param {http.IncomingMessage} request @param {http.ServerResponse} response */
  async handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://stripe-local');
    const method = request.method ?? 'GET';
    const body = method === 'POST' ? await readBody(request) : '';
    if (url.pathname.startsWith('/3ds/')) return this.authentication(url, method, body, response);
    if (url.pathname.startsWith('/onboarding/')) return this.onboarding(url, method, response);
    if (url.pathname === '/health') return sendJson(response, 200, '{"status":"ok"}');
    if (method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      return response.end();
    }
    // Stripe.js sends the publishable key as the form field `key` (a simple request, no preflight).
    const formKey = method === 'POST' && !request.headers.authorization ? decodeForm(body).key : undefined;
    const key = keyOf(typeof formKey === 'string' ? `Bearer ${formKey}` : request.headers.authorization);
    if (!key) {
      throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided. Pass a key of the form sk_test_… or sk_live_… as a Bearer token.');
    }
    const found = this.route(method, url.pathname);
    if (!found) throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
    if (key.publishable && !found.route.publishable) {
      throw new StripeApiError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.');
    }
    const params = decodeForm(method === 'POST' ? body : url.search.slice(1));
    delete params.key;
    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const stripeVersion = request.headers['stripe-version'];
    /** @type {RequestContext} */
    const context = {
      store: this.store,
      scope: key.scope,
      livemode: key.livemode,
      publishable: key.publishable,
      params,
      stripeVersion: typeof stripeVersion === 'string' ? stripeVersion : undefined,
      publicUrl: this.publicUrl,
      emit: (type, object, account) => this.events.emit(key.scope, key.livemode, type, object, account),
    };
    const run = () => found.route.handler(context, ...found.ids);
    if (typeof idempotencyKey !== 'string') {
      const answer = run();
      return sendJson(response, answer.status ?? 200, JSON.stringify(answer.body));
    }
    return this.idempotently(`${key.scope}|${idempotencyKey}`, `${method} ${url.pathname} ${body}`, run, response);
  }

  /**
   * Stripe's Idempotency-Key: the first answer (error or not) is kept 24 h and
   * replayed for the same key and parameters; other parameters are refused.
   * @param {string} key @param {string} request @param {() => import('./context').Answer} run @param {http.ServerResponse} response
   */
  idempotently(key, request, run, response) {
    const hash = crypto.createHash('sha256').update(request).digest('hex');
    const earlier = this.store.idempotent(key);
    if (earlier) {
      if (earlier.hash !== hash) {
        throw new StripeApiError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return sendJson(response, earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'original-request': 'req_local' });
    }
    let status;
    let body;
    try {
      const answer = run();
      status = answer.status ?? 200;
      body = JSON.stringify(answer.body);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify(error.body);
    }
    this.store.remember(key, { hash, status, body, at: Date.now() });
    return sendJson(response, status, body);
  }

  /** @param {string} method @param {string} path */
  route(method, path) {
    for (const route of ROUTES) {
      const match = route.method === method ? route.path.exec(path) : null;
      if (match) return { route, ids: match.slice(1) };
    }
    return undefined;
  }

  /** @param {URL} url @param {string} method @param {string} body @param {http.ServerResponse} response */
  authentication(url, method, body, response) {
    const intentId = url.pathname.slice('/3ds/'.length);
    const entry = this.store.findAnywhere(intentId);
    const form = method === 'POST' ? decodeForm(body) : {};
    const secret = method === 'POST' ? form.secret : url.searchParams.get('secret');
    if (!entry || entry.object.object !== 'payment_intent' || typeof secret !== 'string' || secret !== entry.object.client_secret) {
      throw new StripeApiError(404, 'invalid_request_error', 'No such authentication.');
    }
    const intent = entry.object;
    if (method === 'GET') return sendHtml(response, authenticationPage(intent.id, secret, Number(intent.amount), String(intent.currency)));
    const nextAction = /** @type {{ redirect_to_url?: { return_url?: string | null } } | null} */ (intent.next_action);
    const returnUrl = nextAction?.redirect_to_url?.return_url;
    const context = this.pageContext(entry.scope);
    settleAuthentication(context, intent.id, form.outcome === 'complete');
    if (returnUrl) return redirect(response, `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}payment_intent=${intent.id}`);
    return sendHtml(response, messagePage(intent.status === 'succeeded' ? 'Payment authenticated.' : 'Authentication failed.'));
  }

  /** @param {URL} url @param {string} method @param {http.ServerResponse} response */
  onboarding(url, method, response) {
    const token = url.pathname.slice('/onboarding/'.length);
    const entry = this.store.findAnywhere(`link_${token}`);
    if (!entry || entry.object.object !== 'onboarding_link') throw new StripeApiError(404, 'invalid_request_error', 'No such onboarding link.');
    const { returnUrl, refreshUrl, expiresAt } = /** @type {{ returnUrl: string, refreshUrl: string, expiresAt: number }} */ (entry.meta);
    if (Date.now() / 1000 > expiresAt) return redirect(response, refreshUrl);
    const accountId = String(entry.object.account);
    if (method === 'GET') return sendHtml(response, onboardingPage(token, accountId));
    completeOnboarding(this.pageContext(entry.scope), accountId);
    return redirect(response, returnUrl);
  }

  /** What a page acts with: the account of the object it shows. @param {string} scope @returns {RequestContext} */
  pageContext(scope) {
    const livemode = scope.startsWith('live_');
    return {
      store: this.store,
      scope,
      livemode,
      publishable: false,
      params: {},
      stripeVersion: undefined,
      publicUrl: this.publicUrl,
      emit: (type, object, account) => this.events.emit(scope, livemode, type, object, account),
    };
  }
}

module.exports = { StripeLocal, keyOf };
