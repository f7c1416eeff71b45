import type { ReactNode } from 'react';
import type { useFailedList } from './use-failed-list';

type ListState = Pick<ReturnType<typeof useFailedList<unknown>>, 'isPending' | 'error' | 'rows' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/** One failed list's section: its loading, error and empty states, its cards, and "More" while there are more. */
export function FailureList({ title, id, empty, list, children }: { title: string; id: string; empty: string; list: ListState; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.isPending && <p role="status">Loading…</p>}
      {list.error && (
        <p className="error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.rows && list.rows.length === 0 && <p>{empty}</p>}
      <div className="cards">{children}</div>
      {list.hasNextPage && (
        <div className="row more">
          <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            More
          </button>
        </div>
      )}
    </section>
  );
}
