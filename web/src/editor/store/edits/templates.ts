// The edits of object templates: an object following one (apply, detach, restore its design), and
// the templates themselves (create, rename or redesign, delete, and put a deleted one back).
import type { Edge, Node, ObjectTemplate, TemplateCreate, TemplatePatch, TemplateRef } from '../../../api/document';
import { NO_TEMPLATE } from '../../../api/document';
import { dropTemplateEqual, mergeDesign, templateDesign, updateEdge, updateNode, type Draft } from '../state';
import type { Edit } from '../types';
import { edgesExist, nodesExist, one, withoutRevision, type EditDefinitions, type Resolve } from './definition';
import { designBefore } from './undoValues';

export type TemplateEdit =
  | { type: 'applyTemplate'; target: 'node' | 'edge'; id: number; template: TemplateRef }
  | { type: 'restoreTemplate'; target: 'node' | 'edge'; id: number }
  /** A template made from a design, or from an object that then follows it with its overrides cleared. */
  | { type: 'createTemplate'; template: TemplateCreate }
  | { type: 'updateTemplate'; id: number; patch: TemplatePatch }
  | { type: 'deleteTemplate'; id: number }
  /** Puts a deleted template back under its id; the objects that followed it follow it again. */
  | { type: 'undeleteTemplate'; template: ObjectTemplate; nodes: number[]; edges: number[] };

/** The object an edit names, node or edge. */
function element(
  view: { nodes: Map<number, Node | undefined>; edges: Map<number, Edge | undefined> },
  target: 'node' | 'edge',
  id: number,
) {
  return target === 'node' ? view.nodes.get(id) : view.edges.get(id);
}

function follow(d: Draft, target: 'node' | 'edge', id: number, ref: TemplateRef): void {
  const f = <E extends Node | Edge>(x: E): E => ({ ...x, template: ref, design: { ...x.design, object_template: ref } });
  if (target === 'node') updateNode(d, id, f);
  else updateEdge(d, id, f);
}

/** The source object of a template made from one, and its kind. */
function sourceOf(c: TemplateCreate): { target: 'node' | 'edge'; id: number } | null {
  if (c.type === 'node' && c.from_node_id !== undefined) return { target: 'node', id: c.from_node_id };
  if (c.type === 'edge' && c.from_edge_id !== undefined) return { target: 'edge', id: c.from_edge_id };
  return null;
}

function followersOf(d: { nodes: Map<number, Node>; edges: Map<number, Edge> }, ref: string) {
  return {
    nodes: [...d.nodes.values()].filter((n) => n.template === ref).map((n) => n.id),
    edges: [...d.edges.values()].filter((x) => x.template === ref).map((x) => x.id),
  };
}

const templateThere = (id: number, view: { templates: Map<number, ObjectTemplate> }, r: Resolve) => view.templates.has(r(id));

