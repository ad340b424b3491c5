// The library's uploads: each dropped or picked file is one item with its own progress and its own
// error. A file past its type's limit is refused before a byte is sent (the server would refuse it
// too, after the whole body had travelled); the rest go out a few at a time.
import { ApiError } from '../../api/http';
import type { MediaAsset, MediaLimits, MediaType } from '../../api/media';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';

/** Why an upload failed: an API error code with the parameters its message needs. */
export interface UploadError {
  code: string;
  /** For file_too_large: the type whose limit it is and the limit in bytes. */
  type?: MediaType;
  max?: number;
}

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  /** The type the file looks like before the server reads its bytes (for the limit check). */
  type: MediaType;
  state: UploadState;
  /** Bytes sent so far. */
  loaded: number;
  error?: UploadError;
  asset?: MediaAsset;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends one file with the media template chosen when it was added (null: none); rejects with an
 * ApiError (or an AbortError when cancelled).
 */
export type SendFile = (
  file: File,
  template: number | null,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
) => Promise<MediaAsset>;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'webm', 'mov', 'hevc']);
const AUDIO_EXTENSIONS = new Set(['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'flac', 'weba']);

/**
 * The media type a file most likely has, from what the browser says of it and its name. The
 * server decides from the bytes; this guess only picks the limit checked before sending.
 */
export function guessMediaType(file: { name: string; type: string }): MediaType {
  const mime = file.type.toLowerCase();
  const dot = file.name.lastIndexOf('.');
  const ext = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (mime === 'image/svg+xml' || ext === 'svg') return 'vector';
  if (IMAGE_TYPES.has(mime) || IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (mime.startsWith('video/') || VIDEO_EXTENSIONS.has(ext)) return 'video';
  if (mime.startsWith('audio/') || AUDIO_EXTENSIONS.has(ext)) return 'audio';
  return 'other';
}

/** The refusal a file meets before sending, or null when it may go: past its type's limit. */
export function checkBeforeSending(file: { name: string; type: string; size: number }, limits: MediaLimits | null): UploadError | null {
  if (limits === null) return null;
  const type = guessMediaType(file);
  const max = limits[type];
  if (file.size > max) return { code: 'file_too_large', type, max };
  return null;
}

/** A number the envelope gives as a number or as its text. */
function numberOf(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

const MEDIA_TYPES: readonly string[] = ['image', 'vector', 'video', 'audio', 'other'];

/**
 * An API failure as an upload's error: file_too_large keeps the type and limit it names, found in
 * the file's problem parameters or in the details.
 */
export function uploadErrorOf(err: unknown): UploadError {
  if (!(err instanceof ApiError)) return { code: 'network_error' };
  const out: UploadError = { code: err.code };
  const params: Record<string, unknown> = { ...err.details, ...(err.problems.file?.params ?? {}) };
  const type = params.type;
  const max = numberOf(params.max);
  if (typeof type === 'string' && MEDIA_TYPES.includes(type)) out.type = type as MediaType;
  if (max !== undefined) out.max = max;
  return out;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * The uploads of one library: added files wait, up to `parallel` are sent at once, each ends done
 * (with its asset) or failed (with its error). Subscribers hear of every change.
 */
export class UploadQueue {
  #items: UploadItem[] = [];
  readonly #files = new Map<number, { file: File; template: number | null }>();
  readonly #aborts = new Map<number, AbortController>();
  readonly #listeners = new Set<() => void>();
  readonly #doneListeners = new Set<(asset: MediaAsset) => void>();
  #nextId = 1;

  constructor(
    private readonly send: SendFile,
    private readonly parallel = 2,
  ) {}

  /** Tells `listener` of each asset once its upload is done; answers how to stop. */
  onDone(listener: (asset: MediaAsset) => void): () => void {
    this.#doneListeners.add(listener);
    return () => this.#doneListeners.delete(listener);
  }

  get items(): readonly UploadItem[] {
    return this.#items;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getItems = (): readonly UploadItem[] => this.#items;

  /** Adds files; those refused before sending fail at once. Answers the new items' ids. */
  add(files: readonly File[], limits: MediaLimits | null, template: number | null = null): number[] {
    const ids: number[] = [];
    const added = files.map((file): UploadItem => {
      const id = this.#nextId++;
      ids.push(id);
      const error = checkBeforeSending(file, limits);
      if (!error) this.#files.set(id, { file, template });
      return {
        id,
        name: file.name,
        size: file.size,
        type: guessMediaType(file),
        state: error ? 'failed' : 'waiting',
        loaded: 0,
        ...(error && { error }),
      };
    });
    this.#items = [...this.#items, ...added];
    this.#changed();
    this.#pump();
    return ids;
  }

  /** Stops a waiting or running upload; it leaves the list. */
  cancel(id: number): void {
    this.#aborts.get(id)?.abort();
    this.dismiss(id);
  }

  /** Takes a finished item off the list. */
  dismiss(id: number): void {
    this.#files.delete(id);
    this.#items = this.#items.filter((i) => i.id !== id);
    this.#changed();
    this.#pump();
  }

  /** Takes every done item off the list. */
  clearDone(): void {
    this.#items = this.#items.filter((i) => i.state !== 'done');
    this.#changed();
  }

  /** Whether any upload still waits or runs. */
  get busy(): boolean {
    return this.#items.some((i) => i.state === 'waiting' || i.state === 'uploading');
  }

  /** Stops every upload (the library closes). */
  stopAll(): void {
    for (const a of this.#aborts.values()) a.abort();
  }

  #update(id: number, patch: Partial<UploadItem>): void {
    this.#items = this.#items.map((i) => (i.id === id ? { ...i, ...patch } : i));
    this.#changed();
  }

  #changed(): void {
    for (const l of [...this.#listeners]) l();
  }

  #pump(): void {
    let running = this.#items.filter((i) => i.state === 'uploading').length;
    for (const item of this.#items) {
      if (running >= this.parallel) return;
      if (item.state !== 'waiting') continue;
      const queued = this.#files.get(item.id);
      if (!queued) continue;
      running += 1;
      this.#start(item.id, queued.file, queued.template);
    }
  }

  #start(id: number, file: File, template: number | null): void {
    const abort = new AbortController();
    this.#aborts.set(id, abort);
    this.#update(id, { state: 'uploading' });
    this.send(
      file,
      template,
      (p) => {
        if (this.#items.some((i) => i.id === id)) this.#update(id, { loaded: p.loaded });
      },
      abort.signal,
    ).then(
      (asset) => {
        this.#finish(id, { state: 'done', loaded: file.size, asset });
        for (const l of [...this.#doneListeners]) l(asset);
      },
      (err: unknown) => {
        if (isAbort(err)) return;
        this.#finish(id, { state: 'failed', error: uploadErrorOf(err) });
      },
    );
  }

  #finish(id: number, patch: Partial<UploadItem>): void {
    this.#aborts.delete(id);
    this.#files.delete(id);
    if (this.#items.some((i) => i.id === id)) this.#update(id, patch);
    this.#pump();
  }
}
