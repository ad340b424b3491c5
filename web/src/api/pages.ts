// Lists that can grow answer a page at a time (docs/api.md, "Pages"): ?limit= and ?cursor= in,
// next_cursor out, null on the last page.
import { request } from './http';

/** What every page of a paged list carries besides its rows. */
export interface Paged {
  next_cursor: string | null;
}

/** The size of the pages the web asks for: the most the server gives, so that few calls are made. */
export const PAGE_LIMIT = 200;

/** `path` with the page parameters added to its query. */
export function pagePath(path: string, cursor: string | null, limit: number = PAGE_LIMIT): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) query.set('cursor', cursor);
  return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
}

/**
 * Asks for every page of the list at `path`, following next_cursor until it is null, and answers the
 * pages in order. Rows added or removed meanwhile shift nothing: the cursor is a position in the
 * list's order, not a count.
 */
export async function everyPage<P extends Paged>(path: string, signal?: AbortSignal): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const page: P = await request<P>('GET', pagePath(path, cursor), { signal });
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return pages;
}
