import { FailedNotificationCard } from './FailedNotificationCard';
import { FAILED_NOTIFICATIONS_KEY, listFailedNotifications } from './failures-api';
import { FailureList } from './FailureList';
import { useFailedList } from './use-failed-list';

/** Emails to recipients the mail server never took. */
export function FailedNotificationsSection() {
  const failed = useFailedList(FAILED_NOTIFICATIONS_KEY, listFailedNotifications);
  return (
    <FailureList title="Recipient notifications" id="failed-notifications" empty="No failed notification." list={failed}>
      {failed.rows?.map((notification) => (
        <FailedNotificationCard key={notification.id} notification={notification} />
      ))}
    </FailureList>
  );
}
