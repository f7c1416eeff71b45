import 'reflect-metadata';
import { BUS_REQUEST_MESSAGES, Pattern } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { checkBusPayload } from './bus-payload.check';

const scope = { merchantId: 'mer_8dJ2kLq9XwP4sT7vB1nC5mZr', mode: 'test' };
const claim = { scope, quoteId: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr', claimant: 'del_test_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' };
const location = {
  name: 'Main store',
  address: { street: '1 King St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', country: 'CA' },
  phone: '+14165550100',
  licensedFor: ['alcohol'],
  licenseNumber: 'LIC-1',
};

/** What the gateway (or a service) really sends for each pattern, as it arrives through JSON. */
const SENT: Record<Pattern, Record<string, unknown>> = {
  [Pattern.QuotePing]: {},
  [Pattern.DeliveryPing]: {},
  [Pattern.PaymentPing]: {},
  [Pattern.WebhookPing]: {},
  [Pattern.CreateQuote]: {
    scope,
    pickupAddress: '1 King St W, Toronto',
    dropoffAddress: '200 Bay St, Toronto',
    packageSize: 'small',
    scheduledAt: '2026-12-01T15:00:00Z',
    category: 'standard',
  },
  [Pattern.GetQuote]: { scope, quoteId: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr' },
  [Pattern.ClaimQuote]: claim,
  [Pattern.ExpireQuote]: { scope, quoteId: 'not-a-quote' },
  [Pattern.PeekQuote]: claim,
  [Pattern.ReleaseQuote]: { ...claim, claimant: 'del_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.CreateDelivery]: {
    scope,
    quoteId: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr',
    recipient: { name: 'Ada', phone: '+14165550101', email: null },
    pickupContact: { name: null, phone: null },
    dropoffNotes: null,
    externalReference: 'order-1',
    description: null,
    metadata: { order: '1' },
    idempotencyKey: 'req_x1',
  },
  [Pattern.GetDelivery]: { scope, deliveryId: 'del_test_4fJ0aQ9' },
  [Pattern.ListDeliveries]: { scope, limit: 20, status: 'pending', createdGte: '2026-11-01T05:00:00.000Z', createdLte: '2026-11-02T04:59:59.000Z', externalReference: 'ORD-1' },
  [Pattern.CancelDelivery]: { scope, deliveryId: 'del_test_4fJ0aQ9' },
  [Pattern.PreviewCancellation]: { scope, deliveryId: 'del_test_4fJ0aQ9' },
  [Pattern.AdvanceDelivery]: { scope, deliveryId: 'del_test_4fJ0aQ9', to: 'driver_assigned' },
  [Pattern.GetTracking]: { scope, deliveryId: 'del_test_4fJ0aQ9' },
  [Pattern.GetPublicTracking]: { token: 'trk_abc' },
  [Pattern.GetMerchantAccount]: { scope: { ...scope, mode: 'live' } },
  [Pattern.CountRecentDeliveries]: { scope, since: 1_700_000_000_000 },
  [Pattern.CreateWebhook]: { scope, url: 'https://example.com/hook', events: ['*'], description: null, notifyEmail: 'ops@example.com' },
  [Pattern.ListWebhooks]: { scope },
  [Pattern.UpdateWebhook]: { scope, webhookId: 'wh_1', active: false, description: null, notifyEmail: 'ops@example.com' },
  [Pattern.DeleteWebhook]: { scope, webhookId: 'wh_1' },
  [Pattern.PingWebhook]: { scope, webhookId: 'wh_1' },
  [Pattern.RotateWebhookSecret]: { scope, webhookId: 'wh_1', expiresInHours: 24 },
  [Pattern.RecoverWebhookDestinations]: { scope, webhookId: 'wh_1', since: '2026-11-20T10:00:00.000Z' },
  [Pattern.GetWebhookHealth]: { scope, webhookId: 'wh_1' },
  [Pattern.ListEvents]: { scope, limit: 20, type: 'delivery.created' },
  [Pattern.GetEvent]: { scope, eventId: 'evt_1' },
  [Pattern.StreamEvents]: { scope, afterEventId: 'evt_1', limit: 100 },
  [Pattern.ResendEvent]: { scope, eventId: 'evt_1', webhookId: 'wh_1' },
  [Pattern.IngestDeliveryEvents]: { events: [{ id: 'evt_1' }] },
  [Pattern.CreatePickupLocation]: { scope, location },
  [Pattern.ListPickupLocations]: { scope },
  [Pattern.CreateCheckout]: {
    scope,
    quoteId: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr',
    itemsSubtotal: 2500,
    successUrl: 'https://shop.example/paid',
    cancelUrl: null,
    customer: { name: 'Ada', email: 'ada@example.ca', phone: null },
    stripeVersion: null,
  },
  [Pattern.GetCheckout]: { scope, checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.CancelCheckout]: { scope, checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.PayTestCheckout]: { scope, checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B', card: '4242 4242 4242 4242' },
  [Pattern.GetCheckoutPage]: { checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.RefreshCheckoutPage]: { checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.ClaimCheckout]: { ...claim, checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.ReleaseCheckout]: { ...claim, checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.ConfirmCheckout]: { ...claim, checkoutId: 'chk_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.ConnectMerchant]: { scope, email: 'shop@example.ca', businessName: 'Shop', returnUrl: null, refreshUrl: null },
  [Pattern.ReceiveProcessorEvent]: { payload: '{"id":"evt_1"}', signature: 't=1,v1=ab' },
  [Pattern.ListPayouts]: { scope, limit: 20 },
  [Pattern.ListCheckouts]: { scope, limit: 20, status: 'refunded' },
  [Pattern.IngestPaymentEvents]: { events: [] },
  [Pattern.IngestQuoteEvents]: { events: [] },
  [Pattern.CreateDriver]: { name: 'Sam', phone: '+14165550100', vehicle: 'car', homeProvince: 'ON' },
  [Pattern.ListDrivers]: { limit: 100 },
  [Pattern.SetDriverCertification]: { driverId: 'drv_1', kind: 'liquor_service', province: 'ON', status: 'approved', expiresAt: null },
  [Pattern.SetDriverAvailability]: { tokenHash: 'a'.repeat(64), online: true },
  [Pattern.PostDriverLocation]: { tokenHash: 'a'.repeat(64), lat: 43.65, lng: -79.38 },
  [Pattern.ListDriverOffers]: { tokenHash: 'a'.repeat(64) },
  [Pattern.AcceptOffer]: { tokenHash: 'a'.repeat(64), offerId: 'ofr_1' },
  [Pattern.DeclineOffer]: { tokenHash: 'a'.repeat(64), offerId: 'ofr_1' },
  [Pattern.ReportDeliveryStatus]: {
    tokenHash: 'a'.repeat(64),
    deliveryId: 'del_1',
    status: 'delivered',
    reason: null,
    recipientName: 'Ada',
    pin: '0421',
    recipientBirthDate: '1990-04-01',
  },
  [Pattern.GetDeliveryProof]: { scope, deliveryId: 'del_test_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B' },
  [Pattern.AddProofPhoto]: {
    tokenHash: 'a'.repeat(64),
    deliveryId: 'del_1',
    key: `proof-photos/del_1/${'0'.repeat(16)}-${'b'.repeat(64)}.jpg`,
    contentType: 'image/jpeg',
    bytes: 2048,
    sha256: 'b'.repeat(64),
  },
  [Pattern.RerouteDelivery]: { scope, deliveryId: 'del_test_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B', dropoffAddress: '100 King St W, Toronto, ON M5X 1A9' },
  [Pattern.PreviewReroute]: { scope, deliveryId: 'del_test_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B', dropoffAddress: '100 King St W, Toronto, ON M5X 1A9' },
  [Pattern.ListDriverReroutes]: { tokenHash: 'a'.repeat(64) },
  [Pattern.AnswerReroute]: { tokenHash: 'a'.repeat(64), deliveryId: 'del_1', accept: false },
  [Pattern.RevokeDriver]: { driverId: 'drv_1' },
  [Pattern.ChangeDriverStanding]: { driverId: 'drv_1', change: 'force_offline' },
  [Pattern.RotateDriverToken]: { driverId: 'drv_1', expiresInSeconds: null },
  [Pattern.ListDriverEarnings]: { tokenHash: 'a'.repeat(64), timeZone: 'America/Toronto', from: '2026-11-21', to: null, limit: 20, cursor: null },
  [Pattern.ListOpsDeliveries]: { state: 'stuck' },
  [Pattern.ReofferDelivery]: { deliveryId: 'del_live_1' },
  [Pattern.OpsCancelDelivery]: { deliveryId: 'del_live_1' },
  [Pattern.ListRefunds]: { scope, limit: 20 },
  [Pattern.RecordDeliveryRefund]: {
    scope,
    deliveryId: 'del_test_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B',
    refund: {
      id: 'rf_1',
      deliveryId: 'del_test_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B',
      checkoutId: 'chk_1',
      amount: 3499,
      currency: 'cad',
      reason: 'delivery_cancelled',
      status: 'succeeded',
      processorRefundId: 're_1',
      createdAt: '2026-11-26T12:00:00.000Z',
    },
  },
  [Pattern.ListOpsMoneyMovements]: { limit: 20, status: 'failed' },
  [Pattern.RetryMoneyMovement]: { movementId: 'po_1' },
  [Pattern.ListOpsNotifications]: { limit: 20, cursor: 'WyIyMDI2LTExLTI2VDEyOjAwOjAwLjAwMFoiLCJudGZfMSJd' },
  [Pattern.RetryNotification]: { notificationId: 'ntf_1' },
};

const PATTERNS = Object.keys(SENT) as Pattern[];
const SCOPED = PATTERNS.filter((pattern) => 'scope' in SENT[pattern]);

async function refusal(pattern: Pattern, payload: unknown): Promise<AppError> {
  const error = await checkBusPayload(BUS_REQUEST_MESSAGES[pattern], payload).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`${pattern} accepted ${JSON.stringify(payload)}`);
  return error;
}

describe('checkBusPayload over every request pattern', () => {
  it.each(PATTERNS)('%s accepts what its sender really sends', async (pattern) => {
    const message = await checkBusPayload(BUS_REQUEST_MESSAGES[pattern], JSON.parse(JSON.stringify(SENT[pattern])));
    expect(JSON.parse(JSON.stringify(message))).toEqual(SENT[pattern]);
  });

  it.each(PATTERNS)('%s refuses an unknown field (parameter_unknown)', async (pattern) => {
    const error = await refusal(pattern, { ...SENT[pattern], sneaky: true });
    expect(error).toMatchObject({ status: 400, code: 'parameter_unknown', param: 'sneaky' });
  });

  it.each(PATTERNS)('%s refuses a payload that is not an object', async (pattern) => {
    for (const payload of [null, [], 'scope', 42]) {
      expect(await refusal(pattern, payload)).toMatchObject({ status: 400, code: 'parameter_invalid' });
    }
  });

  it.each(SCOPED)('%s refuses a message without its scope', async (pattern) => {
    const { scope: _scope, ...unscoped } = SENT[pattern];
    expect(await refusal(pattern, unscoped)).toMatchObject({ status: 400, code: 'parameter_missing', param: 'scope' });
  });

  it.each(SCOPED)('%s refuses a mode other than test or live', async (pattern) => {
    const error = await refusal(pattern, { ...SENT[pattern], scope: { ...scope, mode: 'prod' } });
    expect(error).toMatchObject({ code: 'parameter_invalid', param: 'scope.mode' });
  });

  it.each(SCOPED)('%s refuses a merchant id without its prefix or of the wrong type', async (pattern) => {
    for (const merchantId of ['acct_1', 'mer_', 'mer_1 OR 1=1', 7]) {
      const error = await refusal(pattern, { ...SENT[pattern], scope: { ...scope, merchantId } });
      expect(error).toMatchObject({ code: 'parameter_invalid', param: 'scope.merchantId' });
    }
  });

  it.each(SCOPED)('%s refuses an extra field inside the scope', async (pattern) => {
    const error = await refusal(pattern, { ...SENT[pattern], scope: { ...scope, admin: true } });
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'scope.admin' });
  });
});

describe('checkBusPayload, field by field', () => {
  it('leaves the events of a batch to the per-event check: one malformed event does not refuse the batch', async () => {
    const batch = { events: [{ id: 'evt_1' }, 'garbage', null] };
    await expect(checkBusPayload(BUS_REQUEST_MESSAGES[Pattern.IngestDeliveryEvents], batch)).resolves.toEqual(batch);
  });

  it.each([
    [Pattern.CreateQuote, { packageSize: 'huge' }, 'packageSize'],
    [Pattern.CreateQuote, { category: undefined }, 'category'],
    [Pattern.CreateQuote, { pickupAddress: 12 }, 'pickupAddress'],
    [Pattern.CreateQuote, { scheduledAt: 'tomorrow' }, 'scheduledAt'],
    [Pattern.ClaimQuote, { claimant: 'someone' }, 'claimant'],
    [Pattern.GetQuote, { quoteId: '' }, 'quoteId'],
    [Pattern.GetQuote, { quoteId: { $ne: null } }, 'quoteId'],
    [Pattern.CreateDelivery, { recipient: { name: 'Ada', phone: '+14165550101' } }, 'recipient.email'],
    [Pattern.CreateDelivery, { recipient: 'Ada' }, 'recipient'],
    [Pattern.CreateDelivery, { recipient: { name: 'Ada', phone: '+1', email: null, admin: true } }, 'recipient.admin'],
    [Pattern.CreateDelivery, { metadata: { order: 1 } }, 'metadata'],
    [Pattern.CreateDelivery, { quoteId: ['qt_1'] }, 'quoteId'],
    [Pattern.CreateDelivery, { dropoffNotes: undefined }, 'dropoffNotes'],
    [Pattern.ListDeliveries, { limit: '20' }, 'limit'],
    [Pattern.ListDeliveries, { limit: 1000 }, 'limit'],
    [Pattern.CountRecentDeliveries, { since: 'yesterday' }, 'since'],
    [Pattern.GetPublicTracking, { token: 5 }, 'token'],
    [Pattern.UpdateWebhook, { active: 'yes' }, 'active'],
    [Pattern.CreateWebhook, { events: 'delivery.created' }, 'events'],
    [Pattern.ListEvents, { limit: 0 }, 'limit'],
    [Pattern.ResendEvent, { webhookId: undefined }, 'webhookId'],
    [Pattern.RotateWebhookSecret, { expiresInHours: 25 }, 'expiresInHours'],
    [Pattern.ChangeDriverStanding, { change: 'suspend' }, 'change'],
    [Pattern.RotateDriverToken, { expiresInSeconds: 5 }, 'expiresInSeconds'],
    [Pattern.RotateWebhookSecret, { expiresInHours: 1.5 }, 'expiresInHours'],
    [Pattern.RecoverWebhookDestinations, { since: 'last week' }, 'since'],
    [Pattern.ListDeliveries, { createdGte: 'yesterday' }, 'createdGte'],
    [Pattern.IngestDeliveryEvents, { events: { id: 'evt_1' } }, 'events'],
    [Pattern.IngestDeliveryEvents, { events: Array.from({ length: 101 }, (_, n) => ({ id: `evt_${n}` })) }, 'events'],
    [Pattern.CreatePickupLocation, { location: { ...location, licensedFor: ['guns'] } }, 'location.licensedFor'],
    [Pattern.CreatePickupLocation, { location: { ...location, address: { ...location.address, city: null } } }, 'location.address.city'],
  ] as const)('%s with %j is refused naming %s', async (pattern, change, param) => {
    const error = await refusal(pattern, { ...SENT[pattern], ...change });
    expect(error.param).toBe(param);
    expect(error.status).toBe(400);
  });
});
