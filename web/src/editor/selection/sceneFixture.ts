// A scene over a few nodes and edges for the selection modules' tests.
import type { Edge, Node } from '../../api/document';
import { Scene, indexTemplates, type SceneDocument } from '../../map';
import { fakeMeasure } from '../../map/render/testing';

export { makeEdge, makeNode } from '../../map/render/testing';

export function sceneOf(nodes: Node[], edges: Edge[] = []): Scene {
  const doc: SceneDocument = {
    nodes: new Map(nodes.map((n) => [n.id, n])),
    edges: new Map(edges.map((e) => [e.id, e])),
    templates: indexTemplates([]),
    globalDesign: null,
  };
  const scene = new Scene({ measure: fakeMeasure });
  scene.setDocument(doc);
  return scene;
}
