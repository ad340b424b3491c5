import { describe, expect, it } from 'vitest';
import type { LiveConnection, LiveState, ServerEvents } from '../../api/live';
import { Presence } from './presence';

/** The part of a live connection Presence listens to, driven by the test. */
class FakeLive {
  readonly #handlers = new Map<string, ((data: unknown) => void)[]>();
  readonly #states: ((s: LiveState) => void)[] = [];

  on(event: string, handler: (data: unknown) => void): () => void {
    this.#handlers.set(event, [...(this.#handlers.get(event) ?? []), handler]);
    return () => undefined;
  }

  onState(listener: (s: LiveState) => void): () => void {
    this.#states.push(listener);
    return () => undefined;
  }

  frame<E extends keyof ServerEvents>(event: E, data: ServerEvents[E]): void {
    for (const h of this.#handlers.get(event) ?? []) h(data);
  }
}

const me = { id: 7, name: 'Me', initials: 'M', color: 'orange', pointer: { x: 0, y: 0 } } as const;
const connected = (canEdit: boolean): ServerEvents['connected'] => ({ visitor: me, visitors: [me], locks: [], can_edit: canEdit });

describe('Presence and the rights the live channel tells', () => {
  it('turns read-only when narrowed, and editable again when widened, on the same socket', () => {
    const presence = new Presence(7);
    const live = new FakeLive();
    presence.attach(live as unknown as LiveConnection);
    live.frame('connected', connected(true));
    live.frame('access_changed', { can_edit: false, is_admin: false });
    expect(presence.get()).toMatchObject({ readOnly: true, raised: false });
    live.frame('access_changed', { can_edit: true, is_admin: false });
    expect(presence.get()).toMatchObject({ readOnly: false, raised: true });
  });

  it('takes the rights a reconnect tells, narrowed or widened while it was away', () => {
    const presence = new Presence(7);
    const live = new FakeLive();
    presence.attach(live as unknown as LiveConnection);
    live.frame('connected', connected(true));
    // Lowered while the socket was away: the next connected says so.
    live.frame('connected', connected(false));
    expect(presence.get()).toMatchObject({ readOnly: true, raised: false });
    // Raised again while it was away (a 1013 close, a lost network): editable again.
    live.frame('connected', connected(true));
    expect(presence.get()).toMatchObject({ readOnly: false, raised: true });
  });
});
