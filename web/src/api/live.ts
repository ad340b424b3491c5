// The live channel (docs/live-protocol.md; Go: internal/live/conn.go, hub.go): LiveConnection,
// which keeps one map's socket open. The frames and their parser are liveFrames.ts, re-exported
// here, so that the channel is imported from one place.
import type { Point } from './document';
import { API_BASE, ApiError } from './http';
import {
  LIVE_CLOSE_CODES,
  MAX_CLIENT_FRAME_BYTES,
  parseServerFrame,
  type ClientEvent,
  type ClientEvents,
  type EmptyData,
  type ServerEvent,
  type ServerEvents,
  type ServerFrame,
} from './liveFrames';

export * from './liveFrames';

// ---------------------------------------------------------------------------------------------
// The connection

/**
 * The connection's state. `connecting`: the first attempt; `open`: the socket is open;
 * `reconnecting`: the socket was lost, another attempt is waiting or under way; `offline`: the
 * browser is offline, the next attempt waits for the network; `duplicate`: the user has this map
 * open elsewhere (stopped; within DEFAULT_STALE_GRACE_MS of losing a connection it is taken for
 * that connection lingering on the server, and retried); `closed`: not connected, before
 * connect(), after close() or leave_map_editors, or after the server closed for abuse (1008);
 * `signed_out` and `revoked`: the server closed the socket because the session ended (4001) or
 * the user may no longer read the map (4003); both are final.
 */
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'offline' | 'duplicate' | 'closed' | 'signed_out' | 'revoked';

/** The part of a WebSocket the connection uses; the browser's WebSocket fits. */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

export type LiveSocketConstructor = new (url: string) => LiveSocket;

/** Timers, injectable for tests. */
export interface LiveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Whether the browser is online, and its changes. */
export interface NetworkStatus {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface BackoffOptions {
  /** The first retry's delay. */
  initialMs: number;
  /** The cap the doubling delays stop at. */
  maxMs: number;
  /** The fraction of a delay taken off at random, 0 to 1. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 10_000, jitter: 0.5 };

/** The interval at which the server fans out pointers, and the client sends its own. */
export const POINTER_INTERVAL_MS = 50;

/** A frame that could not be used. */
export interface MalformedFrame {
  raw: unknown;
  reason: string;
}

/**
 * How long after losing a connection a `duplicate_user_error` is taken for the server still
 * holding that very connection (it notices a dead socket only when a ping fails: 20 s + 10 s),
 * and retried rather than final.
 */
export const DEFAULT_STALE_GRACE_MS = 35_000;

export interface LiveConnectionOptions {
  mapId: number;
  clientSlug: string;
  /** Defaults to the browser's WebSocket. */
  WebSocket?: LiveSocketConstructor;
  timers?: LiveTimers;
  /** Where the app is served from; defaults to window.location. */
  location?: { protocol: string; host: string };
  network?: NetworkStatus;
  /** Defaults to Math.random. */
  random?: () => number;
  backoff?: Partial<BackoffOptions>;
  pointerIntervalMs?: number;
  staleGraceMs?: number;
  /** A handler that threw; defaults to console.error. */
  onHandlerError?: (error: unknown, frame: ServerFrame) => void;
  /**
   * Asks over HTTP whether the map is still within the user's reach, after an attempt that was
   * refused before the socket opened (a browser does not say why): 'signed_out' or 'revoked'
   * stops the connection as the close codes would; null (within reach, or unknown) retries.
   * Without it, refused attempts are retried until one opens.
   */
  reach?: () => Promise<MapReach>;
}

/** The answer of LiveConnectionOptions.reach. */
export type MapReach = 'signed_out' | 'revoked' | null;

/** What an HTTP call's failure says of the map's reach: 401 signed out, 403 or 404 revoked. */
export function reachOf(err: unknown): MapReach {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 401) return 'signed_out';
  return err.status === 403 || err.status === 404 ? 'revoked' : null;
}

const browserTimers: LiveTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as number);
  },
  now: () => Date.now(),
};

const browserNetwork: NetworkStatus = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const online = () => {
      listener(true);
    };
    const offline = () => {
      listener(false);
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/** The live channel's address for a map, relative to where the app is served. */
export function liveUrl(location: { protocol: string; host: string }, mapId: number, clientSlug: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ map_id: String(mapId), client_slug: clientSlug });
  return `${scheme}//${location.host}${API_BASE}/live?${query.toString()}`;
}