export const TEMPLATE_EDITS: EditDefinitions<TemplateEdit['type']> = {
  applyTemplate: {
    ...one<'applyTemplate'>('templates', { error: 'templateApplyError' }),
    group: 'alone',
    exists: (e, view, r) => (e.target === 'node' ? nodesExist([e.id], view, r) : edgesExist([e.id], view, r)),
    apply(d, e, { resolve: r }) {
      const t = templateDesign(d.s, e.template);
      const f = <E extends Node | Edge>(x: E): E => ({
        ...x,
        template: e.template,
        design: dropTemplateEqual({ ...x.design, object_template: e.template }, t),
      });
      if (e.target === 'node') updateNode(d, r(e.id), f);
      else updateEdge(d, r(e.id), f);
    },
    async send({ api, mapId }, e) {
      const patch = { object_template: e.template };
      return e.target === 'node'
        ? (await api.patchNodeDesign(mapId, e.id, patch)).revision
        : (await api.patchEdgeDesign(mapId, e.id, patch)).revision;
    },
    inverse(e, { t, view, resolve: r }) {
      const id = r(e.id);
      const prev = element(t, e.target, id) ?? element(view, e.target, id);
      const cur = element(view, e.target, id);
      if (!prev || !cur) return [];
      const out: Edit[] = [];
      if (prev.template !== cur.template) out.push({ type: 'applyTemplate', target: e.target, id, template: prev.template });
      const design = designBefore(prev.design, cur.design);
      if (Object.keys(design).length) {
        out.push(e.target === 'node' ? { type: 'setNodeDesign', id, design } : { type: 'setEdgeDesign', id, design });
      }
      return out;
    },
  },
  // Restoring clears what a design patch sets.
  restoreTemplate: {
    ...one<'restoreTemplate'>('templates', { error: 'templateRestoreError' }),
    group: 'alone',
    exists: (e, view, r) => (e.target === 'node' ? nodesExist([e.id], view, r) : edgesExist([e.id], view, r)),
    // Only what the object is and which template it follows survive (domain.RestoreTemplate).
    apply(d, e, { resolve: r }) {
      if (e.target === 'node') {
        updateNode(d, r(e.id), (n) => {
          const { shape, object_template } = n.design;
          return { ...n, design: { ...(shape && { shape }), ...(object_template && { object_template }) } };
        });
      } else {
        updateEdge(d, r(e.id), (x) => {
          const { object_template } = x.design;
          return { ...x, design: object_template === undefined ? {} : { object_template } };
        });
      }
    },
    async send({ api, mapId }, e) {
      const patch = [{ id: e.id, restore_template: true }];
      return (await api.patchElements(mapId, e.target === 'node' ? { nodes: patch } : { edges: patch })).revision;
    },
    inverse(e, { t, view, resolve: r }) {
      const id = r(e.id);
      const prev = element(t, e.target, id);
      const cur = element(view, e.target, id);
      if (!prev || !cur) return [];
      const design = designBefore(prev.design, cur.design);
      if (!Object.keys(design).length) return [];
      return [e.target === 'node' ? { type: 'setNodeDesign', id, design } : { type: 'setEdgeDesign', id, design }];
    },
  },
  createTemplate: {
    creates: 'template',
    family: 'templates',
    group: 'alone',
    ids: (e) => {
      const src = sourceOf(e.template);
      return src ? [src.id] : [];
    },
    resolve(e, r) {
      const c = e.template;
      if (c.type === 'node' && c.from_node_id !== undefined) return { ...e, template: { ...c, from_node_id: r(c.from_node_id) } };
      if (c.type === 'edge' && c.from_edge_id !== undefined) return { ...e, template: { ...c, from_edge_id: r(c.from_edge_id) } };
      return e;
    },
    messages: () => ({ error: 'templateCreateError', reason: true }),
    exists(e, view, r) {
      const src = sourceOf(e.template);
      return !src || element(view, src.target, r(src.id)) !== undefined;
    },
    // As the server makes it (editing.CreateTemplate): from an object, the values it shows.
    apply(d, e, ctx) {
      const id = ctx.createdId ?? 0;
      const src = sourceOf(e.template);
      const obj = src ? element(d.s, src.target, ctx.resolve(src.id)) : undefined;
      if (ctx.answer) d.putTemplate(ctx.answer as ObjectTemplate);
      else {
        const own = obj ? { ...(templateDesign(d.s, obj.template) ?? {}), ...obj.design } : (e.template.design ?? {});
        const design: Record<string, unknown> = { ...own };
        delete design.object_template;
        d.putTemplate({ id, name: e.template.name.trim(), type: e.template.type, design });
      }
      if (!src || !obj) return;
      const ref = String(id);
      const keep = (x: Node | Edge) => ({
        ...('shape' in x.design && x.design.shape !== undefined && { shape: x.design.shape }),
        object_template: ref,
      });
      if (src.target === 'node') updateNode(d, obj.id, (n) => ({ ...n, template: ref, design: keep(n) }));
      else updateEdge(d, obj.id, (x) => ({ ...x, template: ref, design: keep(x) }));
    },
    async send({ api, mapId, answered }, e) {
      const res = await api.createTemplate(mapId, e.template);
      answered(withoutRevision(res.data));
      return res.revision;
    },
    inverse(e, { t, view, resolve: r, createdId }) {
      if (createdId === undefined) return [];
      const out: Edit[] = [{ type: 'deleteTemplate', id: createdId }];
      const src = sourceOf(e.template);
      if (!src) return out;
      // The object follows what it followed before, with its own values again.
      const id = r(src.id);
      const prev = element(t, src.target, id);
      const cur = element(view, src.target, id);
      if (!prev || !cur) return out;
      if (prev.template !== NO_TEMPLATE) out.push({ type: 'applyTemplate', target: src.target, id, template: prev.template });
      const design = designBefore(prev.design, cur.design);
      if (Object.keys(design).length) {
        out.push(src.target === 'node' ? { type: 'setNodeDesign', id, design } : { type: 'setEdgeDesign', id, design });
      }
      return out;
    },
  },
  updateTemplate: {
    family: 'templates',
    group: 'alone',
    ids: (e) => [e.id],
    resolve: (e, r) => ({ ...e, id: r(e.id) }),
    messages: () => ({ error: 'templateUpdateError', reason: true }),
    exists: (e, view, r) => templateThere(e.id, view, r),
    apply(d, e, { resolve: r }) {
      const t = d.s.templates.get(r(e.id));
      if (!t) return;
      d.putTemplate({
        ...t,
        ...(e.patch.name !== undefined && { name: e.patch.name.trim() }),
        ...(e.patch.design && { design: mergeDesign(t.design, e.patch.design) }),
      });
    },
    send: async ({ api, mapId }, e) => (await api.updateTemplate(mapId, e.id, e.patch)).revision,
    inverse(e, { t, view, resolve: r }) {
      const id = r(e.id);
      const prev = t.templates.get(id);
      const cur = view.templates.get(id);
      if (!prev || !cur) return [];
      const patch: TemplatePatch = {};
      if (e.patch.name !== undefined && prev.name !== cur.name) patch.name = prev.name;
      const design = designBefore(prev.design, cur.design);
      if (Object.keys(design).length) patch.design = design;
      return Object.keys(patch).length ? [{ type: 'updateTemplate', id, patch }] : [];
    },
  },
  // Its objects fall back to no template (domain.DropTemplate); the server keeps it for undo.
  deleteTemplate: {
    family: 'templates',
    group: 'alone',
    ids: (e) => [e.id],
    resolve: (e, r) => ({ ...e, id: r(e.id) }),
    messages: () => ({ error: 'templateRemoveError', reason: true }),
    exists: (e, view, r) => templateThere(e.id, view, r),
    apply(d, e, { resolve: r }) {
      const id = r(e.id);
      const t = d.s.templates.get(id);
      if (!t) return;
      const { nodes, edges } = followersOf(d.s, String(id));
      for (const n of nodes) follow(d, 'node', n, NO_TEMPLATE);
      for (const x of edges) follow(d, 'edge', x, NO_TEMPLATE);
      d.dropTemplate(id);
    },
    send: async ({ api, mapId }, e) => (await api.deleteTemplate(mapId, e.id)).revision,
    inverse(e, { t, resolve: r }) {
      const id = r(e.id);
      const template = t.templates.get(id);
      if (!template) return [];
      const ref = String(id);
      const nodes = [...t.nodes.entries()].flatMap(([n, was]) => (was?.template === ref ? [n] : []));
      const edges = [...t.edges.entries()].flatMap(([x, was]) => (was?.template === ref ? [x] : []));
      return [{ type: 'undeleteTemplate', template, nodes, edges }];
    },
  },
  undeleteTemplate: {
    family: 'templates',
    group: 'alone',
    ids: () => [],
    resolve: (e, r) => ({ ...e, template: { ...e.template, id: r(e.template.id) }, nodes: e.nodes.map(r), edges: e.edges.map(r) }),
    messages: () => ({ error: 'restoreError' }),
    exists: (e, view, r) => !view.templates.has(r(e.template.id)),
    // As the server does: the objects that still have no template follow it again.
    apply(d, e, { resolve: r }) {
      const id = r(e.template.id);
      if (d.s.templates.has(id)) return;
      d.putTemplate({ ...e.template, id });
      const ref = String(id);
      for (const n of e.nodes) if (d.s.nodes.get(r(n))?.template === NO_TEMPLATE) follow(d, 'node', r(n), ref);
      for (const x of e.edges) if (d.s.edges.get(r(x))?.template === NO_TEMPLATE) follow(d, 'edge', r(x), ref);
    },
    send: async ({ api, mapId }, e) => (await api.restoreElements(mapId, { templates: [e.template.id] })).revision,
    inverse: (e, { resolve: r }) => [{ type: 'deleteTemplate', id: r(e.template.id) }],
  },
};
