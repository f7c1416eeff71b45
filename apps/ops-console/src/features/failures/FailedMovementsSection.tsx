import { FailedMovementCard } from './FailedMovementCard';
import { FAILED_MOVEMENTS_KEY, listFailedMovements } from './failures-api';
import { FailureList } from './FailureList';
import { useFailedList } from './use-failed-list';

/** Transfers to merchants and refunds to customers the processor refused. */
export function FailedMovementsSection() {
  const failed = useFailedList(FAILED_MOVEMENTS_KEY, listFailedMovements);
  return (
    <FailureList title="Money movements" id="failed-movements" empty="No failed money movement." list={failed}>
      {failed.rows?.map((movement) => (
        <FailedMovementCard key={movement.id} movement={movement} />
      ))}
    </FailureList>
  );
}
