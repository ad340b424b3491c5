// What the library shows: the search words and the type and container filters, as the query of
// GET /clients/{name}/media. In choosing mode for a field the filters start where the field wants
// them (a background image: images and vectors of the background container).
import type { MediaContainer, MediaListQuery, MediaType } from '../../api/media';

export interface LibraryFilter {
  q: string;
  type: MediaType | '';
  container: MediaContainer | '';
}

export const NO_FILTER: LibraryFilter = { q: '', type: '', container: '' };

/** The filter as the list call's query: empty parts left out, the words trimmed. */
export function listQueryOf(f: LibraryFilter): MediaListQuery {
  const out: MediaListQuery = {};
  const q = f.q.trim();
  if (q !== '') out.q = q;
  if (f.type !== '') out.type = f.type;
  if (f.container !== '') out.container = f.container;
  return out;
}

/** Whether anything narrows the list (an empty list then says "nothing found", not "no media yet"). */
export function isFiltered(f: LibraryFilter): boolean {
  return f.q.trim() !== '' || f.type !== '' || f.container !== '';
}
