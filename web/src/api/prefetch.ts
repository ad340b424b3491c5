// A map's document is asked for as soon as its route is known (in the route's loader), so that
// the request runs while the screen's code loads instead of after it has been shown.
import { getMap } from './maps';
import { getPublicMap } from './publishing';

type Fetch<K, T> = (key: K, signal?: AbortSignal) => Promise<T>;

/** A prefetched answer not taken within this time is asked for again (it may be out of date). */
const FRESH_MS = 10_000;

export class MapPrefetch<K, T> {
  private readonly waiting = new Map<K, { answer: Promise<T>; at: number }>();

  constructor(
    private readonly fetchMap: Fetch<K, T>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Starts reading a map's document; a failure is the taker's to handle. */
  start(key: K): void {
    const cur = this.waiting.get(key);
    if (cur && this.now() - cur.at < FRESH_MS) return;
    const answer = this.fetchMap(key);
    // Handled by take(); until then a failure must not count as unhandled.
    answer.catch(() => undefined);
    this.waiting.set(key, { answer, at: this.now() });
  }

  /** The prefetched answer when fresh (once), else a new request. */
  take(key: K, signal?: AbortSignal): Promise<T> {
    const cur = this.waiting.get(key);
    this.waiting.delete(key);
    if (cur && this.now() - cur.at < FRESH_MS) return cur.answer;
    return this.fetchMap(key, signal);
  }
}

/** The app's prefetches: started by the routes' loaders, taken by their screens. */
export const editorMaps = new MapPrefetch(getMap);
export const publicMaps = new MapPrefetch(getPublicMap);
