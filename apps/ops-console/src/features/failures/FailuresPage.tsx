import { FailedMovementsSection } from './FailedMovementsSection';
import { FailedNotificationsSection } from './FailedNotificationsSection';

/** Work the processor or the mail server refused for good, every merchant's: what failed, why, and a Retry once the fault is fixed. */
export function FailuresPage() {
  return (
    <>
      <h1>Failures</h1>
      <FailedMovementsSection />
      <FailedNotificationsSection />
    </>
  );
}
