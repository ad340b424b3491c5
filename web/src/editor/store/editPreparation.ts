// What the store does to an edit before applying it, and the look ahead the asking dialogs take:
// both read the view only, so they live apart from the store's state keeping.
import type { TemplateRef } from '../../api/document';
import { NO_TEMPLATE } from '../../api/document';
import { inheritTemplateEqual } from '../../map/style';
import { applyEdit } from './edits';
import { cloneState, deepEqual, Draft, Touched, type DocState } from './state';
import type { Edit, EditPreview } from './types';

function defaultTemplate(view: DocState, kind: 'node' | 'edge'): TemplateRef | null {
  const ref = view.global.templates[`${kind}_template`];
  if (typeof ref !== 'string' || ref === NO_TEMPLATE) return null;
  return view.templates.get(Number(ref))?.type === kind ? ref : null;
}

/**
 * A new node or edge without a template of its own follows the global design's default one
 * (its templates section), when that still exists; "a change equal to the template-computed
 * value is saved as null" (spec §4).
 */
export function normalizeEdit(edit: Edit, view: DocState, resolve: (id: number) => number): Edit {
  if (edit.type === 'createNode' && edit.node.design.object_template === undefined) {
    const ref = defaultTemplate(view, 'node');
    return ref ? { ...edit, node: { ...edit.node, design: { ...edit.node.design, object_template: ref } } } : edit;
  }
  if (edit.type === 'createEdge' && edit.edge.design?.object_template === undefined) {
    const ref = defaultTemplate(view, 'edge');
    return ref ? { ...edit, edge: { ...edit.edge, design: { ...edit.edge.design, object_template: ref } } } : edit;
  }
  if (edit.type !== 'setNodeDesign' && edit.type !== 'setEdgeDesign') return edit;
  const target = edit.type === 'setNodeDesign' ? 'node' : 'edge';
  const el = target === 'node' ? view.nodes.get(resolve(edit.id)) : view.edges.get(resolve(edit.id));
  const ref = el?.template ?? NO_TEMPLATE;
  const template = ref === NO_TEMPLATE ? undefined : view.templates.get(Number(ref));
  const design = inheritTemplateEqual(target, edit.design, template, view.global);
  return design === edit.design ? edit : { ...edit, design };
}

/**
 * What edits would take away and whose level range they would change, without applying them:
 * the dialogs that ask first count with the same rules that apply the edits.
 */
export function previewEdits(view: DocState, edits: readonly Edit[], resolve: (id: number) => number): EditPreview {
  const t = new Touched();
  const copy = cloneState(view);
  const draft = new Draft(copy, t);
  for (const edit of edits) applyEdit(draft, normalizeEdit(edit, view, resolve), { resolve });
  const out: EditPreview = { removedNodes: 0, removedEdges: 0, rangedNodes: 0, rangedEdges: 0 };
  for (const [id, was] of t.nodes) {
    const now = copy.nodes.get(id);
    if (was && !now) out.removedNodes++;
    else if (was && now && !deepEqual(was.visibility, now.visibility)) out.rangedNodes++;
  }
  for (const [id, was] of t.edges) {
    const now = copy.edges.get(id);
    if (was && !now) out.removedEdges++;
    else if (was && now && !deepEqual(was.visibility, now.visibility)) out.rangedEdges++;
  }
  return out;
}
