// The document as the scene reads it, and what a change of it names.
import type { Edge, GlobalDesign, MapDocument, Node, TemplateRef } from '../../api/document';
import { type GlobalDefaults, type TemplatesById, indexTemplates } from '../style';

/** The document as the scene reads it: elements by id, so that a change is found without a scan. */
export interface SceneDocument {
  readonly nodes: ReadonlyMap<number, Node>;
  readonly edges: ReadonlyMap<number, Edge>;
  readonly templates: TemplatesById;
  readonly globalDesign: GlobalDefaults;
}

/** Which parts of the document changed; an id whose element is gone was removed. */
export interface SceneChanges {
  nodes?: Iterable<number>;
  edges?: Iterable<number>;
  /** Templates changed (their objects are resolved again) by ref. */
  templates?: Iterable<TemplateRef>;
  /** The global design changed: every style is resolved again. */
  globalDesign?: boolean;
}

export function sceneDocument(
  doc: Pick<MapDocument, 'nodes' | 'edges' | 'object_templates'> & { global_design: GlobalDesign | null },
): SceneDocument {
  return {
    nodes: new Map(doc.nodes.map((n) => [n.id, n])),
    edges: new Map(doc.edges.map((e) => [e.id, e])),
    templates: indexTemplates(doc.object_templates),
    globalDesign: doc.global_design,
  };
}
