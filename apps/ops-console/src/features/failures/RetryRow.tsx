import type { useRetry } from './use-retry';

/** The Retry button of a failed item, and what came of it. */
export function RetryRow({ retry, label }: { retry: ReturnType<typeof useRetry>; label: string }) {
  return (
    <>
      <div className="row">
        <button type="button" className="primary" onClick={() => retry.mutate()} disabled={retry.isPending || retry.isSuccess} aria-label={`Retry ${label}`}>
          Retry
        </button>
      </div>
      {retry.isSuccess && (
        <p role="status" className="notice">
          Back to pending: tried again at the next pass.
        </p>
      )}
      {retry.error && (
        <p className="error" role="alert">
          {retry.error.message}
        </p>
      )}
    </>
  );
}
