import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LiveConnection,
  parseServerFrame,
  SERVER_EVENTS,
  type ClientFrame,
  type LiveConnectionOptions,
  type LiveSocket,
  type LiveState,
  type LiveTimers,
  type MalformedFrame,
  type NetworkStatus,
  type ServerEvents,
  type ServerFrame,
} from './live';

// --- Fakes ---------------------------------------------------------------------------------------

interface FakeEvent {
  data: unknown;
  code: number;
  reason: string;
}

class FakeSocket implements LiveSocket {
  static instances: FakeSocket[] = [];

  readyState = 0;
  readonly sent: string[] = [];
  closedWith: number | undefined;
  readonly #listeners = new Map<string, ((event: FakeEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  addEventListener(type: string, listener: (event: FakeEvent) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError');
    this.sent.push(data);
  }

  /** The client closes: the browser reports the close once the handshake is done. */
  close(code = 1000): void {
    this.closedWith = code;
    this.serverClose(code, '');
  }

  serverOpen(): void {
    this.readyState = 1;
    this.#emit('open', {});
  }

  serverSend(data: unknown): void {
    this.#emit('message', { data });
  }

  serverFrame<E extends keyof ServerEvents>(event: E, data: ServerEvents[E]): void {
    this.serverSend(JSON.stringify({ event, data }));
  }

  /** The connection fails as in a browser: an error, then a close. */
  fail(): void {
    this.#emit('error', {});
    this.serverClose(1006);
  }

  /** The connection fails as in Node 20's WebSocket: an error, and no close. */
  failWithoutClose(): void {
    this.#emit('error', {});
  }

  serverClose(code: number, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.#emit('close', { code, reason });
  }

  frames(): ClientFrame[] {
    return this.sent.map((text) => JSON.parse(text) as ClientFrame);
  }

  #emit(type: string, event: Partial<FakeEvent>): void {
    const full: FakeEvent = { data: undefined, code: 0, reason: '', ...event };
    for (const listener of this.#listeners.get(type) ?? []) listener(full);
  }
}

class FakeClock implements LiveTimers {
  time = 1_000_000;
  #next = 1;
  #tasks: { id: number; at: number; callback: () => void }[] = [];

  setTimeout(callback: () => void, ms: number): number {
    const id = this.#next++;
    this.#tasks.push({ id, at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#tasks = this.#tasks.filter((t) => t.id !== handle);
  }

  now(): number {
    return this.time;
  }

  /** The delays of the timers pending, from now. */
  pending(): number[] {
    return this.#tasks.map((t) => t.at - this.time);
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.#tasks.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#tasks = this.#tasks.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = end;
  }
}

class FakeNetwork implements NetworkStatus {
  online = true;
  readonly #listeners = new Set<(online: boolean) => void>();

  isOnline(): boolean {
    return this.online;
  }

