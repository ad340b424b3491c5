// The edits of nodes: moving, designing, writing, ranging, hiding, locking, ordering, creating,
// cloning and deleting them.
import type {
  ContentByLanguage,
  Node,
  NodeContentPatch,
  NodeCreate,
  NodeDesignPatch,
  NodePosition,
  Point,
  VisibilityPatch,
} from '../../../api/document';
import { NO_TEMPLATE } from '../../../api/document';
import { equalCircleSides } from '../../../map/rules';
import {
  applyOrder,
  exclusiveMedia,
  followNodes,
  mergeContent,
  mergeDesign,
  nextOrder,
  relockLayers,
  removeNodes,
  updateNode,
} from '../state';
import type { Edit } from '../types';
import { many, mergeByLanguage, nodeBefore, nodesExist, none, one, withoutRevision, type EditDefinitions } from './definition';
import { contentBefore, designBefore } from './undoValues';

export interface NodeNavigation {
  next_id?: number | null;
  previous_id?: number | null;
  popup_type?: Node['popup_type'];
}

/**
 * One local edit of nodes. Ids may be temporary (negative) ids of nodes whose creation is not
 * answered yet: the store maps them to the server's ids (see DocumentStore.resolveId).
 */
export type NodeEdit =
  | { type: 'moveNodes'; positions: NodePosition[] }
  | { type: 'setNodeDesign'; id: number; design: NodeDesignPatch }
  | { type: 'setNodeContent'; id: number; content: ContentByLanguage<NodeContentPatch> }
  /** The content form's node-wide fields: previous and next node (null for none), popup type. */
  | { type: 'setNodeNavigation'; id: number; navigation: NodeNavigation }
  /** min_level and max_level (hidden has its own edit and messages). */
  | { type: 'setNodeVisibility'; id: number; visibility: Omit<VisibilityPatch, 'hidden'> }
  | { type: 'setNodeHidden'; ids: number[]; hidden: boolean }
  | { type: 'setNodeLocked'; ids: number[]; locked: boolean }
  /** The listed nodes take the drawing orders they hold between them, in this sequence. */
  | { type: 'reorderNodes'; ids: number[] }
  | { type: 'createNode'; node: NodeCreate }
  | { type: 'cloneNode'; id: number; offset?: Point }
  | { type: 'removeNodes'; ids: number[] };