/** The arguments of send: events without data may leave it out. */
export type SendArgs<E extends ClientEvent> = ClientEvents[E] extends EmptyData ? [data?: EmptyData] : [data: ClientEvents[E]];

const OPEN = 1;
/** The code a browser reports for a socket lost without a close frame. */
const ABNORMAL_CLOSURE = 1006;

type AnyHandler = (data: unknown) => void;

/**
 * One map's live channel. Register handlers, then connect(); the connection keeps itself open,
 * reconnecting with capped exponential backoff after a lost socket, until close(), a duplicate
 * connection or an abuse close (1008). After every (re)connect the server sends `connected`:
 * compare its revision with the document's and catch up with GET /maps/{id}/changes; locks are
 * to be taken again.
 */
export class LiveConnection {
  readonly url: string;

  #state: LiveState = 'closed';
  #active = false;
  #firstAttempt = true;
  #attempt = 0;
  #socket: LiveSocket | null = null;
  /** Whether the socket's `connected` came: the server holds it as the user's connection. */
  #socketJoined = false;
  /** Whether the socket opened: one that did not was refused or never reached the server. */
  #socketOpened = false;
  /** When the last established connection was lost, while it may still linger on the server. */
  #lostAt: number | null = null;
  #restarting = false;
  #retryTimer: unknown;
  #unsubscribeNetwork: (() => void) | null = null;

  #pendingPointer: Point | null = null;
  #pointerTimer: unknown;
  #lastPointerAt = Number.NEGATIVE_INFINITY;

  readonly #handlers = new Map<ServerEvent, Set<AnyHandler>>();
  readonly #stateListeners = new Set<(state: LiveState) => void>();
  readonly #malformedListeners = new Set<(report: MalformedFrame) => void>();

  readonly #Socket: LiveSocketConstructor;
  readonly #timers: LiveTimers;
  readonly #network: NetworkStatus;
  readonly #random: () => number;
  readonly #backoff: BackoffOptions;
  readonly #pointerInterval: number;
  readonly #staleGrace: number;
  readonly #onHandlerError: (error: unknown, frame: ServerFrame) => void;
  readonly #reach: (() => Promise<MapReach>) | null;

  constructor(options: LiveConnectionOptions) {
    this.url = liveUrl(options.location ?? window.location, options.mapId, options.clientSlug);
    this.#Socket = options.WebSocket ?? WebSocket;
    this.#timers = options.timers ?? browserTimers;
    this.#network = options.network ?? browserNetwork;
    this.#random = options.random ?? Math.random;
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.#pointerInterval = options.pointerIntervalMs ?? POINTER_INTERVAL_MS;
    this.#staleGrace = options.staleGraceMs ?? DEFAULT_STALE_GRACE_MS;
    this.#reach = options.reach ?? null;
    this.#onHandlerError =
      options.onHandlerError ??
      ((error, frame) => {
        console.error(`live: a ${frame.event} handler failed`, error);
      });
  }

  get state(): LiveState {
    return this.#state;
  }

  /** Listens to state changes; answers the unsubscribe function. */
  onState(listener: (state: LiveState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => {
      this.#stateListeners.delete(listener);
    };
  }

  /** Handles one event's frames; answers the unsubscribe function. */
  on<E extends ServerEvent>(event: E, handler: (data: ServerEvents[E]) => void): () => void {
    let set = this.#handlers.get(event);
    if (!set) {
      set = new Set();
      this.#handlers.set(event, set);
    }
    const h = handler as AnyHandler;
    set.add(h);
    return () => {
      set.delete(h);
    };
  }

  /** Hears of frames that were not used: not JSON, an unknown event, data of the wrong shape. */
  onMalformed(listener: (report: MalformedFrame) => void): () => void {
    this.#malformedListeners.add(listener);
    return () => {
      this.#malformedListeners.delete(listener);
    };
  }

  /** Opens the socket; again after close() or a duplicate ("use it here"). */
  connect(): void {
    if (this.#active) return;
    this.#active = true;
    this.#firstAttempt = true;
    this.#attempt = 0;
    this.#lostAt = null;
    this.#unsubscribeNetwork = this.#network.subscribe((online) => {
      this.#networkChanged(online);
    });
    this.#open();
  }

