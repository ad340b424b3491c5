// The live channel's frames (docs/live-protocol.md; Go: internal/live/protocol.go): their types
// both ways and a parser that refuses what does not fit. The frames are aliases of the types
// generated from the server's OpenAPI description (schema.ts: LiveServerFrame, LiveClientFrame and
// their data), and the lists the parser checks against are generated beside them (constants.ts);
// only the names are written here. live.ts re-exports all of it beside LiveConnection.
import {
  ApiChangeType,
  LiveClientFrameEvents,
  LiveColour,
  LiveElemType,
  LiveErrorCode,
  LiveExtent,
  LiveReleasedColour,
  LiveReleasedExtent,
  LiveServerFrameEvents,
  LiveTransientType,
} from './constants';
import type { components } from './schema';

type Schemas = components['schemas'];

// ---------------------------------------------------------------------------------------------
// Shapes

/** The rotation of visitor colours (live.Colours). */
export const VISITOR_COLORS = LiveColour;
export type VisitorColor = Schemas['LiveColour'];

/** What a lock may name (live.ElemTypes): elements, and the sections edited by one at a time. */
export const LOCK_ELEM_TYPES = LiveElemType;
export type LockElemType = Schemas['LiveElemType'];

/** `content` marks a node occupied; `appearance` is the default. */
export type LockExtent = Schemas['LiveExtent'];

/** An editor present on the map: a name and a colour, no address (guests see the list too). */
export type Visitor = Schemas['LiveVisitor'];

/** An edit lock: one user editing one element or section; elem_id is always a string. */
export type Lock = Schemas['LiveLock'];

/**
 * The lock of unblock_element. After stop_editing_element the server names only what was
 * released: lock_extent and color are then "".
 */
export type ReleasedLock = Schemas['LiveReleasedLock'];

export type PointerUpdate = Schemas['LivePointerUpdate'];

/** A committed change, to every editor of the map, the author included. */
export type SyncMapEdit = Schemas['LiveSyncFrame'];

/**
 * The data of node_dragging. The server relays it unchanged and never reads it, so this shape is
 * the web app's own convention; a received one comes from another client (the parser checks it).
 */
export type NodeDraggingData = Schemas['LiveNodeDraggingData'];

/** The transient edits the server relays; it refuses any other type. */
export type TransientEditType = Schemas['LiveTransientType'];

/** Another editor's transient edit, never stored. */
export type TransientEdit = Schemas['LiveRelayedEditFrame'];

/** The codes of the `error` frame (live.ErrorCode). */
export type LiveErrorCode = Schemas['LiveErrorCode'];

/** A refused or malformed frame; the socket stays open. With element_locked, lock is the holder's. */
export type LiveError = Schemas['LiveErrorFrame'];

/** Why a lock's holder lost it: an admin broke it (`by` is the admin), or it went idle. */
export type LockReleased = Schemas['LiveLockReleasedFrame'];

/** The data of events that carry none. */
export type EmptyData = Schemas['LiveEmptyFrame'];

/** A frame from the server: `{"event": …, "data": …}`, discriminated by event. */
export type ServerFrame = Schemas['LiveServerFrame'];
/** A frame to the server. */
export type ClientFrame = Schemas['LiveClientFrame'];

export type ServerEvent = ServerFrame['event'];
export type ClientEvent = ClientFrame['event'];

/**
 * Every event the server sends, with its data. connected comes right after the upgrade (with the
 * revision) and again in answer to join_map_editors (without); duplicate_user_error is followed by
 * a close (1008); pointers come coalesced per user, at most every 50 ms.
 */
export type ServerEvents = { [E in ServerEvent]: Extract<ServerFrame, { event: E }>['data'] };

/**
 * Every event a client sends, with its data. update_user_state is throttled by LiveConnection to
 * one per 50 ms; join_map_editors is answered with `connected`; leave_map_editors closes.
 */
export type ClientEvents = { [E in ClientEvent]: Extract<ClientFrame, { event: E }>['data'] };

/** The largest frame the server takes from a client (live.MaxFrame); a larger one closes (1009). */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;

/** The close codes of the protocol. */
export const LIVE_CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  /** A duplicate connection, or too many bad frames: the client must not reconnect. */
  policyViolation: 1008,
  messageTooBig: 1009,
  /** The client fell behind; it reconnects and catches up. */
  tryAgainLater: 1013,
  /** The session ended (logout, password changed or reset): no reconnect. */
  signedOut: 4001,
  /** The user may no longer read the map: no reconnect. */
  accessRevoked: 4003,
} as const;

