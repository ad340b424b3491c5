import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '../api';
import { LiveConnection } from '../api/live';
import type { Role } from '../account/roles';
import { Button } from '../layout/Button';
import { Dialog, DialogActions } from '../layout/Dialog';
import { toasts } from '../layout/toasts';
import { CanvasController, type CanvasView } from './canvasController';
import {
  AddNodePanel,
  ConfirmDialog,
  LayersPanel,
  PointerLayer,
  PresenceList,
  ShortcutsPanel,
  SideMenu,
} from './EditorParts';
import { Presence, othersLocks, othersSectionLocks } from './presence';
import { MENU_OPTIONS, toggleOption, type MenuOptionId } from './sideMenu';
import type { DocumentStore } from './store';
import styles from './Editor.module.css';

interface EditorProps {
  store: DocumentStore;
  user: User;
  role: Role | null;
  clientName: string;
  canEdit: boolean;
}

const EMPTY_VIEW: CanvasView = { tool: { kind: 'select' }, level: 1, selectedNodes: [], selectedEdges: [] };
const noSubscribe = () => () => undefined;

/** Read-only figures for browser tests (window.__strataEditor); nothing here changes the map. */
export interface EditorTestHook {
  nodeCount(): number;
  edgeCount(): number;
  nodeIds(): number[];
  /** A node's centre in page coordinates, or null. */
  nodePagePoint(id: number): { x: number; y: number } | null;
  nodeCenter(id: number): { x: number; y: number } | null;
  /** The colour of another editor's lock on a node, or null. */
  nodeLockColor(id: number): string | null;
}

