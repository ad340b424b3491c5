// A command context for tests: a store and canvas that record what commands do.
import { vi } from 'vitest';
import type { CanvasController } from '../canvas/canvasController';
import type { CanvasView } from '../canvas/canvasView';
import type { DocumentStore } from '../store';
import type { CommandContext } from './commandTable';

export function fakeContext(over: Partial<CommandContext> & { canUndo?: boolean; canRedo?: boolean } = {}) {
  const store = { canUndo: over.canUndo ?? true, canRedo: over.canRedo ?? false, undo: vi.fn(), redo: vi.fn() };
  const controller = {
    escape: vi.fn(),
    zoomBy: vi.fn(),
    zoomTo: vi.fn(),
    fit: vi.fn(),
    zoomToSelection: vi.fn(),
    renderer: { camera: { scale: 1 } },
    subscribeFrame: () => () => undefined,
    getFrame: () => 0,
  };
  const view: CanvasView = { tool: { kind: 'select' }, level: 1, selectedNodes: [], selectedEdges: [] };
  const context: CommandContext = {
    store: store as unknown as DocumentStore,
    controller: controller as unknown as CanvasController,
    canEdit: true,
    view,
    selection: null,
    canClone: false,
    canDelete: false,
    minimap: false,
    shown: { help: false, search: false, outline: false },
    show: vi.fn(),
    clone: vi.fn(),
    requestDelete: vi.fn(),
    chooseTool: vi.fn(),
    editTitle: vi.fn(),
    ...over,
  };
  return { context, store, controller };
}