// ---------------------------------------------------------------------------------------------
// Parsing

type Data = Record<string, unknown>;

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const oneOf =
  (values: readonly string[]) =>
  (v: unknown): boolean =>
    isString(v) && values.includes(v);
const isColour = oneOf(LiveColour);
const isElemType = oneOf(LiveElemType);
const isExtent = oneOf(LiveExtent);
const isPoint = (v: unknown) => isRecord(v) && isNumber(v.x) && isNumber(v.y);
const isUserRef = (v: unknown) => isRecord(v) && isNumber(v.id) && isString(v.name) && (v.email === undefined || isString(v.email));
const isVisitor = (v: unknown) =>
  isRecord(v) && isNumber(v.id) && isString(v.name) && isString(v.initials) && isColour(v.color) && isPoint(v.pointer);
const isLockOf = (extent: (v: unknown) => boolean, colour: (v: unknown) => boolean) => (v: unknown) =>
  isRecord(v) && isElemType(v.elem_type) && isString(v.elem_id) && isNumber(v.user_id) && extent(v.lock_extent) && colour(v.color);
const isLock = isLockOf(isExtent, isColour);
const isReleasedLock = isLockOf(oneOf(LiveReleasedExtent), oneOf(LiveReleasedColour));
const isNodePosition = (v: unknown) => isRecord(v) && isNumber(v.id) && isPoint(v.center);
const everyItem = (v: unknown, check: (item: unknown) => boolean) => Array.isArray(v) && v.every(check);

/**
 * A check of each event's data against its described shape: what a handler relies on, the
 * enumerations' values among it. A relayed node_dragging comes from another client, unchecked by
 * the server: its positions are checked here.
 */
const serverGuards: Record<ServerEvent, (data: Data) => boolean> = {
  connected: (d) =>
    isVisitor(d.visitor) &&
    everyItem(d.visitors, isVisitor) &&
    everyItem(d.locks, isLock) &&
    (d.revision === undefined || isNumber(d.revision)) &&
    isBoolean(d.can_edit),
  duplicate_user_error: (d) => isString(d.message),
  user_joined_map_editors: isVisitor,
  user_left_map_editors: (d) => isNumber(d.id),
  updated_user_state: (d) => everyItem(d.users, (u) => isRecord(u) && isNumber(u.id) && isNumber(u.x) && isNumber(u.y)),
  block_element: isLock,
  unblock_element: isReleasedLock,
  update_active_edits: (d) => everyItem(d.locks, isLock),
  sync_map_edit: (d) =>
    isNumber(d.revision) && (d.user_id === null || isNumber(d.user_id)) && oneOf(ApiChangeType)(d.type) && isRecord(d.data),
  submit_map_edit: (d) =>
    isNumber(d.user_id) && oneOf(LiveTransientType)(d.type) && isRecord(d.data) && everyItem(d.data.positions, isNodePosition),
  requested_invitation: (d) => isUserRef(d.user),
  invited_to_edit: (d) => isNumber(d.map_id) && d.access === 'edit',
  access_changed: (d) => isBoolean(d.can_edit) && isBoolean(d.is_admin),
  lock_released: (d) => isLock(d.lock) && (d.reason === 'broken' || d.reason === 'idle') && (d.by === undefined || isUserRef(d.by)),
  error: (d) => oneOf(LiveErrorCode)(d.code) && isString(d.message) && (d.lock === undefined || isLock(d.lock)),
};

export const SERVER_EVENTS: readonly ServerEvent[] = LiveServerFrameEvents;
export const CLIENT_EVENTS: readonly ClientEvent[] = LiveClientFrameEvents;

function isServerEvent(event: string): event is ServerEvent {
  return Object.hasOwn(serverGuards, event);
}

export type ParsedFrame = { ok: true; frame: ServerFrame } | { ok: false; reason: string };

/** Parses one message of the socket; a malformed one is answered with the reason. */
export function parseServerFrame(message: unknown): ParsedFrame {
  if (typeof message !== 'string') return { ok: false, reason: 'the frame is not text' };
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return { ok: false, reason: 'the frame is not JSON' };
  }
  if (!isRecord(value) || !isString(value.event)) {
    return { ok: false, reason: 'the frame is not {"event": …, "data": …}' };
  }
  const { event, data } = value;
  if (!isServerEvent(event)) return { ok: false, reason: `unknown event ${event}` };
  if (!isRecord(data) || !serverGuards[event](data)) {
    return { ok: false, reason: `${event} has malformed data` };
  }
  return { ok: true, frame: { event, data } as ServerFrame };
}
