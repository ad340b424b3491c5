import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useSearchParams } from 'react-router';
import type { User } from '../api';
import type { LockElemType } from '../api/live';
import { hasRole, type Role } from '../account/roles';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { readNodeLink } from '../map/nodeLink';
import { CanvasAnnouncer } from '../access/CanvasAnnouncer';
import { OutlinePanel } from '../access/OutlinePanel';
import { useCanvasKeyboard } from '../access/useCanvasKeyboard';
import type { CanvasView } from './canvasController';
import { ConfirmDialog, PointerLayer, ShortcutsPanel, SideMenu } from './EditorParts';
import { EditorPanels } from './EditorPanels';
import { useEditorCanvas } from './useEditorCanvas';
import { useEditorToasts } from './useEditorToasts';
import { EditorToolbar } from './toolbar/EditorToolbar';
import { ClientFontFamilies } from './fonts';
import { wantedLocks } from './ownLocks';
import { PublicationSource } from './publication';
import { Presence, lockHolder, othersLocks, othersSectionLocks } from './presence';
import { NodeLinkButton } from './NodeLinkButton';
import { EditorSearch } from './search/EditorSearch';
import { CanvasLanguageSwitch } from './intext/CanvasLanguageSwitch';
import { InTextRefusal, InTextTitleEditor } from './intext/InTextTitleEditor';
import { titleRefusal } from './intext/titleField';
import { useCanvasLanguage } from './intext/useCanvasLanguage';
import { useInTextTitle } from './intext/useInTextTitle';
import { SessionDialogs } from './SessionDialogs';
import { MENU_OPTIONS, panelOf, toggleOption, type MenuOptionId } from './sideMenu';
import { SaveStatus } from './SaveStatus';
import { BreakLockContext } from './panels/kit/breakLock';
import type { LockHolder } from './panels/kit/PanelFrame';
import type { DocumentStore, Edit } from './store';
import { useEditorShortcuts } from './useEditorShortcuts';
import { lastShapeSetting, minimapSetting } from './editorSettings';
import { Minimap } from './minimap/Minimap';
import { MediaChooserProvider } from './media/MediaChooserProvider';
import { useNodeMediaDrop } from './media/useNodeMediaDrop';
import type { ToolKind } from './ToolPicker';
import { useMapFonts } from './useMapFonts';
import { useOwnLocks } from './useOwnLocks';
import { useUnloadGuard } from './useUnloadGuard';
import { SelectionCommands } from './selection/commands';
import { nudgeStep } from './selection/arrange';
import { duplicateIn } from './selection/paste';
import { useClipboard } from './selection/useClipboard';
import { ArrangeButtons, SnapToggle } from './selection/ArrangeButtons';
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

