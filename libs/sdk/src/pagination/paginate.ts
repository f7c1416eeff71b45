/** One page of a list, as every list of the API answers it: newest first, `next_cursor` for the page after. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Every item of a cursor-paginated list, fetching page after page as the caller iterates:
 * `fetchPage(cursor)` is asked for the first page with `startCursor`, then with each page's
 * `next_cursor` while `has_more` is true. Stopping early (`break`) fetches nothing more.
 */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, startCursor?: string): AsyncGenerator<T, void, undefined> {
  let cursor = startCursor;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.data;
    if (!page.has_more || page.next_cursor === null) return;
    // A server answering the same cursor again would otherwise be asked for ever.
    if (page.next_cursor === cursor) throw new Error(`The list answered the cursor it was given (${cursor}) as its next one`);
    cursor = page.next_cursor;
  }
}