  subscribe(listener: (online: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  set(online: boolean): void {
    this.online = online;
    for (const listener of this.#listeners) listener(online);
  }
}

let clock: FakeClock;
let network: FakeNetwork;

beforeEach(() => {
  FakeSocket.instances = [];
  clock = new FakeClock();
  network = new FakeNetwork();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function connection(options: Partial<LiveConnectionOptions> = {}) {
  const live = new LiveConnection({
    mapId: 1,
    clientSlug: 'demo',
    WebSocket: FakeSocket,
    timers: clock,
    network,
    location: { protocol: 'https:', host: 'strata.example.org' },
    random: () => 0,
    ...options,
  });
  const states: LiveState[] = [];
  live.onState((s) => states.push(s));
  return { live, states };
}

// Frames as the server sent them (a live session against the demo map).
const visitor = {
  id: 2,
  name: 'Demo admin',
  initials: 'DA',
  color: 'orange',
  pointer: { x: 200, y: 300 },
} as const;

const captured = {
  connected: String.raw`{"event":"connected","data":{"locks":[],"revision":15,"visitor":{"id":2,"name":"Demo admin","initials":"DA","color":"orange","pointer":{"x":200,"y":300}},"visitors":[{"id":2,"name":"Demo admin","initials":"DA","color":"orange","pointer":{"x":200,"y":300}}],"can_edit":true}}`,
  resync: String.raw`{"event":"connected","data":{"locks":[{"elem_type":"node","elem_id":"1","user_id":2,"lock_extent":"content","color":"orange"}],"visitor":{"id":2,"name":"Demo admin","initials":"DA","color":"orange","pointer":{"x":200,"y":300}},"visitors":[{"id":2,"name":"Demo admin","initials":"DA","color":"orange","pointer":{"x":200,"y":300}}],"can_edit":false}}`,
  block: String.raw`{"event":"block_element","data":{"elem_type":"node","elem_id":"1","user_id":2,"lock_extent":"content","color":"orange"}}`,
  unblock: String.raw`{"event":"unblock_element","data":{"elem_type":"node","elem_id":"1","user_id":2,"lock_extent":"","color":""}}`,
  activeEdits: String.raw`{"event":"update_active_edits","data":{"locks":[{"elem_type":"seo","elem_id":"1","user_id":3,"lock_extent":"appearance","color":"blue-grey"}]}}`,
  badFrame: String.raw`{"event":"error","data":{"code":"bad_frame","message":"a frame must be {\"event\": …, \"data\": …}"}}`,
  locked: String.raw`{"event":"error","data":{"code":"element_locked","lock":{"elem_type":"map","elem_id":"settings","user_id":3,"lock_extent":"appearance","color":"blue-grey"},"message":"someone else is editing this"}}`,
  pointers: String.raw`{"event":"updated_user_state","data":{"users":[{"id":2,"x":10,"y":20}]}}`,
  sync: String.raw`{"event":"sync_map_edit","data":{"data":{"positions":[{"id":2,"center":{"x":1,"y":2}}]},"revision":16,"type":"node_position","user_id":2}}`,
  dragging: String.raw`{"event":"submit_map_edit","data":{"data":{"positions":[{"id":1,"center":{"x":5,"y":6}}]},"type":"node_dragging","user_id":3}}`,
  joined: String.raw`{"event":"user_joined_map_editors","data":{"id":3,"name":"Demo editor","initials":"DE","color":"blue-grey","pointer":{"x":200,"y":300}}}`,
  left: String.raw`{"event":"user_left_map_editors","data":{"id":3}}`,
  requested: String.raw`{"event":"requested_invitation","data":{"user":{"email":"guest@demo.example.org","id":5,"name":"Demo guest"}}}`,
  invited: String.raw`{"event":"invited_to_edit","data":{"access":"edit","map_id":1}}`,
  duplicate: String.raw`{"event":"duplicate_user_error","data":{"message":"you are already editing this map in another window; close it, or reload here"}}`,
  accessChanged: String.raw`{"event":"access_changed","data":{"can_edit":false,"is_admin":false}}`,
  lockBroken: String.raw`{"event":"lock_released","data":{"by":{"id":3,"name":"Demo admin"},"lock":{"elem_type":"node","elem_id":"4","user_id":2,"lock_extent":"appearance","color":"orange"},"reason":"broken"}}`,
};

const expected: Record<keyof typeof captured, ServerFrame> = {
  connected: { event: 'connected', data: { locks: [], revision: 15, visitor, visitors: [visitor], can_edit: true } },
  resync: {
    event: 'connected',
    data: {
      locks: [{ elem_type: 'node', elem_id: '1', user_id: 2, lock_extent: 'content', color: 'orange' }],
      visitor,
      visitors: [visitor],
      can_edit: false,
    },
  },
  block: {
    event: 'block_element',
    data: { elem_type: 'node', elem_id: '1', user_id: 2, lock_extent: 'content', color: 'orange' },
  },
  unblock: {
    event: 'unblock_element',
    data: { elem_type: 'node', elem_id: '1', user_id: 2, lock_extent: '', color: '' },
  },
  activeEdits: {
    event: 'update_active_edits',
    data: { locks: [{ elem_type: 'seo', elem_id: '1', user_id: 3, lock_extent: 'appearance', color: 'blue-grey' }] },
  },
  badFrame: {
    event: 'error',
    data: { code: 'bad_frame', message: 'a frame must be {"event": …, "data": …}' },
  },
  locked: {
    event: 'error',
    data: {
      code: 'element_locked',
      lock: { elem_type: 'map', elem_id: 'settings', user_id: 3, lock_extent: 'appearance', color: 'blue-grey' },
      message: 'someone else is editing this',
    },
  },
  pointers: { event: 'updated_user_state', data: { users: [{ id: 2, x: 10, y: 20 }] } },
  sync: {
    event: 'sync_map_edit',
    data: { data: { positions: [{ id: 2, center: { x: 1, y: 2 } }] }, revision: 16, type: 'node_position', user_id: 2 },
  },
  dragging: {
    event: 'submit_map_edit',
    data: { data: { positions: [{ id: 1, center: { x: 5, y: 6 } }] }, type: 'node_dragging', user_id: 3 },
  },
  joined: {
    event: 'user_joined_map_editors',
    data: {
      id: 3,
      name: 'Demo editor',
      initials: 'DE',
      color: 'blue-grey',
      pointer: { x: 200, y: 300 },
    },
  },
  left: { event: 'user_left_map_editors', data: { id: 3 } },
  requested: {
    event: 'requested_invitation',
    data: { user: { email: 'guest@demo.example.org', id: 5, name: 'Demo guest' } },
  },
  invited: { event: 'invited_to_edit', data: { access: 'edit', map_id: 1 } },
  duplicate: {
    event: 'duplicate_user_error',
    data: { message: 'you are already editing this map in another window; close it, or reload here' },
  },
  accessChanged: { event: 'access_changed', data: { can_edit: false, is_admin: false } },
  lockBroken: {
    event: 'lock_released',
    data: {
      by: { id: 3, name: 'Demo admin' },
      lock: { elem_type: 'node', elem_id: '4', user_id: 2, lock_extent: 'appearance', color: 'orange' },
      reason: 'broken',
    },
  },
};

// --- Frames --------------------------------------------------------------------------------------

describe('parseServerFrame', () => {
  it.each(Object.keys(captured) as (keyof typeof captured)[])('reads the server’s %s frame', (name) => {
    expect(parseServerFrame(captured[name])).toEqual({ ok: true, frame: expected[name] });
  });

  it.each([
    ['binary data', new ArrayBuffer(4), 'the frame is not text'],
    ['text that is not JSON', 'garbage', 'the frame is not JSON'],
    ['JSON without an event', '{"data":{}}', 'the frame is not {"event": …, "data": …}'],
    ['an array', '[1,2]', 'the frame is not {"event": …, "data": …}'],
    ['an unknown event', '{"event":"teleport","data":{}}', 'unknown event teleport'],
    ['a client event', '{"event":"update_user_state","data":{"x":1,"y":2}}', 'unknown event update_user_state'],
    ['data that is not an object', '{"event":"user_left_map_editors","data":3}', 'user_left_map_editors has malformed data'],
    ['missing data', '{"event":"error"}', 'error has malformed data'],
    [
      'a change without revision',
      '{"event":"sync_map_edit","data":{"user_id":2,"type":"node_position","data":{}}}',
      'sync_map_edit has malformed data',
    ],
    [
      'a lock with a numeric elem_id',
      '{"event":"block_element","data":{"elem_type":"node","elem_id":1,"user_id":2}}',
      'block_element has malformed data',
    ],
    ['pointers without a list', '{"event":"updated_user_state","data":{"users":null}}', 'updated_user_state has malformed data'],
    [
      'a colour not in the rotation',
      '{"event":"block_element","data":{"elem_type":"node","elem_id":"1","user_id":2,"lock_extent":"content","color":"mauve"}}',
      'block_element has malformed data',
    ],
    [
      'a lock on what no lock names',
      '{"event":"block_element","data":{"elem_type":"planet","elem_id":"1","user_id":2,"lock_extent":"content","color":"sea"}}',
      'block_element has malformed data',
    ],
    [
      'a taken lock without its extent',
      '{"event":"block_element","data":{"elem_type":"node","elem_id":"1","user_id":2,"lock_extent":"","color":"sea"}}',
      'block_element has malformed data',
    ],
    [
      'a released lock of an unknown extent',
      '{"event":"unblock_element","data":{"elem_type":"node","elem_id":"1","user_id":2,"lock_extent":"all","color":""}}',
      'unblock_element has malformed data',
    ],
    [
      'a connected without can_edit',
      '{"event":"connected","data":{"locks":[],"visitor":{"id":2,"name":"A","initials":"A","color":"sea","pointer":{"x":1,"y":2}},"visitors":[]}}',
      'connected has malformed data',
    ],
    [
      'a visitor without a pointer',
      '{"event":"user_joined_map_editors","data":{"id":3,"name":"A","initials":"A","color":"sea"}}',
      'user_joined_map_editors has malformed data',
    ],
    [
      'a change of an unknown type',
      '{"event":"sync_map_edit","data":{"revision":3,"user_id":2,"type":"node_teleported","data":{}}}',
      'sync_map_edit has malformed data',
    ],
    [
      'a relayed drag without positions',
      '{"event":"submit_map_edit","data":{"user_id":3,"type":"node_dragging","data":{"id":3,"x":1,"y":2}}}',
      'submit_map_edit has malformed data',
    ],
    [
      'a relayed edit that is not a drag',
      '{"event":"submit_map_edit","data":{"user_id":3,"type":"node_resizing","data":{"positions":[]}}}',
      'submit_map_edit has malformed data',
    ],
    ['an error of an unknown code', '{"event":"error","data":{"code":"oops","message":"m"}}', 'error has malformed data'],
    ['an invitation to read', '{"event":"invited_to_edit","data":{"map_id":1,"access":"read"}}', 'invited_to_edit has malformed data'],
  ])('refuses %s', (_name, raw, reason) => {
    expect(parseServerFrame(raw)).toEqual({ ok: false, reason });
  });
});

describe('the fixtures', () => {
  it('have a frame of every event the server sends', () => {
    expect(new Set(Object.values(expected).map((f) => f.event))).toEqual(new Set(SERVER_EVENTS));
  });
});

// --- The connection ------------------------------------------------------------------------------

describe('LiveConnection', () => {
  it('opens the live address of the map, relative to the page', () => {
    const { live, states } = connection({ mapId: 7, clientSlug: 'acme labs' });
    expect(live.url).toBe('wss://strata.example.org/api/v1/live?map_id=7&client_slug=acme+labs');
    expect(FakeSocket.instances).toHaveLength(0);
    expect(live.state).toBe('closed');

    live.connect();
    expect(FakeSocket.last().url).toBe(live.url);
    expect(states).toEqual(['connecting']);
    FakeSocket.last().serverOpen();
    expect(states).toEqual(['connecting', 'open']);
    expect(live.state).toBe('open');

    const plain = connection({ location: { protocol: 'http:', host: 'localhost:5173' } });
    expect(plain.live.url).toBe('ws://localhost:5173/api/v1/live?map_id=1&client_slug=demo');
  });

  it('dispatches each frame to the handlers of its event', () => {
    const { live } = connection();
    const connected = vi.fn<(data: ServerEvents['connected']) => void>();
    const synced = vi.fn<(data: ServerEvents['sync_map_edit']) => void>();
    const alsoSynced = vi.fn<(data: ServerEvents['sync_map_edit']) => void>();
    live.on('connected', connected);
    live.on('sync_map_edit', synced);
    const off = live.on('sync_map_edit', alsoSynced);
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();

    socket.serverSend(captured.connected);
    socket.serverSend(captured.sync);
    off();
    socket.serverSend(captured.sync);

    expect(connected).toHaveBeenCalledExactlyOnceWith(expected.connected.data);
    expect(synced).toHaveBeenCalledTimes(2);
    expect(synced).toHaveBeenLastCalledWith(expected.sync.data);
    expect(alsoSynced).toHaveBeenCalledOnce();
  });

  it('keeps dispatching when a handler throws, and reports the failure', () => {
    const failures: unknown[] = [];
    const { live } = connection({ onHandlerError: (error) => failures.push(error) });
    const after = vi.fn();
    live.on('user_left_map_editors', () => {
      throw new Error('boom');
    });
    live.on('user_left_map_editors', after);
    live.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.left);
    expect(after).toHaveBeenCalledOnce();
    expect(failures).toEqual([new Error('boom')]);
  });

  it('reports malformed frames and stays open', () => {
    const { live } = connection();
    const reports: MalformedFrame[] = [];
    const handler = vi.fn();
    live.onMalformed((r) => reports.push(r));
    live.on('user_left_map_editors', handler);
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();

    socket.serverSend('not json');
    socket.serverSend('{"event":"user_left_map_editors","data":{"id":"3"}}');
    socket.serverSend(captured.left);

    expect(reports).toEqual([
      { raw: 'not json', reason: 'the frame is not JSON' },
      {
        raw: '{"event":"user_left_map_editors","data":{"id":"3"}}',
        reason: 'user_left_map_editors has malformed data',
      },
    ]);
    expect(handler).toHaveBeenCalledExactlyOnceWith({ id: 3 });
    expect(live.state).toBe('open');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('sends typed frames, {} for events without data, and nothing while not open', () => {
    const { live } = connection();
    live.connect();
    const socket = FakeSocket.last();
    expect(live.send('start_editing_element', { elem_type: 'node', elem_id: 1, lock_extent: 'content' })).toBe(false);
    socket.serverOpen();

    expect(live.send('start_editing_element', { elem_type: 'node', elem_id: 1, lock_extent: 'content' })).toBe(true);
    expect(live.send('stop_editing_element', { elem_type: 'map', elem_id: 'settings' })).toBe(true);
    expect(live.send('join_map_editors')).toBe(true);
    expect(live.send('invite_users', { user_ids: [5] })).toBe(true);
    expect(live.send('submit_map_edit', { type: 'node_dragging', data: { positions: [{ id: 1, center: { x: 5, y: 6 } }] } })).toBe(true);

    expect(socket.frames()).toEqual([
      { event: 'start_editing_element', data: { elem_type: 'node', elem_id: 1, lock_extent: 'content' } },
      { event: 'stop_editing_element', data: { elem_type: 'map', elem_id: 'settings' } },
      { event: 'join_map_editors', data: {} },
      { event: 'invite_users', data: { user_ids: [5] } },
      { event: 'submit_map_edit', data: { type: 'node_dragging', data: { positions: [{ id: 1, center: { x: 5, y: 6 } }] } } },
    ]);
  });

  it('refuses a frame larger than the server takes', () => {
    const { live } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    const positions = Array.from({ length: 3000 }, (_, id) => ({ id, center: { x: 1000.125, y: 2000.125 } }));
    expect(live.send('submit_map_edit', { type: 'node_dragging', data: { positions } })).toBe(false);
    expect(FakeSocket.last().sent).toEqual([]);
  });

  it('sends at most one pointer per 50 ms, the latest', () => {
    const { live } = connection();
    expect(live.send('update_user_state', { x: 0, y: 0 })).toBe(false);
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();
    const pointers = () => socket.frames().flatMap((f) => (f.event === 'update_user_state' ? [f.data] : []));

    live.send('update_user_state', { x: 1, y: 1 }); // at once: none was sent lately
    clock.advance(10);
    live.send('update_user_state', { x: 2, y: 2 });
    clock.advance(10);
    live.send('update_user_state', { x: 3, y: 3 });
    expect(pointers()).toEqual([{ x: 1, y: 1 }]);

    clock.advance(29);
    expect(pointers()).toEqual([{ x: 1, y: 1 }]);
    clock.advance(1); // 50 ms after the first
    expect(pointers()).toEqual([
      { x: 1, y: 1 },
      { x: 3, y: 3 },
    ]);

    clock.advance(200); // quiet: nothing more, and the next goes at once
    live.send('update_user_state', { x: 4, y: 4 });
    expect(pointers()).toEqual([
      { x: 1, y: 1 },
      { x: 3, y: 3 },
      { x: 4, y: 4 },
    ]);

    for (let i = 0; i < 100; i++) {
      live.send('update_user_state', { x: 10 + i, y: 0 });
      clock.advance(1);
    }
    // 100 ms of moves after the last send: two more, each the latest of its window.
    expect(pointers().slice(3)).toEqual([
      { x: 59, y: 0 },
      { x: 109, y: 0 },
    ]);
  });

  it('drops a pending pointer when the socket is lost', () => {
    const { live } = connection();
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();
    live.send('update_user_state', { x: 1, y: 1 });
    live.send('update_user_state', { x: 2, y: 2 });
    socket.serverClose(1006);
    clock.advance(50);
    expect(socket.frames()).toEqual([{ event: 'update_user_state', data: { x: 1, y: 1 } }]);
  });

  it('reconnects after an abnormal close, doubling the delay up to 10 s', () => {
    const { live, states } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(1006);
    expect(live.state).toBe('reconnecting');

    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.push(...clock.pending());
      const before = FakeSocket.instances.length;
      clock.advance(clock.pending()[0] ?? 0);
      expect(FakeSocket.instances).toHaveLength(before + 1);
      FakeSocket.last().serverClose(1006); // the server is still away
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting']);

    // Back: the socket opens, `connected` arrives, and the next loss starts over at 0.5 s.
    clock.advance(clock.pending()[0] ?? 0);
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.connected);
    expect(live.state).toBe('open');
    FakeSocket.last().serverClose(1013, 'too slow; reconnect to catch up');
    expect(clock.pending()).toEqual([500]);
  });

  it('spreads the delays with jitter', () => {
    const { live } = connection({ random: () => 1 });
    expect([0, 1, 2, 5, 6].map((a) => live.retryDelay(a))).toEqual([250, 500, 1000, 5000, 5000]);
    const half = connection({ random: () => 0.5 });
    expect(half.live.retryDelay(0)).toBe(375);
  });

  it('does not reconnect after the server closed for abuse (1008)', () => {
    const { live, states } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(1008, 'too many bad frames');
    expect(states).toEqual(['connecting', 'open', 'closed']);
    clock.advance(60_000);
    expect(clock.pending()).toEqual([]);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(network.listeners).toBe(0);
  });

  it.each([
    [4001, 'signed_out', 'signed_out'],
    [4003, 'access_revoked', 'revoked'],
  ] as const)('stops for good when the server closes with %i (rights withdrawn)', (code, reason, state) => {
    const { live, states } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(code, reason);
    expect(states).toEqual(['connecting', 'open', state]);
    expect(live.state).toBe(state);
    clock.advance(60_000);
    expect(clock.pending()).toEqual([]);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('stops as duplicate when the user has the map open elsewhere', () => {
    const { live, states } = connection();
    const duplicate = vi.fn();
    live.on('duplicate_user_error', duplicate);
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();
    socket.serverSend(captured.duplicate);
    socket.serverClose(1008, 'duplicate user');

    expect(duplicate).toHaveBeenCalledOnce();
    expect(states).toEqual(['connecting', 'open', 'duplicate']);
    expect(socket.closedWith).toBe(1000);
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    // "Use it here": connecting again is the user's choice.
    live.connect();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(live.state).toBe('connecting');
  });

  it('stops as duplicate on a 1008 "duplicate user" close without the frame', () => {
    const { live } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(1008, 'duplicate user');
    expect(live.state).toBe('duplicate');
    expect(clock.pending()).toEqual([]);
  });

  it('retries a duplicate right after a lost connection, which the server may still hold', () => {
    const { live, states } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.connected);
    FakeSocket.last().serverClose(1006); // the network dropped; the server has not noticed yet

    clock.advance(500);
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.duplicate);
    expect(live.state).toBe('reconnecting');
    expect(clock.pending()).toEqual([1000]);

    clock.advance(1000);
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.connected); // the server let the old one go
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open', 'reconnecting', 'open']);

    // Long after a loss, a duplicate is another window.
    FakeSocket.last().serverClose(1006);
    clock.advance(40_000); // the retry's socket is still opening
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.duplicate);
    expect(live.state).toBe('duplicate');
  });

  it('waits for the network when offline, and reconnects at once when it is back', () => {
    const { live, states } = connection();
    live.connect();
    FakeSocket.last().serverOpen();
    network.online = false;
    FakeSocket.last().serverClose(1006);
    expect(live.state).toBe('offline');
    expect(clock.pending()).toEqual([]);

    network.set(true);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(live.state).toBe('reconnecting');
    FakeSocket.last().serverOpen();
    expect(states).toEqual(['connecting', 'open', 'offline', 'reconnecting', 'open']);
  });

  it('goes offline while waiting for a retry, and starts offline without a network', () => {
    const { live } = connection();
    live.connect();
    FakeSocket.last().serverClose(1006);
    expect(clock.pending()).toEqual([500]);
    network.set(false);
    expect(live.state).toBe('offline');
    expect(clock.pending()).toEqual([]);

    network.online = false;
    const other = connection();
    other.live.connect();
    expect(other.live.state).toBe('offline');
  });

  it('closes for good on close(), and may connect again', () => {
    const { live, states } = connection();
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();
    live.close();
    expect(socket.closedWith).toBe(1000);
    expect(states).toEqual(['connecting', 'open', 'closed']);
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(network.listeners).toBe(0);

    live.connect();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes for good after leave_map_editors', () => {
    const { live } = connection();
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();
    live.send('leave_map_editors');
    expect(socket.frames()).toEqual([{ event: 'leave_map_editors', data: {} }]);
    expect(live.state).toBe('closed');
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('reconnects on request once the old socket is closed', () => {
    const { live } = connection();
    live.on('invited_to_edit', () => {
      live.reconnect();
    });
    live.connect();
    const first = FakeSocket.last();
    first.serverOpen();
    first.serverSend(captured.invited);
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(live.state).toBe('reconnecting');
    FakeSocket.last().serverOpen();
    expect(live.state).toBe('open');
  });

  it.each([
    [4001, 'signed_out', 'signed_out'],
    [4003, 'access_revoked', 'revoked'],
  ] as const)('stops for good when a %i arrives while it restarts the socket', (code, reason, state) => {
    const { live } = connection();
    live.connect();
    const socket = FakeSocket.last();
    socket.serverOpen();
    // The client's close is still in its handshake when the server's own close (rights
    // withdrawn) arrives: the browser reports the server's code, which must win.
    socket.close = (closeCode) => {
      socket.closedWith = closeCode;
    };
    live.reconnect();
    socket.serverClose(code, reason);
    expect(live.state).toBe(state);
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it.each([
    ['revoked', 'revoked'],
    ['signed_out', 'signed_out'],
  ] as const)('stops as %s when its reconnects are refused over HTTP and the map is out of reach', async (answer, state) => {
    const reach = vi.fn(() => Promise.resolve(answer));
    const { live } = connection({ reach });
    live.connect();
    FakeSocket.last().serverOpen();
    // The server could not check the rights (1013): the client reconnects…
    FakeSocket.last().serverClose(1013, 'rights could not be checked; reconnect');
    expect(reach).not.toHaveBeenCalled();
    clock.advance(500);
    // …and the upgrade is refused over HTTP, which a browser reports as 1006 alone.
    FakeSocket.last().fail();
    expect(reach).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(live.state).toBe(state);
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('keeps retrying refused reconnects while the map is within reach (or that is unknown)', async () => {
    const reach = vi.fn(() => Promise.resolve(null));
    const { live } = connection({ reach });
    live.connect();
    FakeSocket.last().fail();
    await Promise.resolve();
    expect(reach).toHaveBeenCalledTimes(1);
    expect(live.state).toBe('reconnecting');
    clock.advance(500);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend(captured.connected);
    FakeSocket.last().serverClose(1006);
    // A socket that was open and is lost says nothing of the rights: no question is asked.
    expect(reach).toHaveBeenCalledTimes(1);
  });

  it('retries after a socket error, with or without the close after it', () => {
    const { live } = connection();
    live.connect();
    FakeSocket.last().fail();
    expect(live.state).toBe('reconnecting');
    expect(clock.pending()).toEqual([500]);

    clock.advance(500);
    FakeSocket.last().failWithoutClose(); // Node 20's WebSocket when nothing listens
    expect(live.state).toBe('reconnecting');
    expect(clock.pending()).toEqual([1000]);
    clock.advance(1000);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('retries when the socket cannot even be made', () => {
    let fail = true;
    class Refusing extends FakeSocket {
      constructor(url: string) {
        if (fail) throw new Error('SecurityError');
        super(url);
      }
    }
    const { live } = connection({ WebSocket: Refusing });
    live.connect();
    expect(live.state).toBe('reconnecting');
    fail = false;
    clock.advance(500);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