declare global {
  interface Window {
    __strataEditor?: EditorTestHook;
  }
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function Editor({ store, user, role, clientName, canEdit }: EditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<CanvasController | null>(null);
  const [live, setLive] = useState<LiveConnection | null>(null);
  const presence = useMemo(() => new Presence(user.id), [user.id]);
  const [chosenOption, setOpenOption] = useState<MenuOptionId | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<{ nodes: number[]; edges: number[] } | null>(null);
  const [showHelp, setShowHelp] = useState(false);

  const view = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getView ?? (() => EMPTY_VIEW));
  const people = useSyncExternalStore(presence.subscribe, presence.get);
  useSyncExternalStore(
    useCallback((cb: () => void) => store.subscribe(cb), [store]),
    () => store.version,
  );
  const mapSettings = store.map;
  const layers = store.layers;

  // --- The canvas and the live channel, made once per map ---------------------------------------
  useEffect(() => {
    const canvas = canvasRef.current;
    const overlay = overlayRef.current;
    const frame = frameRef.current;
    if (!canvas || !overlay || !frame) return;
    const connection = new LiveConnection({ mapId: store.mapId, clientSlug: clientName });
    const ctl = new CanvasController(canvas, overlay, store, {
      canEdit,
      languages: store.map.languages.length > 0 ? store.map.languages : ['en'],
      onPointer: (p) => {
        connection.send('update_user_state', p);
      },
      onDragging: (positions) => {
        connection.send('submit_map_edit', { type: 'node_dragging', data: { positions } });
      },
    });
    const size = () => {
      const r = frame.getBoundingClientRect();
      ctl.resize(r.width, r.height);
    };
    size();
    ctl.fit();
    const observer = new ResizeObserver(size);
    observer.observe(frame);
    const offs = [
      store.attach(connection),
      presence.attach(connection),
      connection.on('submit_map_edit', (edit) => {
        if (Array.isArray(edit.data.positions)) ctl.showRemoteDrag(edit.data.positions);
      }),
    ];
    connection.connect();
    setController(ctl);
    setLive(connection);
    window.__strataEditor = {
      nodeCount: () => ctl.scene.nodeCount,
      edgeCount: () => ctl.scene.edgeCount,
      nodeIds: () => ctl.nodeIds(),
      nodePagePoint: (id) => {
        const p = ctl.screenOf(id);
        if (!p) return null;
        const r = canvas.getBoundingClientRect();
        return { x: r.left + p.x, y: r.top + p.y };
      },
      nodeCenter: (id) => {
        const n = store.getNode(id);
        return n ? { ...n.geometry.center } : null;
      },
      nodeLockColor: (id) => ctl.renderer.state.nodesLockedByOthers.get(id) ?? null,
    };
    return () => {
      delete window.__strataEditor;
      observer.disconnect();
      for (const off of offs) off();
      connection.close();
      ctl.dispose();
      setController(null);
      setLive(null);
    };
  }, [store, presence, clientName, canEdit]);

  // --- Toasts from the store, translated ---------------------------------------------------------
  useEffect(
    () =>
      store.onToast((toast) => {
        toasts.show(toast.type, t(`editor.toasts.${toast.key}`, toast.params));
      }),
    [store, t],
  );

  // --- Others' locks on the canvas; own node lock follows the selection --------------------------
  const nodeLocks = useMemo(() => othersLocks(people.locks, user.id, 'node'), [people.locks, user.id]);
  const edgeLocks = useMemo(() => othersLocks(people.locks, user.id, 'edge'), [people.locks, user.id]);
  const sectionLocks = useMemo(() => othersSectionLocks(people.locks, user.id), [people.locks, user.id]);
  useEffect(() => {
    controller?.setLocks(nodeLocks, edgeLocks);
  }, [controller, nodeLocks, edgeLocks]);

  const editingNode = view.selectedNodes.length > 0 ? view.selectedNodes[view.selectedNodes.length - 1] : undefined;
  const lockable = editingNode !== undefined && editingNode > 0 && !nodeLocks.has(editingNode) ? editingNode : null;
  const connected = people.connection === 'open';
  useEffect(() => {
    if (!live || !canEdit || lockable === null || !connected) return;
    live.send('start_editing_element', { elem_type: 'node', elem_id: lockable, lock_extent: 'appearance' });
    return () => {
      live.send('stop_editing_element', { elem_type: 'node', elem_id: lockable });
    };
  }, [live, canEdit, lockable, connected]);

  // Leaving the connection mode (Esc) closes its menu option too.
  const openOption = chosenOption === 'edgeConnection' && view.tool.kind !== 'connect' ? null : chosenOption;

  // --- Actions ---------------------------------------------------------------------------------------
  const selectedNodes = view.selectedNodes;
  const selectedEdges = view.selectedEdges;
  const editableNodes = useMemo(
    () => (controller ? selectedNodes.filter((id) => controller.nodeEditable(id)) : []),
    [controller, selectedNodes],
  );

  const removeNow = useCallback(
    (nodes: number[], edges: number[]) => {
      if (edges.length > 0) store.apply({ type: 'removeEdges', ids: edges });
      if (nodes.length > 0) store.apply({ type: 'removeNodes', ids: nodes });
      controller?.select([], []);
    },
    [store, controller],
  );

  const requestDelete = useCallback(() => {
    if (!canEdit || !controller) return;
    const nodes = selectedNodes.filter((id) => controller.nodeEditable(id));
    const edges = selectedEdges.filter((id) => !edgeLocks.has(id));
    if (nodes.length === 0 && edges.length === 0) return;
    if (user.preferences.removalConfirmation) setConfirmDelete({ nodes, edges });
    else removeNow(nodes, edges);
  }, [canEdit, controller, selectedNodes, selectedEdges, edgeLocks, user.preferences.removalConfirmation, removeNow]);

  const cloneSelected = useCallback(() => {
    if (!canEdit || !controller) return;
    const made: number[] = [];
    for (const id of selectedNodes) {
      const res = store.apply({ type: 'cloneNode', id, offset: { x: 30, y: 30 } });
      if (res.ok && res.id !== undefined) made.push(res.id);
    }
    if (made.length > 0) controller.select(made, []);
  }, [canEdit, controller, selectedNodes, store]);

  const chooseOption = useCallback(
    (id: MenuOptionId) => {
      const next = toggleOption(openOption, id);
      setOpenOption(next);
      const option = MENU_OPTIONS.find((o) => o.id === id);
      if (!controller || !option) return;
      if (next === null || option.opens.kind !== 'mode') {
        if (controller.view.tool.kind !== 'select') controller.setTool({ kind: 'select' });
      }
      if (next !== null && option.opens.kind === 'mode') controller.setTool({ kind: 'connect', from: null });
    },
    [openOption, controller],
  );


  // --- Keyboard --------------------------------------------------------------------------------------
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!controller || isTyping(e.target) || document.querySelector('dialog[open]')) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (!canEdit) return;
        if (e.shiftKey) store.redo();
        else store.undo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        if (canEdit) store.redo();
      } else if (mod && key === 'd') {
        e.preventDefault();
        cloneSelected();
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        requestDelete();
      } else if (e.key === 'Escape') {
        controller.escape();
        setShowHelp(false);
      } else if (!mod && (e.key === '+' || e.key === '=')) {
        controller.zoomBy(1.25);
      } else if (!mod && e.key === '-') {
        controller.zoomBy(0.8);
      } else if (!mod && key === 'f') {
        controller.fit();
      } else if (!mod && e.key === '?') {
        setShowHelp((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [controller, canEdit, store, cloneSelected, requestDelete]);

  // --- Unsaved changes: flush when leaving, warn on unload ---------------------------------------
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (store.hasUnsavedChanges) {
        void store.flush();
        e.preventDefault();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [store]);

  const levels = Math.max(1, mapSettings.visibility_levels);
  const tool = view.tool;
  const panel = openOption === 'addNode' || openOption === 'layers' ? openOption : null;
  const offline = people.connection === 'reconnecting' || people.connection === 'offline';

  return (
    <main className={styles.editor} data-testid="editor" data-can-edit={canEdit}>
      <header className={styles.toolbar}>
        <h1 className={styles.mapName} title={mapSettings.name}>
          {mapSettings.name}
        </h1>
        {!canEdit && <span className={styles.readOnly}>{t('editor.readOnly')}</span>}
        <div className={styles.group} role="group" aria-label={t('editor.level.label')}>
          <label className={styles.levelLabel}>
            {t('editor.level.label')}
            <select
              value={view.level}
              data-testid="level-select"
              onChange={(e) => {
                controller?.setLevel(Number(e.target.value));
              }}
            >
              {Array.from({ length: levels }, (_, i) => i + 1).map((l) => (
                <option key={l} value={l}>
                  {t('editor.level.option', { level: l, count: levels })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className={styles.group} role="group" aria-label={t('editor.zoom.label')}>
          <Button size="small" variant="secondary" aria-label={t('editor.zoom.out')} title={t('editor.zoom.out')} onClick={() => controller?.zoomBy(0.8)}>
            −
          </Button>
          <ZoomFigure controller={controller} />
          <Button size="small" variant="secondary" aria-label={t('editor.zoom.in')} title={t('editor.zoom.in')} onClick={() => controller?.zoomBy(1.25)}>
            +
          </Button>
          <Button size="small" variant="secondary" onClick={() => controller?.fit()}>
            {t('editor.zoom.fit')}
          </Button>
        </div>
        {canEdit && (
          <div className={styles.group} role="group" aria-label={t('editor.actions.label')}>
            <Button size="small" variant="ghost" disabled={!store.canUndo} onClick={() => store.undo()} title={t('editor.actions.undoHint')}>
              {t('editor.actions.undo')}
            </Button>
            <Button size="small" variant="ghost" disabled={!store.canRedo} onClick={() => store.redo()} title={t('editor.actions.redoHint')}>
              {t('editor.actions.redo')}
            </Button>
            <Button size="small" variant="ghost" disabled={selectedNodes.length === 0} onClick={cloneSelected} data-testid="clone-button">
              {t('editor.actions.clone')}
            </Button>
            <Button
              size="small"
              variant="ghost"
              disabled={editableNodes.length === 0 && selectedEdges.length === 0}
              onClick={requestDelete}
              data-testid="delete-button"
            >
              {t('editor.actions.delete')}
            </Button>
          </div>
        )}
        <div className={styles.spacer} />
        <PresenceList self={people.self} others={people.others} />
        <Button
          size="small"
          variant="ghost"
          aria-expanded={showHelp}
          onClick={() => {
            setShowHelp((v) => !v);
          }}
        >
          {t('editor.shortcuts.button')}
        </Button>
      </header>

      <div className={styles.body}>
        {canEdit && (
          <SideMenu
            role={role}
            canEdit={canEdit}
            open={openOption}
            sectionLocks={sectionLocks}
            onChoose={chooseOption}
          />
        )}
        {canEdit && panel === 'addNode' && (
          <AddNodePanel
            active={tool.kind === 'addNode' ? tool.shape : null}
            level={view.level}
            levels={levels}
            onShape={(shape) => controller?.setTool(tool.kind === 'addNode' && tool.shape === shape ? { kind: 'select' } : { kind: 'addNode', shape })}
            onClose={() => {
              chooseOption('addNode');
            }}
          />
        )}
        {canEdit && panel === 'layers' && (
          <LayersPanel
            store={store}
            layers={layers}
            levels={levels}
            current={view.level}
            onCurrent={(l) => controller?.setLevel(l)}
            onClose={() => {
              chooseOption('layers');
            }}
          />
        )}
        <div className={styles.canvasFrame} ref={frameRef}>
          <canvas ref={canvasRef} className={styles.canvas} data-testid="editor-canvas" aria-label={t('editor.canvasLabel', { name: mapSettings.name })} />
          <canvas ref={overlayRef} className={styles.overlay} aria-hidden="true" />
          {controller && <PointerLayer controller={controller} others={people.others} />}
          {tool.kind === 'connect' && (
            <p className={styles.modeHint} role="status" data-testid="connect-hint">
              {tool.from === null ? t('editor.connect.pickFrom') : t('editor.connect.pickTo')}
            </p>
          )}
          {tool.kind === 'addNode' && (
            <p className={styles.modeHint} role="status">
              {t('editor.addNode.hint')}
            </p>
          )}
          {offline && (
            <p className={styles.offline} role="status" data-testid="offline-banner">
              {t('editor.offline')}
            </p>
          )}
          {showHelp && (
            <ShortcutsPanel
              onClose={() => {
                setShowHelp(false);
              }}
            />
          )}
        </div>
      </div>

      {confirmDelete && (
        <ConfirmDialog
          title={t('editor.remove.title')}
          text={t('editor.remove.text', { count: confirmDelete.nodes.length + confirmDelete.edges.length })}
          confirm={t('editor.remove.confirm')}
          onConfirm={() => {
            removeNow(confirmDelete.nodes, confirmDelete.edges);
            setConfirmDelete(null);
          }}
          onClose={() => {
            setConfirmDelete(null);
          }}
        />
      )}
      {people.duplicate && (
        <Dialog
          title={t('editor.duplicate.title')}
          testId="duplicate-dialog"
          onClose={() => {
            void navigate(-1);
          }}
        >
          <p>{t('editor.duplicate.text')}</p>
          <DialogActions>
            <Button
              variant="secondary"
              onClick={() => {
                void navigate('/');
              }}
            >
              {t('editor.duplicate.back')}
            </Button>
            <Button
              onClick={() => {
                window.location.reload();
              }}
            >
              {t('editor.duplicate.reload')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </main>
  );
}

function ZoomFigure({ controller }: { controller: CanvasController | null }) {
  useSyncExternalStore(controller?.subscribeFrame ?? noSubscribe, controller?.getFrame ?? (() => 0));
  const scale = controller?.renderer.camera.scale ?? 1;
  return (
    <span className={styles.zoomFigure} data-testid="zoom-figure">
      {Math.round(scale * 100)} %
    </span>
  );
}