  /**
   * Closes the socket and opens a new one once it is closed: after invited_to_edit, as the server
   * fixes a connection's rights when it opens.
   */
  reconnect(): void {
    if (!this.#active) return;
    const socket = this.#socket;
    if (socket === null) {
      this.#attempt = 0;
      this.#open();
      return;
    }
    this.#restarting = true;
    this.#cancelPointer();
    socket.close(LIVE_CLOSE_CODES.normal);
  }

  /** Closes the socket for good; no reconnect follows. */
  close(): void {
    if (this.#active) this.#stop('closed');
  }

  /**
   * Sends a frame; false when the socket is not open (the frame is dropped: locks and the like are
   * to be asked for again after the next `connected`) or the frame is too large. Pointer updates
   * are throttled to one per 50 ms, the latest winning. leave_map_editors closes the connection.
   */
  send<E extends ClientEvent>(event: E, ...[data]: SendArgs<E>): boolean {
    const payload: unknown = data ?? {};
    if (event === 'update_user_state') {
      if (!this.#isOpen()) return false;
      this.#queuePointer(payload as Point);
      return true;
    }
    const sent = this.#write(event, payload);
    if (event === 'leave_map_editors' && this.#active) this.#stop('closed');
    return sent;
  }

  /** The delay before retry `attempt` (from 0): doubling from initialMs up to maxMs, less jitter. */
  retryDelay(attempt: number): number {
    const { initialMs, maxMs, jitter } = this.#backoff;
    const base = Math.min(maxMs, initialMs * 2 ** attempt);
    return Math.round(base * (1 - jitter * this.#random()));
  }

  #isOpen(): boolean {
    return this.#socket?.readyState === OPEN;
  }

  #write(event: ClientEvent, data: unknown): boolean {
    const socket = this.#socket;
    if (socket?.readyState !== OPEN) return false;
    const text = JSON.stringify({ event, data });
    // A UTF-16 unit takes at most 3 UTF-8 bytes: only a long text needs measuring.
    const tooLarge = text.length * 3 > MAX_CLIENT_FRAME_BYTES && new TextEncoder().encode(text).length > MAX_CLIENT_FRAME_BYTES;
    if (tooLarge) return false;
    socket.send(text);
    return true;
  }

  #queuePointer(pointer: Point): void {
    this.#pendingPointer = { x: pointer.x, y: pointer.y };
    if (this.#pointerTimer !== undefined) return;
    const wait = this.#lastPointerAt + this.#pointerInterval - this.#timers.now();
    if (wait <= 0) {
      this.#flushPointer();
      return;
    }
    this.#pointerTimer = this.#timers.setTimeout(() => {
      this.#pointerTimer = undefined;
      this.#flushPointer();
    }, wait);
  }

  #flushPointer(): void {
    const pointer = this.#pendingPointer;
    if (pointer === null) return;
    this.#pendingPointer = null;
    this.#lastPointerAt = this.#timers.now();
    this.#write('update_user_state', pointer);
  }

  #cancelPointer(): void {
    if (this.#pointerTimer !== undefined) this.#timers.clearTimeout(this.#pointerTimer);
    this.#pointerTimer = undefined;
    this.#pendingPointer = null;
  }

  #setState(state: LiveState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener(state);
  }

