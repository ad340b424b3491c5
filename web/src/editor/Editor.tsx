import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { getClientFeatures, type ClientFont, type User } from '../api';
import { LiveConnection } from '../api/live';
import { hasRole, type Role } from '../account/roles';
import { Button } from '../layout/Button';
import { Dialog, DialogActions } from '../layout/Dialog';
import { toasts } from '../layout/toasts';
import { CanvasController, type CanvasView } from './canvasController';
import { AddNodePanel, ConfirmDialog, LayersPanel, PointerLayer, PresenceList, ShortcutsPanel, SideMenu } from './EditorParts';
import { ClientFontFamilies, FontLoader, clientFontSources, fontSources, usesFamilies } from './fonts';
import { PublicationSource } from './publication';
import { PublishingSidebar, type PublishingSection } from './sidebars/PublishingSidebar';
import { Presence, lockHolder, othersLocks, othersSectionLocks } from './presence';
import { MENU_OPTIONS, panelOf, toggleOption, type MenuOptionId } from './sideMenu';
import { ContentFormSidebar } from './sidebars/ContentFormSidebar';
import { EdgeDesignSidebar, NodeDesignSidebar } from './sidebars/DesignSidebar';
import { GlobalSettingsSidebar } from './sidebars/GlobalSettingsSidebar';
import { MapSettingsSidebar } from './sidebars/MapSettingsSidebar';
import { ProtocolSidebar } from './sidebars/ProtocolSidebar';
import { SaveStatus } from './SaveStatus';
import { BreakLockContext } from './sidebars/breakLock';
import type { LockHolder } from './sidebars/SidebarParts';
import { VersionsSidebar } from './sidebars/VersionsSidebar';
import { ManageTemplatesSidebar, TemplatesSidebar } from './sidebars/TemplatesSidebar';
import { EdgeVisibilitySidebar, NodeVisibilitySidebar } from './sidebars/VisibilitySidebar';
import type { DocumentStore, Edit } from './store';
import styles from './Editor.module.css';

/** The edits that delete a selection: its edges, then its nodes (with their own edges). */
function removalEdits(nodes: number[], edges: number[]): Edit[] {
  const edits: Edit[] = [];
  if (edges.length > 0) edits.push({ type: 'removeEdges', ids: edges });
  if (nodes.length > 0) edits.push({ type: 'removeNodes', ids: nodes });
  return edits;
}

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
  edgeIds(): number[];
  /** The node's own design values, as the document holds them. */
  nodeDesign(id: number): Record<string, unknown> | null;
  edgeDesign(id: number): Record<string, unknown> | null;
  /** The resolved style the canvas draws the node with, or null when it is not drawn. */
  nodeStyle(id: number): Record<string, unknown> | null;
  edgeStyle(id: number): Record<string, unknown> | null;
  nodeVisibility(id: number): { min_level: number; max_level: number; hidden: boolean } | null;
  edgeVisibility(id: number): { min_level: number; max_level: number; hidden: boolean } | null;
  /** The ends of an edge, or null. */
  edgeEnds(id: number): { from_id: number; to_id: number } | null;
  templateNames(): string[];
  /** A node's content as the document holds it (a summary per language). */
  nodeContent(id: number): Record<string, Record<string, unknown>> | null;
  edgeContent(id: number): Record<string, Record<string, unknown>> | null;
  /** The extent of another editor's lock on a node ("appearance" or "content"), or null. */
  nodeLockExtent(id: number): string | null;
  selectedNodes(): number[];
  /** The map's settings and global design as the document holds them. */
  mapSettings(): Record<string, unknown>;
  globalDesign(): Record<string, unknown>;
}

function isPublishingSection(id: MenuOptionId | null): id is PublishingSection {
  return id === 'mapUrl' || id === 'mapAccess' || id === 'seo' || id === 'embedCode';
}

