// Decoded images kept for drawing, least recently used dropped (and closed, which frees their
// memory at once) beyond a budget of bytes. Drawn nodes keep their own rasterised copy, so an
// image dropped here is only fetched again (from the HTTP cache) when a node is drawn afresh.

/** A decoded image: an ImageBitmap in a browser. */
export interface DecodedImage {
  image: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/** Bytes an image takes decoded (4 per pixel). */
export function decodedBytes(img: Pick<DecodedImage, 'width' | 'height'>): number {
  return Math.max(1, img.width) * Math.max(1, img.height) * 4;
}

/** 192 MB: about 750 images of 256 × 256 and a few sharp ones (a phone's tab gets some 500 MB). */
export const DEFAULT_BITMAP_BUDGET = 192 * 1024 * 1024;

export class BitmapCache {
  /** By URL, least recently used first. */
  private readonly entries = new Map<string, DecodedImage>();
  private used = 0;

  constructor(readonly budget = DEFAULT_BITMAP_BUDGET) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The image of a URL, now the most recently used. */
  get(url: string): DecodedImage | undefined {
    const img = this.entries.get(url);
    if (img) {
      this.entries.delete(url);
      this.entries.set(url, img);
    }
    return img;
  }

  has(url: string): boolean {
    return this.entries.has(url);
  }

  /** Keeps an image (replacing and closing one of the same URL), then drops the oldest beyond the budget. */
  set(url: string, img: DecodedImage): void {
    const prev = this.entries.get(url);
    if (prev) this.drop(url, prev);
    this.entries.set(url, img);
    this.used += decodedBytes(img);
    // The newest always stays, even alone past the budget: it was asked for to be drawn now.
    for (const [u, old] of this.entries) {
      if (this.used <= this.budget || u === url) break;
      this.drop(u, old);
    }
  }

  clear(): void {
    for (const [u, img] of this.entries) this.drop(u, img);
  }

  private drop(url: string, img: DecodedImage): void {
    this.entries.delete(url);
    this.used -= decodedBytes(img);
    img.close();
  }
}