export const NODE_EDITS: EditDefinitions<NodeEdit['type']> = {
  moveNodes: {
    family: 'nodes',
    group: 'elements',
    ids: (e) => e.positions.map((p) => p.id),
    resolve: (e, r) => ({ ...e, positions: e.positions.map((p) => ({ ...p, id: r(p.id) })) }),
    messages: (e) => ({ error: e.positions.length > 1 ? 'nodePositionsError' : 'nodePositionError' }),
    exists: (e, view, r) =>
      nodesExist(
        e.positions.map((p) => p.id),
        view,
        r,
      ),
    apply(d, e, { resolve: r }) {
      for (const p of e.positions) {
        updateNode(d, r(p.id), (n) => ({ ...n, geometry: { ...n.geometry, center: p.center } }));
      }
    },
    addTo(p, e) {
      for (const x of e.positions) p.node(x.id).geometry = { center: x.center };
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const positions = e.positions.flatMap((p) => {
        const n = nodeBefore(c, p.id);
        return n ? [{ id: r(p.id), center: n.geometry.center }] : [];
      });
      return [{ type: 'moveNodes', positions }];
    },
  },
  setNodeDesign: {
    ...one<'setNodeDesign'>('nodes', { error: 'nodeDesignError' }),
    group: 'elements',
    exists: (e, view, r) => nodesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      updateNode(d, r(e.id), (n) => {
        const design = equalCircleSides(exclusiveMedia(mergeDesign(n.design, e.design), e.design));
        return { ...n, design, geometry: { ...n.geometry, shape: design.shape ?? n.geometry.shape } };
      });
    },
    addTo(p, e) {
      const n = p.node(e.id);
      n.design = { ...n.design, ...e.design };
    },
    inverse(e, c) {
      const { view, resolve: r } = c;
      const prev = nodeBefore(c, e.id);
      const cur = view.nodes.get(r(e.id));
      if (!prev || !cur) return [];
      const design = designBefore(prev.design, cur.design);
      return Object.keys(design).length ? [{ type: 'setNodeDesign', id: r(e.id), design }] : [];
    },
  },
  setNodeContent: {
    ...one<'setNodeContent'>('nodes', { error: 'nodeContentError' }),
    group: 'elements',
    exists: (e, view, r) => nodesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      updateNode(d, r(e.id), (n) => ({ ...n, content: mergeContent(n.content, e.content) }));
    },
    addTo(p, e) {
      const n = p.node(e.id);
      n.content = mergeByLanguage(n.content, e.content);
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const prev = nodeBefore(c, e.id);
      return prev ? [{ type: 'setNodeContent', id: r(e.id), content: contentBefore(prev.content, e.content) }] : [];
    },
  },
  setNodeNavigation: {
    ...one<'setNodeNavigation'>('nodes', { error: 'nodeContentError' }),
    group: 'elements',
    exists: (e, view, r) => nodesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      const nav = e.navigation;
      // Ids may be temporary ones of nodes still being created.
      const id = (v: number | null | undefined) => (v === undefined || v === null ? v : r(v));
      updateNode(d, r(e.id), (n) => ({
        ...n,
        ...(nav.next_id !== undefined && { next_id: id(nav.next_id) ?? null }),
        ...(nav.previous_id !== undefined && { previous_id: id(nav.previous_id) ?? null }),
        ...(nav.popup_type !== undefined && { popup_type: nav.popup_type }),
      }));
    },
    addTo(p, e) {
      Object.assign(p.node(e.id), e.navigation);
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const prev = nodeBefore(c, e.id);
      if (!prev) return [];
      const nav = e.navigation;
      return [
        {
          type: 'setNodeNavigation',
          id: r(e.id),
          navigation: {
            ...(nav.next_id !== undefined && { next_id: prev.next_id }),
            ...(nav.previous_id !== undefined && { previous_id: prev.previous_id }),
            ...(nav.popup_type !== undefined && { popup_type: prev.popup_type }),
          },
        },
      ];
    },
  },
  setNodeVisibility: {
    ...one<'setNodeVisibility'>('nodes', { restored: 'nodeVisibilityRestored' }),
    group: 'elements',
    exists: (e, view, r) => nodesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      const id = r(e.id);
      updateNode(d, id, (n) => ({ ...n, visibility: { ...n.visibility, ...e.visibility } }));
      followNodes(d, new Set([id]));
    },
    addTo(p, e) {
      const n = p.node(e.id);
      n.visibility = { ...n.visibility, ...e.visibility };
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const prev = nodeBefore(c, e.id);
      if (!prev) return [];
      const v = prev.visibility;
      const visibility = {
        ...(e.visibility.min_level !== undefined && { min_level: v.min_level }),
        ...(e.visibility.max_level !== undefined && { max_level: v.max_level }),
      };
      return [{ type: 'setNodeVisibility', id: r(e.id), visibility }];
    },
  },
  setNodeHidden: {
    ...many<'setNodeHidden'>('nodes', () => ({ error: 'nodeHiddenError' })),
    group: 'elements',
    exists: (e, view, r) => nodesExist(e.ids, view, r),
    apply(d, e, { resolve: r }) {
      const ids = new Set(e.ids.map(r));
      for (const id of ids) updateNode(d, id, (n) => ({ ...n, visibility: { ...n.visibility, hidden: e.hidden } }));
      followNodes(d, ids);
    },
    addTo(p, e) {
      for (const id of e.ids) {
        const n = p.node(id);
        n.visibility = { ...n.visibility, hidden: e.hidden };
      }
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const ids = e.ids.filter((id) => nodeBefore(c, id)?.visibility.hidden === !e.hidden).map(r);
      return ids.length ? [{ type: 'setNodeHidden', ids, hidden: !e.hidden }] : [];
    },
  },
  setNodeLocked: {
    ...many<'setNodeLocked'>('nodes', () => ({ error: 'nodeLockedError' })),
    group: 'elements',
    exists: (e, view, r) => nodesExist(e.ids, view, r),
    apply(d, e, { resolve: r }) {
      for (const id of e.ids) updateNode(d, r(id), (n) => ({ ...n, editing: { ...n.editing, locked: e.locked } }));
      relockLayers(d);
    },
    addTo(p, e) {
      for (const id of e.ids) p.node(id).editing = { locked: e.locked };
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const ids = e.ids.filter((id) => nodeBefore(c, id)?.editing.locked === !e.locked).map(r);
      return ids.length ? [{ type: 'setNodeLocked', ids, locked: !e.locked }] : [];
    },
  },
  // An id-only node list is an order: it cannot share a patch with other node changes.
  reorderNodes: {
    ...many<'reorderNodes'>('nodes', () => ({ error: 'nodesOrderError' })),
    group: 'alone',
    exists: (e, view, r) => nodesExist(e.ids, view, r),
    apply(d, e, { resolve: r }) {
      applyOrder(d, e.ids.map(r));
    },
    send: async ({ api, mapId }, e) => (await api.patchElements(mapId, { nodes: e.ids.map((id) => ({ id })) })).revision,
    inverse(e, { t, view, resolve: r }) {
      const before = (id: number) => t.nodes.get(id) ?? view.nodes.get(id);
      const ids = e.ids.map(r).filter((id) => before(id) !== undefined);
      ids.sort((a, b) => (before(a)?.order ?? 0) - (before(b)?.order ?? 0));
      return [{ type: 'reorderNodes', ids }];
    },
  },
  createNode: {
    creates: 'node',
    ...none<'createNode'>('nodes', () => ({ error: 'nodeCreateError' })),
    group: 'alone',
    exists: () => true,
    apply(d, e, ctx) {
      if (ctx.answer) {
        d.putNode(ctx.answer as Node);
        return;
      }
      const { design, geometry, visibility } = e.node;
      const template = design.object_template ?? NO_TEMPLATE;
      d.putNode({
        id: ctx.createdId ?? 0,
        template,
        design: { ...design, object_template: template },
        geometry: { shape: design.shape, center: geometry.center },
        visibility: visibility ?? { min_level: 1, max_level: d.s.map.visibility_levels, hidden: false },
        content: {},
        next_id: null,
        previous_id: null,
        popup_type: 'popup-small',
        editing: { locked: false },
        order: nextOrder(d.s),
      });
    },
    async send({ api, mapId, answered }, e) {
      const res = await api.createNode(mapId, e.node);
      answered(withoutRevision(res.data));
      return res.revision;
    },
    inverse: (_, { createdId }) => (createdId === undefined ? [] : [{ type: 'removeNodes', ids: [createdId] }]),
  },
  cloneNode: {
    creates: 'node',
    ...one<'cloneNode'>('nodes', { error: 'nodeCloneError' }),
    group: 'alone',
    exists: (e, view, r) => nodesExist([e.id], view, r),
    apply(d, e, ctx) {
      if (ctx.answer) {
        d.putNode(ctx.answer as Node);
        return;
      }
      const src = d.s.nodes.get(ctx.resolve(e.id));
      if (!src) return;
      const off = e.offset ?? { x: 30, y: 30 };
      d.putNode({
        ...src,
        id: ctx.createdId ?? 0,
        geometry: { ...src.geometry, center: { x: src.geometry.center.x + off.x, y: src.geometry.center.y + off.y } },
        next_id: null,
        previous_id: null,
        editing: { locked: false },
        order: nextOrder(d.s),
      });
    },
    async send({ api, mapId, answered }, e) {
      const res = await api.cloneNode(mapId, e.offset ? { id: e.id, offset: e.offset } : { id: e.id });
      answered(withoutRevision(res.data));
      return res.revision;
    },
    inverse: (_, { createdId }) => (createdId === undefined ? [] : [{ type: 'removeNodes', ids: [createdId] }]),
  },
  removeNodes: {
    ...many<'removeNodes'>('nodes', () => ({ error: 'nodeRemoveError' })),
    group: 'alone',
    exists: (e, view, r) => nodesExist(e.ids, view, r),
    apply(d, e, { resolve: r }) {
      removeNodes(d, e.ids.map(r));
    },
    async send({ api, mapId }, e) {
      let revision = 0;
      for (const id of e.ids) revision = (await api.deleteNode(mapId, id)).revision;
      return revision;
    },
    // Deleted elements come back with their ids: the server keeps what it deleted.
    inverse(e, { t, view, resolve: r }) {
      const nodes = e.ids.flatMap((id) => t.nodes.get(r(id)) ?? []);
      const edges = [...t.edges.values()].flatMap((x) => (x && !view.edges.has(x.id) ? [x] : []));
      const relinked = [...t.nodes.entries()].flatMap(([id, was]) => {
        const now = view.nodes.get(id);
        return was && now ? [{ id, next_id: was.next_id, previous_id: was.previous_id }] : [];
      });
      return nodes.length ? [{ type: 'restoreElements', nodes, edges, relinked } satisfies Edit] : [];
    },
  },
};
