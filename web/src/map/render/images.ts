// Images for node media and the map background, fetched and decoded off the main thread
// (fetch + createImageBitmap) in the variant the drawing size asks for, kept in a bounded cache.
// Drawing never waits: get() answers what is at hand (a smaller or larger variant already
// decoded, else nothing) and loads the wanted one; when it arrives, onReady names the media so
// that only the nodes showing it are drawn again. Decoded images are still: a GIF shows its
// first frame on the canvas.
import { BitmapCache, DEFAULT_BITMAP_BUDGET, type DecodedImage } from './bitmapCache';
import { VARIANT_WIDTHS, mediaId, variantFor, type MediaRef, type MediaSource } from './media';
import type { ImageLoader, LoadedImage } from './types';

/** Fetches and decodes one URL; width: the variant asked for (an SVG is rasterised that wide). */
export type Decode = (url: string, width: number | null, remote: boolean) => Promise<DecodedImage>;

export interface MediaImagesOptions {
  decode?: Decode;
  budgetBytes?: number;
  /** Loads at once; more wait, the latest asked first (what is in view now). */
  maxInFlight?: number;
  /** The first wait before a failed image is asked for again (ms); doubled each time. */
  retryMs?: number;
}

/** An SVG asked for as the original is rasterised this wide. */
const SVG_ORIGINAL_PX = 2048;
const MAX_IN_FLIGHT = 6;
/**
 * A failed image is asked for again a few times, later and later: a media set a moment ago may
 * not be saved yet (the server serves only the keys the map uses), or the network hiccuped.
 */
const RETRY_MS = 1000;
const MAX_TRIES = 4;

interface Job {
  url: string;
  ref: MediaRef;
  width: number | null;
}

export class MediaImages implements ImageLoader {
  onReady: ((id: string) => void) | null = null;
  readonly cache: BitmapCache;
  private source: MediaSource;
  private readonly decode: Decode;
  private readonly maxInFlight: number;
  /** Asked for and not yet decoded, and those that failed (not asked for again until their retry). */
  private readonly pending = new Set<string>();
  private readonly failed = new Set<string>();
  private readonly tries = new Map<string, number>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly retryMs: number;
  private readonly queue: Job[] = [];
  private inFlight = 0;
  /**
   * Per asset key, a width past which the server has nothing sharper (an answer came narrower
   * than asked): wider asks use that URL instead of fetching the same bytes again.
   */
  private readonly caps = new Map<string, number>();
  private disposed = false;

  constructor(source: MediaSource, options: MediaImagesOptions = {}) {
    this.source = source;
    this.decode = options.decode ?? decodeInBrowser;
    this.cache = new BitmapCache(options.budgetBytes ?? DEFAULT_BITMAP_BUDGET);
    this.maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
    this.retryMs = options.retryMs ?? RETRY_MS;
  }

  /** Another source (the reader allowed external sources): the caller redraws the media. */
  setSource(source: MediaSource): void {
    this.source = source;
  }

  get(ref: MediaRef, px: number): LoadedImage | null {
    if (ref.kind === 'remote') {
      if (this.source.remoteAllowed && !this.source.remoteAllowed()) return null;
      return this.take(ref, ref.url, null);
    }
    let width = variantFor(px);
    const cap = this.caps.get(ref.key);
    if (cap !== undefined && (width === null || width > cap)) width = cap;
    const url = this.source.assetUrl(ref.key, width);
    if (url === null) return null;
    const hit = this.take(ref, url, width);
    if (hit) return hit;
    // Meanwhile the sharpest other variant already decoded stands in.
    for (let i = VARIANT_WIDTHS.length; i >= 0; i--) {
      const w = i === VARIANT_WIDTHS.length ? null : (VARIANT_WIDTHS[i] ?? null);
      if (w === width) continue;
      const other = this.source.assetUrl(ref.key, w);
      const img = other === null ? undefined : this.cache.get(other);
      if (img) return img;
    }
    return null;
  }

