import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../api';
import { hasRole, type Role } from '../account/roles';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { CANVAS_ID, CanvasFrame } from './canvas/CanvasFrame';
import { useEditorView } from './canvas/useEditorView';
import { useEditorCommands } from './commands/useEditorCommands';
import { EditorPanels } from './panels/EditorPanels';
import { ClientFontFamilies } from './fonts/fonts';
import { useMapFonts } from './fonts/useMapFonts';
import { CanvasLanguageSwitch } from './intext/CanvasLanguageSwitch';
import { titleRefusal } from './intext/titleField';
import { useInTextTitle } from './intext/useInTextTitle';
import { MediaChooserProvider } from './media/MediaChooserProvider';
import { useNodeMediaDrop } from './media/useNodeMediaDrop';
import { SnapToggle } from './selection/ArrangeButtons';
import { useClipboard } from './selection/useClipboard';
import { useSelectionActions } from './selection/useSelectionActions';
import { lockHolder } from './session/presence';
import { PublicationSource } from './session/publication';
import { useEditorSession } from './session/useEditorSession';
import { useSessionLocks } from './session/useSessionLocks';
import { useUnloadGuard } from './session/useUnloadGuard';
import { EditorDialogs } from './shell/EditorDialogs';
import { SkipLink } from './shell/SkipLink';
import { SideMenu } from './shell/SideMenu';
import { useEditorToasts } from './shell/useEditorToasts';
import { usePanelChoice } from './shell/usePanelChoice';
import { useStoreVersion } from './shell/useStoreVersion';
import { BreakLockContext } from './panels/kit/breakLock';
import type { DocumentStore } from './store';
import { EditorToolbar } from './toolbar/EditorToolbar';
import styles from './Editor.module.css';

interface EditorProps {
  store: DocumentStore;
  user: User;
  role: Role | null;
  clientName: string;
  canEdit: boolean;
}

/** The editor of one map: composes the session, canvas, panels and commands, and lays them out. */
export function Editor({ store, user, role, clientName, canEdit: mayEdit }: EditorProps) {
  const { t } = useTranslation();
  const { presence, people, canEdit, offline } = useEditorSession(user, mayEdit);
  useStoreVersion(store);
  useDocumentTitle(store.map.name);
  const canvas = useEditorView(store, presence, clientName, canEdit, user.id);
  const { controller, live, view, canvasLanguage, levels } = canvas;
  const clientFamilies = useMapFonts(controller, store, clientName);
  const publication = useMemo(() => new PublicationSource(store.mapId), [store]);
  useEditorToasts(store, live, publication, people.others, user.id);
  const canPublish = user.is_superuser || hasRole(role, 'editor');
  // A guest an admin raised to edit this map edits it as a student does (the server's rule).
  const menuRole: Role | null = canEdit && !hasRole(role, 'student') ? 'student' : role;
  const isAdmin = user.is_superuser || hasRole(role, 'admin');

  const choice = usePanelChoice(store, controller, view, people, user.id);
  // A title edited on the canvas (double-click, or Enter): refused while another editor holds the
  // node, and taking its content lock as the content form does.
  const inText = useInTextTitle(controller, (id) =>
    titleRefusal({
      canEdit,
      node: store.getNode(id),
      holder: lockHolder(people.locks, user.id, people.others, 'node', id),
      formDirty: choice.contentUnsaved,
    }),
  );
  const locks = useSessionLocks(live, controller, people, user.id, canEdit, {
    formNode: choice.formNode ?? inText.editing ?? undefined,
    selectedNode: choice.editingNode,
    selectedEdge: choice.editingEdge,
    managedTemplate: choice.managed,
    section: choice.sectionType ? { elemType: choice.sectionType, mapId: store.mapId } : null,
  });
  const actions = useSelectionActions(store, controller, view, canEdit, locks.edgeLocks, user.preferences.removalConfirmation);
  const commands = useEditorCommands({
    ...actions,
    store,
    controller,
    view,
    canEdit,
    editTitle: inText.beginFromKeyboard,
    openConnection: () => {
      choice.guardedChoose('edgeConnection');
    },
  });
  useUnloadGuard(store, choice.panelUnsaved);
  useClipboard({
    store,
    controller,
    canEdit,
    languages: canvasLanguage.languages,
    removeCut: (nodes) => {
      if (nodes.length > 0) actions.removeNow(nodes, []);
    },
  });
  // A file dropped from the desktop onto a node becomes its media.
  const drop = useNodeMediaDrop({ canvasRef: canvas.canvasRef, controller, store, clientName, canEdit });

  return (
    <ClientFontFamilies value={clientFamilies}>
      <MediaChooserProvider clientName={clientName}>
        <BreakLockContext.Provider value={isAdmin && canEdit ? locks.breakLock : null}>
          <main className={styles.editor} data-testid="editor" data-can-edit={canEdit}>
            <SkipLink target={CANVAS_ID} label={t('editor.skipToCanvas')} />
            <EditorToolbar
              mapName={store.map.name}
              commands={commands}
              levels={levels}
              self={people.self}
              others={people.others}
              languageSwitch={
                <CanvasLanguageSwitch
                  language={canvasLanguage.language}
                  languages={canvasLanguage.mapLanguages}
                  onChoose={canvasLanguage.choose}
                />
              }
              onShape={(shape) => controller?.setTool({ kind: 'addNode', shape })}
            >
              {canEdit && <SnapToggle controller={controller} />}
            </EditorToolbar>
            <div className={styles.body}>
              {canEdit && (
                <SideMenu
                  role={menuRole}
                  canEdit={canEdit}
                  open={choice.openOption}
                  sectionLocks={locks.sectionLocks}
                  onChoose={choice.guardedChoose}
                />
              )}
              {canEdit && (
                <EditorPanels
                  store={store}
                  controller={controller}
                  panel={choice.panel}
                  openOption={choice.openOption}
                  chooseOption={choice.chooseOption}
                  closePanel={choice.closePanel}
                  tool={view.tool}
                  level={view.level}
                  levels={levels}
                  editingNode={choice.editingNode}
                  editingEdge={choice.editingEdge}
                  contentNode={choice.contentNode}
                  // With one language there is no switch: the form keeps opening on the interface's.
                  canvasLanguage={canvasLanguage.mapLanguages.length > 1 ? canvasLanguage.language : undefined}
                  setPanelUnsaved={choice.setPanelUnsaved}
                  managedTemplate={choice.managedTemplate}
                  setManagedTemplate={choice.setManagedTemplate}
                  holderOf={locks.holderOf}
                  sectionHolder={choice.sectionHolder}
                  publication={publication}
                  canPublish={canPublish}
                  isAdmin={isAdmin}
                  clientName={clientName}
                />
              )}
              <CanvasFrame
                canvas={canvas}
                commands={commands}
                others={people.others}
                offline={offline}
                inText={inText}
                titleHolder={(id) => locks.holderOf('node', id)}
                movable={actions.editableNodes.length}
                drop={drop}
              />
            </div>
            <EditorDialogs
              store={store}
              removal={actions.pendingRemoval}
              onRemove={actions.confirmRemoval}
              onKeep={actions.cancelRemoval}
              choice={choice}
              people={people}
            />
          </main>
        </BreakLockContext.Provider>
      </MediaChooserProvider>
    </ClientFontFamilies>
  );
}