export function Editor({ store, user, role, clientName, canEdit: mayEdit }: EditorProps) {
  const { t } = useTranslation();
  const presence = useMemo(() => new Presence(user.id), [user.id]);
  const [chosenOption, setOpenOption] = useState<MenuOptionId | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<{ nodes: number[]; edges: number[] } | null>(null);
  const [showHelp, setShowHelp] = useState(false);
  const [showSearch, setShowSearch] = useState(false);
  const [showOutline, setShowOutline] = useState(false);

  const people = useSyncExternalStore(presence.subscribe, presence.get);
  // Editing rights withdrawn while the map is open make it read-only at once (the server has
  // made the socket read-only and freed its locks); the canvas and channel are made again so.
  // Rights given while it is open (a per-map access raised) make it editable the same way.
  const canEdit = (mayEdit || people.raised) && !people.readOnly;
  useSyncExternalStore(
    useCallback((cb: () => void) => store.subscribe(cb), [store]),
    () => store.version,
  );
  const mapSettings = store.map;

  // A link to a node (?node=&level=&lang=) is read as the editor opens.
  const [searchParams] = useSearchParams();
  const [link] = useState(() => readNodeLink(searchParams, store.map.languages));
  // The language the canvas shows and edits titles in (the toolbar's switch; lang= keeps it).
  const canvasLanguage = useCanvasLanguage(mapSettings.languages, link.lang);
  const { frameRef, canvasRef, overlayRef, controller, live } = useEditorCanvas(
    store,
    presence,
    clientName,
    canEdit,
    user.id,
    canvasLanguage.initial,
  );
  useEffect(() => {
    controller?.setLanguages(canvasLanguage.languages);
  }, [controller, canvasLanguage.languages]);
  useEffect(() => {
    if (!controller) return;
    if (link.level !== null) controller.setLevel(link.level);
    if (link.node !== null) controller.focusNode(link.node);
  }, [controller, link]);
  useDocumentTitle(mapSettings.name);
  const view = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getView ?? (() => EMPTY_VIEW));
  // Tab through the nodes on the canvas; Enter selects the focused node (Enter again is the
  // selection's own: editing its title in place).
  const access = useCanvasKeyboard(canvasRef, controller?.renderer ?? null, Math.max(1, mapSettings.visibility_levels), (id) => {
    if (!controller) return false;
    const selected = controller.view.selectedNodes;
    if (selected.length === 1 && selected[0] === id) return false;
    controller.select([id], []);
    return true;
  });

  const clientFamilies = useMapFonts(controller, store, clientName);
  const commands = useMemo(() => (controller ? new SelectionCommands(store, controller) : null), [store, controller]);
  const publication = useMemo(() => new PublicationSource(store.mapId), [store]);
  useEditorToasts(store, live, publication, people.others, user.id);
  const canPublish = user.is_superuser || hasRole(role, 'editor');
  // A guest an admin raised to edit this map edits it as a student does (the server's rule).
  const menuRole: Role | null = canEdit && !hasRole(role, 'student') ? 'student' : role;
  const isAdmin = user.is_superuser || hasRole(role, 'admin');
  const breakLock = useCallback(
    (holder: LockHolder) => {
      if (!live || holder.elemType === undefined || holder.elemId === undefined) return;
      // Once it is free, the own locks below take it as for any free element.
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

  // Leaving the connection mode (Esc) closes its menu option too.
  const openOption = chosenOption === 'edgeConnection' && view.tool.kind !== 'connect' ? null : chosenOption;
  const panel = panelOf(openOption);

  // Whether the open panel holds typed work not saved: the content form's text, or a section's
  // draft that cannot be saved as it is. Leaving the panel or the page asks first.
  const [panelUnsaved, setPanelUnsaved] = useState(false);
  // The content form stays on its node while it has unsaved changes; otherwise it follows the selection.
  const contentUnsaved = panel === 'contentForm' && panelUnsaved;
  const selectedNode = editingNode === undefined ? undefined : store.resolveId(editingNode);
  const [contentNode, setContentNode] = useState<number | undefined>(selectedNode);
  if (!contentUnsaved && contentNode !== selectedNode) setContentNode(selectedNode);
  const formNode = panel === 'contentForm' ? contentNode : undefined;

  // The template whose design "manage templates" edits holds that template's lock.
  const [managedTemplate, setManagedTemplate] = useState<number | null>(null);
  const managed = panel === 'manageTemplates' ? managedTemplate : null;

  // Map settings, global settings, publishing and the map's sections are each edited by one editor
  // at a time: the open option holds its section's lock (named by the option), unless another
  // editor has it (then the panel opens read-only, saying who).
  const sectionType = panel === null ? null : (MENU_OPTIONS.find((o) => o.id === openOption)?.lock ?? null);
  const sectionHolder = sectionType ? lockHolder(people.locks, user.id, people.others, sectionType, store.mapId) : null;

  // A title edited on the canvas (double-click, or Enter): refused while another editor holds the
  // node, and taking its content lock as the content form does.
  const inText = useInTextTitle(controller, (id) =>
    titleRefusal({
      canEdit,
      node: store.getNode(id),
      holder: lockHolder(people.locks, user.id, people.others, 'node', id),
      formDirty: contentUnsaved,
    }),
  );

  // The own locks: the content form's node (content extent) or else the selected node, the
  // selected edge, the managed template and the open section; see ownLocks.ts.
  useOwnLocks(
    live,
    wantedLocks({
      active: canEdit && connected,
      userId: user.id,
      locks: people.locks,
      formNode: formNode ?? inText.editing ?? undefined,
      selectedNode: editingNode,
      selectedEdge: editingEdge,
      managedTemplate: managed,
      section: sectionType ? { elemType: sectionType, mapId: store.mapId } : null,
    }),
  );

  // Unsaved content: choosing another option, closing the form or leaving the page asks first.
  const [pendingLeave, setPendingLeave] = useState<{ option: MenuOptionId | null } | null>(null);
  // Another element selected while the form has unsaved text asks too (the form stays meanwhile).
  const selectionLeavesForm = contentUnsaved && selectedNode !== undefined && selectedNode !== contentNode;
  const blocker = useBlocker(panelUnsaved);

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

  // Duplicating (Ctrl/⌘+D) clones the nodes with the edges between them, as one undo step.
  const cloneSelected = useCallback(() => {
    if (!canEdit || !controller) return;
    const made = duplicateIn(store, selectedNodes, store.document.edges);
    if (made.nodes.length > 0) controller.select(made.nodes, made.edges);
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
      // Only the open panel reports unsaved work (the content form's text, a section's draft
      // that cannot be saved as it is).
      if (panelUnsaved && openOption !== null) {
        setPendingLeave({ option: id === openOption ? null : id });
        return;
      }
      chooseOption(id);
    },
    [panelUnsaved, openOption, chooseOption],
  );

  /** A tool chosen in the toolbar or by its key; connecting opens its menu option as the side menu does. */
  const chooseTool = useCallback(
    (kind: ToolKind) => {
      if (!controller || !canEdit) return;
      if (kind === 'select') controller.setTool({ kind: 'select' });
      else if (kind === 'addNode') controller.setTool({ kind: 'addNode', shape: lastShapeSetting.get() });
      else if (controller.view.tool.kind !== 'connect') guardedChoose('edgeConnection');
    },
    [controller, canEdit, guardedChoose],
  );
  const showMinimap = useSyncExternalStore(minimapSetting.subscribe, minimapSetting.get);

  // --- Keyboard --------------------------------------------------------------------------------------
  useEditorShortcuts(controller !== null, {
    undo: () => {
      if (canEdit) store.undo();
    },
    redo: () => {
      if (canEdit) store.redo();
    },
    clone: cloneSelected,
    delete: requestDelete,
    escape: () => {
      controller?.escape();
      setShowHelp(false);
    },
    zoomIn: () => controller?.zoomBy(1.25),
    zoomOut: () => controller?.zoomBy(0.8),
    fit: () => controller?.fit(),
    zoomToSelection: () => controller?.zoomToSelection(),
    zoomActualSize: () => controller?.zoomTo(1),
    toolSelect: () => {
      chooseTool('select');
    },
    toolAddNode: () => {
      chooseTool('addNode');
    },
    toolConnect: () => {
      chooseTool('connect');
    },
    help: () => {
      setShowHelp((v) => !v);
    },
    editTitle: () => {
      const only = selectedNodes.length === 1 && selectedEdges.length === 0 ? selectedNodes[0] : undefined;
      if (only !== undefined) inText.beginFromKeyboard(only);
    },
    selectAll: () => commands?.selectAll(),
    nudge: (press) => {
      const step = nudgeStep(press.key, press.shiftKey);
      if (canEdit && step) commands?.nudge(step.dx, step.dy);
    },
    search: () => {
      // Pressed again while open, the field takes the focus back (the panel focuses it on mount).
      if (showSearch) document.querySelector<HTMLInputElement>('[data-testid="editor-search-field"]')?.focus();
      setShowSearch(true);
    },
  });

  useUnloadGuard(store, panelUnsaved);

  const levels = Math.max(1, mapSettings.visibility_levels);
  useClipboard({
    store,
    controller,
    canEdit,
    languages: canvasLanguage.languages,
    removeCut: (nodes) => {
      if (nodes.length > 0) removeNow(nodes, []);
    },
  });

  // A file dropped from the desktop onto a node becomes its media.
  const mediaDrop = useNodeMediaDrop({ canvasRef, controller, store, clientName, canEdit });

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
  const holderOf = (type: LockElemType, id: number | string) => lockHolder(people.locks, user.id, people.others, type, id);
  const offline = people.connection === 'reconnecting' || people.connection === 'offline';

  return (
    <ClientFontFamilies value={clientFamilies}>
      <MediaChooserProvider clientName={clientName}>
        <BreakLockContext.Provider value={isAdmin && canEdit ? breakLock : null}>
          <main className={styles.editor} data-testid="editor" data-can-edit={canEdit}>
            <EditorToolbar
              mapName={mapSettings.name}
              canEdit={canEdit}
              controller={controller}
              store={store}
              level={view.level}
              levels={levels}
              canClone={selectedNodes.length > 0}
              canDelete={editableNodes.length > 0 || selectedEdges.length > 0}
              onClone={cloneSelected}
              onDelete={requestDelete}
              self={people.self}
              others={people.others}
              showHelp={showHelp}
              onToggleHelp={() => {
                setShowHelp((v) => !v);
              }}
              languageSwitch={
                <CanvasLanguageSwitch
                  language={canvasLanguage.language}
                  languages={canvasLanguage.mapLanguages}
                  onChoose={canvasLanguage.choose}
                />
              }
              showOutline={showOutline}
              onToggleOutline={() => {
                setShowOutline((v) => !v);
              }}
              tool={tool}
              onTool={chooseTool}
              onShape={(shape) => controller?.setTool({ kind: 'addNode', shape })}
            >
              {canEdit && <SnapToggle controller={controller} />}
            </EditorToolbar>

            <div className={styles.body}>
              {canEdit && (
                <SideMenu role={menuRole} canEdit={canEdit} open={openOption} sectionLocks={sectionLocks} onChoose={guardedChoose} />
              )}
              {canEdit && (
                <EditorPanels
                  store={store}
                  controller={controller}
                  panel={panel}
                  openOption={openOption}
                  chooseOption={chooseOption}
                  closePanel={closePanel}
                  tool={tool}
                  level={view.level}
                  levels={levels}
                  editingNode={editingNode}
                  editingEdge={editingEdge}
                  contentNode={contentNode}
                  // With one language there is no switch: the form keeps opening on the interface's.
                  canvasLanguage={canvasLanguage.mapLanguages.length > 1 ? canvasLanguage.language : undefined}
                  setPanelUnsaved={setPanelUnsaved}
                  managedTemplate={managedTemplate}
                  setManagedTemplate={setManagedTemplate}
                  holderOf={holderOf}
                  sectionHolder={sectionHolder}
                  publication={publication}
                  canPublish={canPublish}
                  isAdmin={isAdmin}
                  clientName={clientName}
                />
              )}
              <div className={styles.canvasFrame} ref={frameRef} {...mediaDrop.handlers}>
                <canvas
                  ref={canvasRef}
                  className={styles.canvas}
                  data-testid="editor-canvas"
                  aria-label={t('editor.canvasLabel', { name: mapSettings.name })}
                  tabIndex={0}
                  aria-describedby={access.hintId}
                />
                <CanvasAnnouncer announcement={access.announcement} hintId={access.hintId} hint={t('access.editorHint')} />
                <canvas ref={overlayRef} className={styles.overlay} aria-hidden="true" />
                {controller && <PointerLayer controller={controller} others={people.others} />}
                {controller && inText.editing !== null && (
                  <InTextTitleEditor
                    key={inText.editing}
                    controller={controller}
                    store={store}
                    nodeId={inText.editing}
                    language={canvasLanguage.language}
                    languages={canvasLanguage.languages}
                    lockedBy={holderOf('node', store.resolveId(inText.editing))}
                    onClose={inText.end}
                  />
                )}
                {controller && inText.refused && (
                  <InTextRefusal controller={controller} nodeId={inText.refused.node} refusal={inText.refused.refusal} />
                )}
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
                {mediaDrop.overlay}
                {controller && showMinimap && <Minimap controller={controller} mapSize={mapSettings.measurement} />}
                {canEdit && <ArrangeButtons commands={commands} movable={editableNodes.length} />}
                <NodeLinkButton store={store} selectedNodes={selectedNodes} level={view.level} lang={canvasLanguage.language} />
                {offline && (
                  <p className={styles.offline} role="status" data-testid="offline-banner">
                    {t('editor.offline')}
                  </p>
                )}
                {showSearch && (
                  <EditorSearch
                    nodes={store.document.nodes}
                    languages={canvasLanguage.languages}
                    onJump={(id) => controller?.focusNode(id)}
                    onClose={() => {
                      setShowSearch(false);
                    }}
                  />
                )}
                {showOutline && controller && (
                  <OutlinePanel
                    scene={controller.scene}
                    levels={levels}
                    includeHidden
                    side="end"
                    onActivate={(id) => {
                      controller.focusNode(id);
                      access.keyboard?.focusNode(id);
                    }}
                    onClose={() => {
                      setShowOutline(false);
                      document.querySelector<HTMLElement>('[data-testid="outline-toggle"]')?.focus();
                    }}
                  />
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
                  setPanelUnsaved(false);
                  if (blocker.state === 'blocked') blocker.proceed();
                  // Discarded for a new selection: the form follows it, as it does when nothing is unsaved.
                  if (pendingLeave && openOption !== null) {
                    // The panel closes (or another option opens) without its changes.
                    chooseOption(pendingLeave.option ?? openOption);
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
            <SessionDialogs duplicate={people.duplicate} revoked={people.revoked} />
          </main>
        </BreakLockContext.Provider>
      </MediaChooserProvider>
    </ClientFontFamilies>
  );
}
