import { api, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type FailedMovement = Schemas['OpsMoneyMovement'];
export type FailedNotification = Schemas['OpsNotification'];
export type MovementPage = Schemas['OpsMoneyMovementList'];
export type NotificationPage = Schemas['OpsNotificationList'];

/** The lists' query keys: a retry refreshes its list. */
export const FAILED_MOVEMENTS_KEY = ['failures', 'money_movements'] as const;
export const FAILED_NOTIFICATIONS_KEY = ['failures', 'notifications'] as const;

/** How many failures one "More" brings. */
export const FAILURES_PAGE_SIZE = 10;

export const listFailedMovements = (cursor: string | undefined): Promise<MovementPage> =>
  unwrap(api.GET('/v1/ops/money_movements', { params: { query: { status: 'failed', limit: FAILURES_PAGE_SIZE, ...(cursor ? { cursor } : {}) } } }));

export const retryMovement = (id: string): Promise<FailedMovement> => unwrap(api.POST('/v1/ops/money_movements/{movementId}/retry', { params: { path: { movementId: id } } }));

export const listFailedNotifications = (cursor: string | undefined): Promise<NotificationPage> =>
  unwrap(api.GET('/v1/ops/notifications', { params: { query: { status: 'failed', limit: FAILURES_PAGE_SIZE, ...(cursor ? { cursor } : {}) } } }));

export const retryNotification = (id: string): Promise<FailedNotification> =>
  unwrap(api.POST('/v1/ops/notifications/{notificationId}/retry', { params: { path: { notificationId: id } } }));
