import { Page, paginate } from './paginate';

/** Pages of `items`, `size` at a time, the cursor being the last id of a page. */
function pagesOf(items: string[], size: number) {
  const asked: Array<string | undefined> = [];
  const fetchPage = async (cursor: string | undefined): Promise<Page<string>> => {
    asked.push(cursor);
    const start = cursor === undefined ? 0 : items.indexOf(cursor) + 1;
    const data = items.slice(start, start + size);
    const has_more = start + size < items.length;
    return { data, has_more, next_cursor: has_more ? data[data.length - 1] : null };
  };
  return { fetchPage, asked };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

describe('paginate', () => {
  it('yields every item across pages, following next_cursor', async () => {
    const { fetchPage, asked } = pagesOf(['a', 'b', 'c', 'd', 'e'], 2);
    expect(await collect(paginate(fetchPage))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(asked).toEqual([undefined, 'b', 'd']);
  });

  it('starts from a given cursor', async () => {
    const { fetchPage } = pagesOf(['a', 'b', 'c', 'd'], 2);
    expect(await collect(paginate(fetchPage, 'a'))).toEqual(['b', 'c', 'd']);
  });

  it('fetches no page beyond where the caller stopped', async () => {
    const { fetchPage, asked } = pagesOf(['a', 'b', 'c', 'd', 'e'], 2);
    for await (const item of paginate(fetchPage)) if (item === 'b') break;
    expect(asked).toEqual([undefined]);
  });

  it('ends on an empty list, or when has_more comes without a cursor', async () => {
    expect(await collect(paginate(pagesOf([], 2).fetchPage))).toEqual([]);
    expect(await collect(paginate(async () => ({ data: [1], has_more: true, next_cursor: null })))).toEqual([1]);
  });

  it('refuses a cursor that does not move', async () => {
    await expect(collect(paginate(async () => ({ data: [1], has_more: true, next_cursor: 'same' }), 'same'))).rejects.toThrow(/answered the cursor it was given/);
  });
});
