import { describe, expect, it } from 'vitest';
import type { Lock } from '../../api/live';
import { LockKeeper, wantedLocks, type LockClaims, type WantedLock } from './ownLocks';

const ME = 1;
const lock = (elem_type: Lock['elem_type'], elem_id: string | number, user_id: number): Lock => ({
  elem_type,
  elem_id: String(elem_id),
  user_id,
  lock_extent: 'appearance',
  color: 'orange',
});
const claims = (c: Partial<LockClaims>): LockClaims => ({ active: true, userId: ME, locks: [], ...c });

describe('wantedLocks', () => {
  it('holds the selected node’s appearance and the selected edge', () => {
    expect(wantedLocks(claims({ selectedNode: 4, selectedEdge: 9 }))).toEqual([
      { elemType: 'edge', elemId: 9, extent: 'appearance' },
      { elemType: 'node', elemId: 4, extent: 'appearance' },
    ]);
  });

  it('holds the content form’s node with the content extent, not the selected one', () => {
    expect(wantedLocks(claims({ formNode: 7, selectedNode: 4 }))).toEqual([{ elemType: 'node', elemId: 7, extent: 'content' }]);
  });

  it('claims nothing while the user may not edit or the channel is not open', () => {
    expect(wantedLocks(claims({ active: false, selectedNode: 4, selectedEdge: 9, managedTemplate: 2 }))).toEqual([]);
  });

  it('leaves what another editor holds, and takes its own ones again', () => {
    const locks = [lock('node', 4, 2), lock('edge', 9, 2), lock('object_template', 3, 2), lock('map', 50, 2)];
    expect(
      wantedLocks(claims({ locks, selectedNode: 4, selectedEdge: 9, managedTemplate: 3, section: { elemType: 'map', mapId: 50 } })),
    ).toEqual([]);
    const own = [lock('node', 4, ME), lock('map', 50, ME)];
    expect(wantedLocks(claims({ locks: own, selectedNode: 4, section: { elemType: 'map', mapId: 50 } }))).toEqual([
      { elemType: 'node', elemId: 4, extent: 'appearance' },
      { elemType: 'map', elemId: 50, extent: 'appearance' },
    ]);
  });

  it('another editor’s lock on one node does not keep the own lock off another', () => {
    expect(wantedLocks(claims({ locks: [lock('node', 5, 2)], selectedNode: 4 }))).toEqual([
      { elemType: 'node', elemId: 4, extent: 'appearance' },
    ]);
  });

  it('never claims elements not stored yet (ids of 0 and below)', () => {
    expect(wantedLocks(claims({ selectedNode: -3, selectedEdge: 0 }))).toEqual([]);
    expect(wantedLocks(claims({ formNode: -3, selectedNode: 4 }))).toEqual([]);
  });

  it('holds the managed template and the open section', () => {
    expect(wantedLocks(claims({ managedTemplate: 3, section: { elemType: 'global_design', mapId: 50 } }))).toEqual([
      { elemType: 'object_template', elemId: 3, extent: 'appearance' },
      { elemType: 'global_design', elemId: 50, extent: 'appearance' },
    ]);
  });
});

describe('LockKeeper', () => {
  const recorder = () => {
    const sent: string[] = [];
    const name = (l: WantedLock) => `${l.elemType}:${l.elemId}`;
    const keeper = new LockKeeper({
      start: (l) => sent.push(`start ${name(l)} ${l.extent}`),
      stop: (l) => sent.push(`stop ${name(l)}`),
    });
    return { sent, keeper };
  };
  const node = (id: number, extent: WantedLock['extent'] = 'appearance'): WantedLock => ({ elemType: 'node', elemId: id, extent });

  it('takes each lock once and sends nothing when the wanted set is the same', () => {
    const { sent, keeper } = recorder();
    keeper.want([node(1)]);
    keeper.want([node(1)]);
    expect(sent).toEqual(['start node:1 appearance']);
  });

  it('releases what is no longer wanted before taking what is new', () => {
    const { sent, keeper } = recorder();
    keeper.want([node(1), { elemType: 'map', elemId: 5, extent: 'appearance' }]);
    sent.length = 0;
    keeper.want([node(2), { elemType: 'map', elemId: 5, extent: 'appearance' }]);
    expect(sent).toEqual(['stop node:1', 'start node:2 appearance']);
  });

  it('takes a lock again when its extent changes (the content form opens on the selected node)', () => {
    const { sent, keeper } = recorder();
    keeper.want([node(1)]);
    keeper.want([node(1, 'content')]);
    expect(sent).toEqual(['start node:1 appearance', 'stop node:1', 'start node:1 content']);
    expect(keeper.held).toEqual([node(1, 'content')]);
  });

  it('releases everything when nothing is wanted', () => {
    const { sent, keeper } = recorder();
    keeper.want([node(1), node(2)]);
    keeper.want([]);
    expect(sent.slice(2)).toEqual(['stop node:1', 'stop node:2']);
    expect(keeper.held).toEqual([]);
  });
});
