// The map's document is asked for as soon as the editor's route is known (in its loader), so
// that the request runs while the editor's code loads instead of after it has been shown.
import { getMap, type Revised } from '../api/maps';
import type { MapDocument } from '../api/document';

type Fetch = (mapId: number, signal?: AbortSignal) => Promise<Revised<MapDocument>>;

/** A prefetched answer not taken within this time is asked for again (it may be out of date). */
const FRESH_MS = 10_000;

export class MapPrefetch {
  private readonly waiting = new Map<number, { answer: Promise<Revised<MapDocument>>; at: number }>();

  constructor(
    private readonly fetchMap: Fetch,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Starts reading a map; a failure is the taker's to handle. */
  start(mapId: number): void {
    const cur = this.waiting.get(mapId);
    if (cur && this.now() - cur.at < FRESH_MS) return;
    const answer = this.fetchMap(mapId);
    // Handled by take(); until then a failure must not count as unhandled.
    answer.catch(() => undefined);
    this.waiting.set(mapId, { answer, at: this.now() });
  }

  /** The prefetched answer when fresh (once), else a new request. */
  take(mapId: number, signal?: AbortSignal): Promise<Revised<MapDocument>> {
    const cur = this.waiting.get(mapId);
    this.waiting.delete(mapId);
    if (cur && this.now() - cur.at < FRESH_MS) return cur.answer;
    return this.fetchMap(mapId, signal);
  }
}

/** The app's prefetch of editor documents: started by the editor route's loader, taken by its screen. */
export const editorMaps = new MapPrefetch(getMap);
