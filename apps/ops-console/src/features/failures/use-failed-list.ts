import { useInfiniteQuery } from '@tanstack/react-query';

type Page<T> = { data: T[]; has_more: boolean; next_cursor: string | null };

/** A failed list, newest first, a page at a time ("More"), refreshed while open; `queryKey` is what a retry invalidates. */
export function useFailedList<T>(queryKey: readonly string[], list: (cursor: string | undefined) => Promise<Page<T>>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => list(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    refetchInterval: 10_000,
  });
  return { ...query, rows: query.data?.pages.flatMap((page) => page.data) };
}