  #open(): void {
    this.#clearRetry();
    if (!this.#network.isOnline()) {
      this.#setState('offline');
      return;
    }
    this.#setState(this.#firstAttempt ? 'connecting' : 'reconnecting');
    this.#firstAttempt = false;
    let socket: LiveSocket;
    try {
      socket = new this.#Socket(this.url);
    } catch {
      this.#retry();
      return;
    }
    this.#socket = socket;
    this.#socketJoined = false;
    this.#socketOpened = false;
    socket.addEventListener('open', () => {
      if (this.#socket !== socket) return;
      this.#socketOpened = true;
      this.#setState('open');
    });
    socket.addEventListener('message', (event) => {
      if (this.#socket === socket) this.#receive(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.#socket === socket) this.#lost(event.code, event.reason);
    });
    // A browser reports a failed socket with error, then close; some implementations (Node 20's)
    // never send the close of a connection that could not be made. The error suffices.
    socket.addEventListener('error', () => {
      if (this.#socket !== socket) return;
      this.#lost(ABNORMAL_CLOSURE, '');
      socket.close();
    });
  }

  #receive(raw: unknown): void {
    const parsed = parseServerFrame(raw);
    if (!parsed.ok) {
      const report = { raw, reason: parsed.reason };
      for (const listener of [...this.#malformedListeners]) listener(report);
      return;
    }
    const { frame } = parsed;
    if (frame.event === 'connected') {
      // A working connection: the backoff starts over, and nothing of ours lingers.
      this.#attempt = 0;
      this.#lostAt = null;
      this.#socketJoined = true;
    }
    for (const handler of [...(this.#handlers.get(frame.event) ?? [])]) {
      try {
        handler(frame.data);
      } catch (error) {
        this.#onHandlerError(error, frame);
      }
    }
    // The server closes with 1008 next; act at once rather than wait for it.
    if (frame.event === 'duplicate_user_error' && this.#active) this.#duplicate();
  }

  /** Another connection of the user holds the map: our own lost one, or truly another window. */
  #duplicate(): void {
    const lostAt = this.#lostAt;
    if (lostAt !== null && this.#timers.now() - lostAt < this.#staleGrace) {
      const socket = this.#socket;
      this.#socket = null;
      socket?.close(LIVE_CLOSE_CODES.normal);
      this.#retry();
      return;
    }
    this.#stop('duplicate');
  }

  #lost(code: number, reason: string): void {
    const joined = this.#socketJoined;
    const opened = this.#socketOpened;
    this.#socket = null;
    this.#socketJoined = false;
    this.#socketOpened = false;
    this.#cancelPointer();
    if (!this.#active) return;
    if (joined && this.#lostAt === null) this.#lostAt = this.#timers.now();
    // Rights withdrawn: a reconnect would be refused, or worse, loop. Checked before a restart
    // the client asked for, as the server's close may overtake the client's own.
    if (code === LIVE_CLOSE_CODES.signedOut) {
      this.#stop('signed_out');
      return;
    }
    if (code === LIVE_CLOSE_CODES.accessRevoked) {
      this.#stop('revoked');
      return;
    }
    if (this.#restarting) {
      this.#restarting = false;
      this.#attempt = 0;
      this.#open();
      return;
    }
    if (code === LIVE_CLOSE_CODES.policyViolation) {
      // A duplicate, or too many bad frames: reconnecting would only be refused again.
      if (/duplicate/i.test(reason)) this.#duplicate();
      else this.#stop('closed');
      return;
    }
    this.#retry();
    // Refused before it opened: the rights may be gone (the server checks them before the
    // upgrade), and then every retry would be refused again, for ever.
    if (!opened) this.#askReach();
  }

  #askReach(): void {
    const reach = this.#reach;
    if (reach === null) return;
    reach().then(
      (answer) => {
        // Still trying (not stopped, not open meanwhile): the answer decides.
        if (answer === null || !this.#active || this.#socketOpened) return;
        this.#stop(answer);
      },
      () => undefined, // unknown: the retries go on
    );
  }

  #retry(): void {
    this.#clearRetry();
    if (!this.#network.isOnline()) {
      this.#setState('offline');
      return;
    }
    this.#setState('reconnecting');
    this.#retryTimer = this.#timers.setTimeout(() => {
      this.#retryTimer = undefined;
      this.#open();
    }, this.retryDelay(this.#attempt));
    this.#attempt += 1;
  }

  #clearRetry(): void {
    if (this.#retryTimer !== undefined) this.#timers.clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }

  #networkChanged(online: boolean): void {
    if (!this.#active || this.#socket !== null) return; // a live socket tells for itself
    if (online) {
      this.#attempt = 0;
      this.#open();
    } else {
      this.#clearRetry();
      this.#setState('offline');
    }
  }

  #stop(state: LiveState): void {
    this.#active = false;
    this.#restarting = false;
    this.#clearRetry();
    this.#cancelPointer();
    this.#unsubscribeNetwork?.();
    this.#unsubscribeNetwork = null;
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(LIVE_CLOSE_CODES.normal);
    this.#setState(state);
  }
}