  dispose(): void {
    this.disposed = true;
    this.onReady = null;
    this.queue.length = 0;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.cache.clear();
  }

  /** The decoded image of a URL, else starts loading it. */
  private take(ref: MediaRef, url: string, width: number | null): LoadedImage | null {
    const img = this.cache.get(url);
    if (img) return img;
    if (!this.pending.has(url) && !this.failed.has(url)) {
      this.pending.add(url);
      this.queue.push({ url, ref, width });
      this.pump();
    }
    return null;
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const job = this.queue.pop();
      if (!job) break;
      this.inFlight++;
      this.decode(job.url, job.width, job.ref.kind === 'remote').then(
        (img) => {
          this.finish(job, img);
        },
        (err: unknown) => {
          // Meanwhile the node is drawn without it; a film or a sound has no picture to wait for.
          this.failed.add(job.url);
          if (!(err instanceof NotAnImage)) this.retryLater(job);
          this.finish(job, null);
        },
      );
    }
  }

  /** Asks the nodes to draw again after a while (then get() loads it again), a few times only. */
  private retryLater(job: Job): void {
    const tries = (this.tries.get(job.url) ?? 0) + 1;
    this.tries.set(job.url, tries);
    if (tries >= MAX_TRIES || this.disposed) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.failed.delete(job.url);
        this.onReady?.(mediaId(job.ref));
      },
      this.retryMs * 2 ** (tries - 1),
    );
    this.timers.add(timer);
  }

  private finish(job: Job, img: DecodedImage | null): void {
    this.inFlight--;
    this.pending.delete(job.url);
    if (this.disposed) {
      img?.close();
      return;
    }
    if (img) {
      if (job.ref.kind === 'asset' && job.width !== null && img.width < job.width) {
        const cap = this.caps.get(job.ref.key);
        if (cap === undefined || job.width < cap) this.caps.set(job.ref.key, job.width);
      }
      this.cache.set(job.url, img);
      this.onReady?.(mediaId(job.ref));
    }
    this.pump();
  }
}

/** The answer is not a picture (a node may show a film or a sound): not asked for again. */
export class NotAnImage extends Error {}

/** Fetches with the page's credentials and decodes off the main thread. */
export const decodeInBrowser: Decode = async (url, width, remote) => {
  // Another site's image, most likely without CORS: loaded as an <img> (drawn, never read back).
  if (remote) return bitmapOf(await loadElement(url), null);
  const abort = new AbortController();
  const res = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
  if (!res.ok) throw new Error(`media ${url}: HTTP ${res.status}`);
  // A node may show a film or a sound: the canvas has no picture of it, and must not read its bytes.
  if (!(res.headers.get('Content-Type') ?? '').startsWith('image/')) {
    abort.abort();
    throw new NotAnImage(`media ${url}: not an image`);
  }
  const blob = await res.blob();
  if (blob.type !== 'image/svg+xml') return bitmapOf(await createImageBitmap(blob), null);
  // createImageBitmap cannot take an SVG blob: through an <img>, rasterised as wide as wanted.
  const objectUrl = URL.createObjectURL(blob);
  try {
    return await bitmapOf(await loadElement(objectUrl), width ?? SVG_ORIGINAL_PX);
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
};

async function loadElement(url: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  await img.decode();
  return img;
}

async function bitmapOf(source: ImageBitmap | HTMLImageElement, width: number | null): Promise<DecodedImage> {
  let bmp: ImageBitmap;
  if (source instanceof HTMLImageElement) {
    // An SVG without its own size: as wide as wanted, square.
    const nw = source.naturalWidth || (width ?? 300);
    const nh = source.naturalHeight || nw;
    const w = width ?? nw;
    bmp = await createImageBitmap(source, { resizeWidth: Math.round(w), resizeHeight: Math.max(1, Math.round((w * nh) / nw)) });
  } else {
    bmp = source;
  }
  return {
    image: bmp,
    width: bmp.width,
    height: bmp.height,
    close: () => {
      bmp.close();
    },
  };
}
