// What the canvas shows and tells, shared by the controller and its gestures. Kept apart from
// canvasController.ts so that the gestures depend on these types and on their GestureHost only:
// the controller uses the gestures, never the other way round.
import type { EnabledShape, NodePosition, Point } from '../../api/document';

export type Tool = { kind: 'select' } | { kind: 'addNode'; shape: EnabledShape } | { kind: 'connect'; from: number | null };

export type ToolKind = Tool['kind'];

/** What React shows about the canvas. */
export interface CanvasView {
  tool: Tool;
  level: number;
  selectedNodes: readonly number[];
  selectedEdges: readonly number[];
}

export interface CanvasCallbacks {
  /** The own pointer in world coordinates (sent to the others). */
  onPointer?: (world: Point) => void;
  /** Nodes being dragged, throttled (sent to the others as node_dragging). */
  onDragging?: (positions: NodePosition[]) => void;
}