declare global {
  interface Window {
    __strataEditor?: EditorTestHook;
  }
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function Editor({ store, user, role, clientName, canEdit: mayEdit }: EditorProps) {
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
  // Editing rights withdrawn while the map is open make it read-only at once (the server has
  // made the socket read-only and freed its locks); the canvas and channel are made again so.
  const canEdit = mayEdit && !people.readOnly;
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
        ctl.showRemoteDrag(edit.data.positions);
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
      edgeIds: () => store.document.edges.map((e) => e.id),
      nodeDesign: (id) => {
        const n = store.getNode(id);
        return n ? { ...n.design } : null;
      },
      edgeDesign: (id) => {
        const e = store.getEdge(id);
        return e ? { ...e.design } : null;
      },
      nodeStyle: (id) => {
        const entry = ctl.scene.node(id);
        return entry ? { ...entry.style } : null;
      },
      edgeStyle: (id) => {
        const entry = ctl.scene.edge(id);
        return entry ? { ...entry.style } : null;
      },
      nodeVisibility: (id) => {
        const n = store.getNode(id);
        return n ? { ...n.visibility } : null;
      },
      edgeVisibility: (id) => {
        const e = store.getEdge(id);
        return e ? { ...e.visibility } : null;
      },
      edgeEnds: (id) => {
        const e = store.getEdge(id);
        return e ? { ...e.node } : null;
      },
      templateNames: () => store.document.object_templates.map((x) => x.name),
      nodeContent: (id) => {
        const n = store.getNode(id);
        return n ? (JSON.parse(JSON.stringify(n.content)) as Record<string, Record<string, unknown>>) : null;
      },
      edgeContent: (id) => {
        const e = store.getEdge(id);
        return e ? (JSON.parse(JSON.stringify(e.content)) as Record<string, Record<string, unknown>>) : null;
      },
      mapSettings: () => JSON.parse(JSON.stringify(store.map)) as Record<string, unknown>,
      globalDesign: () => JSON.parse(JSON.stringify(store.globalDesign)) as Record<string, unknown>,
      nodeLockExtent: (id) =>
        presence.get().locks.find((l) => l.elem_type === 'node' && l.elem_id === String(id) && l.user_id !== user.id)?.lock_extent ?? null,
      selectedNodes: () => [...ctl.view.selectedNodes],
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
  }, [store, presence, clientName, canEdit, user.id]);

  // --- Web fonts the designs name: loaded once, then the text is laid out again -----------------
  const fontLoader = useMemo(
    () =>
      new FontLoader(
        document.fonts,
        (family, source, descriptors) => new FontFace(family, source, descriptors),
        (message, error) => {
          console.warn(message, error);
        },
      ),
    [],
  );
  const fontSourceList = useMemo(() => fontSources(store.document), [store.document]);
  // The client's fonts: listed in the font fields and loaded for drawing; without them (a failed
  // fetch is only logged) the fields offer the generic families.
  const [clientFonts, setClientFonts] = useState<readonly ClientFont[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    getClientFeatures(clientName, abort.signal).then(
      (features) => {
        setClientFonts(features.fonts);
      },
      (err: unknown) => {
        if (!abort.signal.aborted) console.warn("the client's fonts could not be read", err);
      },
    );
    return () => {
      abort.abort();
    };
  }, [clientName]);
  const clientFamilies = useMemo(() => clientFonts.map((f) => f.family_name), [clientFonts]);
  useEffect(() => {
    if (!controller || clientFonts.length === 0) return;
    let live = true;
    void fontLoader.load(clientFontSources(clientFonts)).then((loaded) => {
      // Text is laid out again (and the map drawn again) only when the map uses these fonts.
      const families = new Set(clientFonts.map((f) => f.family_name));
      if (live && loaded > 0 && usesFamilies(store.document, families)) controller.scene.relayoutText();
    });
    return () => {
      live = false;
    };
  }, [controller, fontLoader, clientFonts, store.document]);
  useEffect(() => {
    if (!controller) return;
    let live = true;
    void fontLoader.load(fontSourceList).then((loaded) => {
      if (live && loaded > 0) controller.scene.relayoutText();
    });
    return () => {
      live = false;
    };
  }, [controller, fontLoader, fontSourceList]);

  // --- Toasts from the store, translated ---------------------------------------------------------
  useEffect(
    () =>
      store.onToast((toast) => {
        toasts.show(toast.type, t(`editor.toasts.${toast.key}`, toast.params));
      }),
    [store, t],
  );

  // --- What the live channel says about the own rights and locks, translated ---------------------
  useEffect(() => {
    if (!live) return;
    const offs = [
      live.on('lock_released', ({ reason, by }) => {
        if (reason === 'idle') toasts.show('warning', t('editor.toasts.lockIdle'));
        else if (by?.name) toasts.show('warning', t('editor.toasts.lockBroken', { name: by.name }));
        else toasts.show('warning', t('editor.toasts.lockBrokenAnonymous'));
      }),
      live.on('access_changed', ({ can_edit }) => {
        if (!can_edit) toasts.show('warning', t('editor.toasts.accessLowered'));
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [live, t]);

  // --- Publishing: the live status follows every editor's publishing; a reset or restore by
  // someone else (the store has read the map again by then) is told.
  const publication = useMemo(() => new PublicationSource(store.mapId), [store]);
  const others = people.others;
  useEffect(
    () =>
      store.onPublishing((sync) => {
        publication.heard(sync);
        if (sync.type === 'map_published' || sync.user_id === user.id) return;
        const name = others.find((v) => v.id === sync.user_id)?.name;
        const key = sync.type === 'map_reset' ? 'mapReset' : 'stateRestored';
        toasts.show('warning', name ? t(`editor.toasts.${key}By`, { name }) : t(`editor.toasts.${key}`));
      }),
    [store, publication, others, user.id, t],
  );
  const canPublish = user.is_superuser || hasRole(role, 'editor');
  const isAdmin = user.is_superuser || hasRole(role, 'admin');
  const breakLock = useCallback(
    (holder: LockHolder) => {
      if (!live || holder.elemType === undefined || holder.elemId === undefined) return;
      // Once it is free, the own lock effects below take it as for any free element.
      live.send('break_lock', { elem_type: holder.elemType, elem_id: holder.elemId });
    },
    [live],
  );

  // --- Others' locks on the canvas; own node lock follows the selection --------------------------
  const nodeLocks = useMemo(() => othersLocks(people.locks, user.id, 'node'), [people.locks, user.id]);
  const edgeLocks = useMemo(() => othersLocks(people.locks, user.id, 'edge'), [people.locks, user.id]);
  const sectionLocks = useMemo(() => othersSectionLocks(people.locks, user.id), [people.locks, user.id]);
  useEffect(() => {
    controller?.setLocks(nodeLocks, edgeLocks);
  }, [controller, nodeLocks, edgeLocks]);

  const editingNode = view.selectedNodes.length > 0 ? view.selectedNodes[view.selectedNodes.length - 1] : undefined;
  const connected = people.connection === 'open';

  // The own edge lock follows the selected edge, as the node lock does.
  const editingEdge = view.selectedEdges.length > 0 ? view.selectedEdges[view.selectedEdges.length - 1] : undefined;
  const edgeLockable = editingEdge !== undefined && editingEdge > 0 && !edgeLocks.has(editingEdge) ? editingEdge : null;
  useEffect(() => {
    if (!live || !canEdit || edgeLockable === null || !connected) return;
    live.send('start_editing_element', { elem_type: 'edge', elem_id: edgeLockable, lock_extent: 'appearance' });
    return () => {
      live.send('stop_editing_element', { elem_type: 'edge', elem_id: edgeLockable });
    };
  }, [live, canEdit, edgeLockable, connected]);

  // Leaving the connection mode (Esc) closes its menu option too.
  const openOption = chosenOption === 'edgeConnection' && view.tool.kind !== 'connect' ? null : chosenOption;
  const panel = panelOf(openOption);

  // The content form stays on its node while it has unsaved changes; otherwise it follows the selection.
  const [contentDirty, setContentDirty] = useState(false);
  const selectedNode = editingNode === undefined ? undefined : store.resolveId(editingNode);
  const [contentNode, setContentNode] = useState<number | undefined>(selectedNode);
  if (!contentDirty && contentNode !== selectedNode) setContentNode(selectedNode);
  const formNode = panel === 'contentForm' ? contentNode : undefined;

  // The own node lock: the content form's node with the content extent (it marks the node occupied
  // for others), else the selected node's appearance.
  const lockNode = formNode ?? editingNode;
  const lockable = lockNode !== undefined && lockNode > 0 && !nodeLocks.has(lockNode) ? lockNode : null;
  const lockExtent = formNode !== undefined && lockable === formNode ? 'content' : 'appearance';
  useEffect(() => {
    if (!live || !canEdit || lockable === null || !connected) return;
    live.send('start_editing_element', { elem_type: 'node', elem_id: lockable, lock_extent: lockExtent });
    return () => {
      live.send('stop_editing_element', { elem_type: 'node', elem_id: lockable });
    };
  }, [live, canEdit, lockable, lockExtent, connected]);

  // The template whose design "manage templates" edits holds that template's lock.
  const [managedTemplate, setManagedTemplate] = useState<number | null>(null);
  const managed = panel === 'manageTemplates' ? managedTemplate : null;
  const managedFree =
    managed !== null &&
    !people.locks.some((l) => l.elem_type === 'object_template' && l.elem_id === String(managed) && l.user_id !== user.id);
  useEffect(() => {
    if (!live || !canEdit || managed === null || !managedFree || !connected) return;
    live.send('start_editing_element', { elem_type: 'object_template', elem_id: managed, lock_extent: 'appearance' });
    return () => {
      live.send('stop_editing_element', { elem_type: 'object_template', elem_id: managed });
    };
  }, [live, canEdit, managed, managedFree, connected]);

  // Map and global settings are sections one editor edits at a time: the open one holds its lock,
  // unless another editor has it (then it opens read-only, saying who).
  const sectionType =
    panel === 'mapSettings'
      ? 'map'
      : panel === 'globalSettings'
        ? 'global_design'
        : panel === 'publishing'
          ? (MENU_OPTIONS.find((o) => o.id === openOption)?.lock ?? null)
          : null;
  const sectionHolder = sectionType ? lockHolder(people.locks, user.id, people.others, sectionType, store.mapId) : null;
  const sectionFree = sectionType !== null && sectionHolder === null;
  useEffect(() => {
    if (!live || !canEdit || sectionType === null || !sectionFree || !connected) return;
    live.send('start_editing_element', { elem_type: sectionType, elem_id: store.mapId, lock_extent: 'appearance' });
    return () => {
      live.send('stop_editing_element', { elem_type: sectionType, elem_id: store.mapId });
    };
  }, [live, canEdit, sectionType, sectionFree, connected, store.mapId]);

  // Unsaved content: choosing another option, closing the form or leaving the page asks first.
  const [pendingLeave, setPendingLeave] = useState<{ option: MenuOptionId | null } | null>(null);
  // Another element selected while the form has unsaved text asks too (the form stays meanwhile).
  const selectionLeavesForm = panel === 'contentForm' && contentDirty && selectedNode !== undefined && selectedNode !== contentNode;
  const blocker = useBlocker(contentDirty);

  // --- Actions ---------------------------------------------------------------------------------------
  const selectedNodes = view.selectedNodes;
  const selectedEdges = view.selectedEdges;
  const editableNodes = useMemo(
    () => (controller ? selectedNodes.filter((id) => controller.nodeEditable(id)) : []),
    [controller, selectedNodes],
  );

  const removeNow = useCallback(
    (nodes: number[], edges: number[]) => {
      store.applyAll(removalEdits(nodes, edges));
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

  /** Chooses an option, unless that would leave unsaved content: then it asks first. */
  const guardedChoose = useCallback(
    (id: MenuOptionId) => {
      if (contentDirty && openOption === 'contentForm' && id !== 'contentForm') {
        setPendingLeave({ option: id });
        return;
      }
      if (contentDirty && openOption === 'contentForm' && id === 'contentForm') {
        setPendingLeave({ option: null });
        return;
      }
      chooseOption(id);
    },
    [contentDirty, openOption, chooseOption],
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
      if (store.hasUnsavedChanges) void store.flush();
      if (store.hasUnsavedChanges || contentDirty) e.preventDefault();
    };
    // What the server does not have yet is written to the browser's storage as the page goes.
    const onPageHide = () => {
      store.keepNow();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [store, contentDirty]);

  const levels = Math.max(1, mapSettings.visibility_levels);
  const tool = view.tool;
  const removalText = (nodeIds: number[], edgeIds: number[]) => {
    const c = store.preview(removalEdits(nodeIds, edgeIds));
    const nodes = t('editor.remove.nodes', { count: c.removedNodes });
    const edges = t('editor.remove.edges', { count: c.removedEdges });
    if (c.removedNodes > 0 && c.removedEdges > 0) return t('editor.remove.textBoth', { nodes, edges });
    return c.removedNodes > 0 ? t('editor.remove.textNodes', { nodes }) : t('editor.remove.textEdges', { edges });
  };
  const closePanel = () => {
    if (openOption) guardedChoose(openOption);
  };
  const sidebarNode = editingNode === undefined ? undefined : store.getNode(editingNode);
  const sidebarEdge = editingEdge === undefined ? undefined : store.getEdge(editingEdge);
  const nodeHolder = sidebarNode ? lockHolder(people.locks, user.id, people.others, 'node', sidebarNode.id) : null;
  const edgeHolder = sidebarEdge ? lockHolder(people.locks, user.id, people.others, 'edge', sidebarEdge.id) : null;
  const offline = people.connection === 'reconnecting' || people.connection === 'offline';

  return (
    <ClientFontFamilies value={clientFamilies}>
      <BreakLockContext.Provider value={isAdmin && canEdit ? breakLock : null}>
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
              <Button
                size="small"
                variant="secondary"
                aria-label={t('editor.zoom.out')}
                title={t('editor.zoom.out')}
                onClick={() => controller?.zoomBy(0.8)}
              >
                −
              </Button>
              <ZoomFigure controller={controller} />
              <Button
                size="small"
                variant="secondary"
                aria-label={t('editor.zoom.in')}
                title={t('editor.zoom.in')}
                onClick={() => controller?.zoomBy(1.25)}
              >
                +
              </Button>
              <Button size="small" variant="secondary" onClick={() => controller?.fit()}>
                {t('editor.zoom.fit')}
              </Button>
            </div>
            {canEdit && (
              <div className={styles.group} role="group" aria-label={t('editor.actions.label')}>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={!store.canUndo}
                  onClick={() => store.undo()}
                  title={t('editor.actions.undoHint')}
                >
                  {t('editor.actions.undo')}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={!store.canRedo}
                  onClick={() => store.redo()}
                  title={t('editor.actions.redoHint')}
                >
                  {t('editor.actions.redo')}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={selectedNodes.length === 0}
                  onClick={cloneSelected}
                  data-testid="clone-button"
                >
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
            {canEdit && <SideMenu role={role} canEdit={canEdit} open={openOption} sectionLocks={sectionLocks} onChoose={guardedChoose} />}
            {canEdit && panel === 'addNode' && (
              <AddNodePanel
                active={tool.kind === 'addNode' ? tool.shape : null}
                level={view.level}
                levels={levels}
                onShape={(shape) =>
                  controller?.setTool(tool.kind === 'addNode' && tool.shape === shape ? { kind: 'select' } : { kind: 'addNode', shape })
                }
                onClose={() => {
                  chooseOption('addNode');
                }}
              />
            )}
            {canEdit && panel === 'layers' && (
              <LayersPanel
                store={store}
                layers={layers}
                edges={store.document.edges}
                levels={levels}
                current={view.level}
                onCurrent={(l) => controller?.setLevel(l)}
                onClose={() => {
                  chooseOption('layers');
                }}
              />
            )}
            {canEdit && panel === 'nodeDesign' && (
              <NodeDesignSidebar
                store={store}
                element={sidebarNode}
                templates={store.document.object_templates}
                global={store.globalDesign}
                lockedBy={nodeHolder}
                onClose={closePanel}
              />
            )}
            {canEdit && panel === 'edgeDesign' && (
              <EdgeDesignSidebar
                store={store}
                element={sidebarEdge}
                templates={store.document.object_templates}
                global={store.globalDesign}
                lockedBy={edgeHolder}
                onClose={closePanel}
              />
            )}
            {canEdit && panel === 'contentForm' && (
              <ContentFormSidebar
                store={store}
                nodeId={contentNode}
                lockedBy={contentNode === undefined ? null : lockHolder(people.locks, user.id, people.others, 'node', contentNode)}
                onClose={closePanel}
                onDirty={setContentDirty}
              />
            )}
            {canEdit && (panel === 'shapeTemplates' || panel === 'edgeTemplates') && (
              <TemplatesSidebar
                kind={panel === 'shapeTemplates' ? 'node' : 'edge'}
                store={store}
                element={panel === 'shapeTemplates' ? sidebarNode : sidebarEdge}
                lockedBy={panel === 'shapeTemplates' ? nodeHolder : edgeHolder}
                onClose={closePanel}
              />
            )}
            {canEdit && panel === 'manageTemplates' && (
              <ManageTemplatesSidebar
                store={store}
                global={store.globalDesign}
                chosen={managedTemplate}
                onChoose={setManagedTemplate}
                holderOf={(id) => lockHolder(people.locks, user.id, people.others, 'object_template', id)}
                onClose={closePanel}
              />
            )}
            {canEdit && panel === 'mapSettings' && (
              <MapSettingsSidebar store={store} map={mapSettings} lockedBy={sectionHolder} onClose={closePanel} />
            )}
            {canEdit && panel === 'publishing' && isPublishingSection(openOption) && (
              <PublishingSidebar
                key={openOption}
                source={publication}
                revision={store.revision}
                mapName={mapSettings.name}
                section={openOption}
                canPublish={canPublish}
                isAdmin={isAdmin}
                lockedBy={sectionHolder}
                onClose={closePanel}
              />
            )}
            {canEdit && panel === 'versions' && (
              <VersionsSidebar source={publication} revision={store.revision} canPublish={canPublish} onClose={closePanel} />
            )}
            {canEdit && panel === 'protocol' && <ProtocolSidebar mapId={store.mapId} revision={store.revision} onClose={closePanel} />}
            {canEdit && panel === 'globalSettings' && (
              <GlobalSettingsSidebar store={store} global={store.globalDesign} lockedBy={sectionHolder} onClose={closePanel} />
            )}
            {canEdit && panel === 'nodeVisibility' && (
              <NodeVisibilitySidebar store={store} node={sidebarNode} levels={levels} lockedBy={nodeHolder} onClose={closePanel} />
            )}
            {canEdit && panel === 'edgeVisibility' && (
              <EdgeVisibilitySidebar store={store} edge={sidebarEdge} lockedBy={edgeHolder} onClose={closePanel} />
            )}
            <div className={styles.canvasFrame} ref={frameRef}>
              <canvas
                ref={canvasRef}
                className={styles.canvas}
                data-testid="editor-canvas"
                aria-label={t('editor.canvasLabel', { name: mapSettings.name })}
              />
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
              {canEdit && <SaveStatus store={store} />}
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
              text={removalText(confirmDelete.nodes, confirmDelete.edges)}
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
          {(pendingLeave !== null || blocker.state === 'blocked' || selectionLeavesForm) && (
            <ConfirmDialog
              title={t('sidebar.content.unsavedTitle')}
              text={t('sidebar.content.unsavedText')}
              confirm={t('sidebar.content.discard')}
              onConfirm={() => {
                setContentDirty(false);
                if (blocker.state === 'blocked') blocker.proceed();
                // Discarded for a new selection: the form follows it, as it does when nothing is unsaved.
                if (pendingLeave) {
                  // The form closes (or another option opens) without its changes.
                  if (pendingLeave.option === null || pendingLeave.option === openOption) chooseOption('contentForm');
                  else chooseOption(pendingLeave.option);
                }
                setPendingLeave(null);
              }}
              onClose={() => {
                if (blocker.state === 'blocked') blocker.reset();
                // Kept editing: the selection goes back to the form's node.
                if (selectionLeavesForm) controller?.select(contentNode === undefined ? [] : [contentNode], []);
                setPendingLeave(null);
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
          {people.revoked && (
            <Dialog
              title={t(`editor.revoked.${people.revoked}.title`)}
              testId="revoked-dialog"
              onClose={() => {
                void navigate('/');
              }}
            >
              <p>{t(`editor.revoked.${people.revoked}.text`)}</p>
              <DialogActions>
                {people.revoked === 'signed_out' ? (
                  <Button
                    onClick={() => {
                      window.location.assign('/login');
                    }}
                  >
                    {t('editor.revoked.signIn')}
                  </Button>
                ) : (
                  <Button
                    onClick={() => {
                      void navigate('/');
                    }}
                  >
                    {t('editor.revoked.back')}
                  </Button>
                )}
              </DialogActions>
            </Dialog>
          )}
        </main>
      </BreakLockContext.Provider>
    </ClientFontFamilies>
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
