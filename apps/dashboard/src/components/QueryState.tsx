import type { ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage';

/** The loading, error and empty states every list and page shares; `children` renders the data. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { data: T | undefined; error: Error | null; isPending: boolean };
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p role="status">Loading…</p>;
  if (query.error) return <ErrorMessage error={query.error} />;
  if (query.data === undefined) return null;
  if (isEmpty?.(query.data)) return <p className="empty">{empty}</p>;
  return <>{children(query.data)}</>;
}
