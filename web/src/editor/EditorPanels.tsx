import type { LockElemType } from '../api/live';
import type { Language } from '../api/types';
import type { CanvasController } from './canvas/canvasController';
import type { Tool } from './canvas/canvasView';
import { AddNodePanel, LayersPanel } from './shell/EditorParts';
import { MediaLibrary } from './media/MediaLibrary';
import { type PublicationSource } from './session/publication';
import type { MenuOptionId, PanelId } from './sideMenu';
import { ContentFormSidebar } from './sidebars/ContentFormSidebar';
import { EdgeDesignSidebar, NodeDesignSidebar } from './sidebars/DesignSidebar';
import { GlobalSettingsSidebar } from './sidebars/GlobalSettingsSidebar';
import { EditorsNotePanel } from './sections/EditorsNotePanel';
import { GlossaryPanel } from './sections/GlossaryPanel';
import { HeaderPanel } from './sections/HeaderPanel';
import { ReferencesPanel } from './sections/ReferencesPanel';
import { MapSettingsSidebar } from './sidebars/MapSettingsSidebar';
import { ProtocolSidebar } from './sidebars/ProtocolSidebar';
import { PublishingSidebar, type PublishingSection } from './sidebars/PublishingSidebar';
import { QuizSidebar } from './sidebars/QuizSidebar';
import { CookieConsentSidebar, SocialSharingSidebar, TocSidebar } from './sidebars/SectionSidebars';
import type { LockHolder } from './sidebars/SidebarParts';
import { ManageTemplatesSidebar, TemplatesSidebar } from './sidebars/TemplatesSidebar';
import { VersionsSidebar } from './sidebars/VersionsSidebar';
import { EdgeVisibilitySidebar, NodeVisibilitySidebar } from './sidebars/VisibilitySidebar';
import type { DocumentStore } from './store';

function isPublishingSection(id: MenuOptionId | null): id is PublishingSection {
  return id === 'mapUrl' || id === 'mapAccess' || id === 'seo' || id === 'embedCode';
}

interface EditorPanelsProps {
  store: DocumentStore;
  controller: CanvasController | null;
  panel: PanelId | null;
  openOption: MenuOptionId | null;
  chooseOption: (id: MenuOptionId) => void;
  closePanel: () => void;
  tool: Tool;
  level: number;
  levels: number;
  /** The node and edge the selection ends with. */
  editingNode: number | undefined;
  editingEdge: number | undefined;
  /** The node the content form shows (it stays while its text is unsaved). */
  contentNode: number | undefined;
  /** The language the canvas shows (the content form opens on it). */
  canvasLanguage?: Language;
  setPanelUnsaved: (dirty: boolean) => void;
  managedTemplate: number | null;
  setManagedTemplate: (id: number | null) => void;
  /** Another editor holding an element's lock, or null. */
  holderOf: (type: LockElemType, id: number | string) => LockHolder | null;
  sectionHolder: LockHolder | null;
  publication: PublicationSource;
  canPublish: boolean;
  isAdmin: boolean;
  /** The client whose media library the map uses. */
  clientName: string;
}

/** The open side panel, for the selected element or the map; the side menu chooses it. */
export function EditorPanels({
  store,
  controller,
  panel,
  openOption,
  chooseOption,
  closePanel,
  tool,
  level,
  levels,
  editingNode,
  editingEdge,
  contentNode,
  canvasLanguage,
  setPanelUnsaved,
  managedTemplate,
  setManagedTemplate,
  holderOf,
  sectionHolder,
  publication,
  canPublish,
  isAdmin,
  clientName,
}: EditorPanelsProps) {
  const sidebarNode = editingNode === undefined ? undefined : store.getNode(editingNode);
  const sidebarEdge = editingEdge === undefined ? undefined : store.getEdge(editingEdge);
  const nodeHolder = sidebarNode ? holderOf('node', sidebarNode.id) : null;
  const edgeHolder = sidebarEdge ? holderOf('edge', sidebarEdge.id) : null;
  return (
    <>
      {panel === 'addNode' && (
        <AddNodePanel
          active={tool.kind === 'addNode' ? tool.shape : null}
          level={level}
          levels={levels}
          onShape={(shape) => controller?.setTool({ kind: 'addNode', shape })}
          onClose={() => {
            chooseOption('addNode');
          }}
        />
      )}
      {panel === 'layers' && (
        <LayersPanel
          store={store}
          layers={store.layers}
          edges={store.document.edges}
          levels={levels}
          current={level}
          onCurrent={(l) => controller?.setLevel(l)}
          onClose={() => {
            chooseOption('layers');
          }}
        />
      )}
      {panel === 'nodeDesign' && (
        <NodeDesignSidebar
          store={store}
          element={sidebarNode}
          templates={store.document.object_templates}
          global={store.globalDesign}
          lockedBy={nodeHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'edgeDesign' && (
        <EdgeDesignSidebar
          store={store}
          element={sidebarEdge}
          templates={store.document.object_templates}
          global={store.globalDesign}
          lockedBy={edgeHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'contentForm' && (
        <ContentFormSidebar
          store={store}
          nodeId={contentNode}
          lockedBy={contentNode === undefined ? null : holderOf('node', contentNode)}
          onClose={closePanel}
          onDirty={setPanelUnsaved}
          language={canvasLanguage}
        />
      )}
      {(panel === 'shapeTemplates' || panel === 'edgeTemplates') && (
        <TemplatesSidebar
          kind={panel === 'shapeTemplates' ? 'node' : 'edge'}
          store={store}
          element={panel === 'shapeTemplates' ? sidebarNode : sidebarEdge}
          lockedBy={panel === 'shapeTemplates' ? nodeHolder : edgeHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'manageTemplates' && (
        <ManageTemplatesSidebar
          store={store}
          global={store.globalDesign}
          chosen={managedTemplate}
          onChoose={setManagedTemplate}
          holderOf={(id) => holderOf('object_template', id)}
          onClose={closePanel}
        />
      )}
      {panel === 'mapSettings' && <MapSettingsSidebar store={store} map={store.map} lockedBy={sectionHolder} onClose={closePanel} />}
      {panel === 'editorsNote' && (
        <EditorsNotePanel
          store={store}
          onUnsaved={setPanelUnsaved}
          languages={store.map.languages}
          canvasLanguage={canvasLanguage}
          lockedBy={sectionHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'glossary' && (
        <GlossaryPanel
          store={store}
          onUnsaved={setPanelUnsaved}
          languages={store.map.languages}
          canvasLanguage={canvasLanguage}
          lockedBy={sectionHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'references' && (
        <ReferencesPanel
          store={store}
          onUnsaved={setPanelUnsaved}
          languages={store.map.languages}
          canvasLanguage={canvasLanguage}
          lockedBy={sectionHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'headerBar' && (
        <HeaderPanel
          store={store}
          onUnsaved={setPanelUnsaved}
          languages={store.map.languages}
          canvasLanguage={canvasLanguage}
          lockedBy={sectionHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'publishing' && isPublishingSection(openOption) && (
        <PublishingSidebar
          key={openOption}
          source={publication}
          revision={store.revision}
          mapName={store.map.name}
          section={openOption}
          canPublish={canPublish}
          isAdmin={isAdmin}
          lockedBy={sectionHolder}
          onClose={closePanel}
        />
      )}
      {panel === 'versions' && (
        <VersionsSidebar source={publication} revision={store.revision} canPublish={canPublish} onClose={closePanel} />
      )}
      {panel === 'protocol' && <ProtocolSidebar mapId={store.mapId} revision={store.revision} onClose={closePanel} />}
      {panel === 'globalSettings' && (
        <GlobalSettingsSidebar store={store} global={store.globalDesign} lockedBy={sectionHolder} onClose={closePanel} />
      )}
      {panel === 'nodeVisibility' && (
        <NodeVisibilitySidebar store={store} node={sidebarNode} levels={levels} lockedBy={nodeHolder} onClose={closePanel} />
      )}
      {panel === 'edgeVisibility' && <EdgeVisibilitySidebar store={store} edge={sidebarEdge} lockedBy={edgeHolder} onClose={closePanel} />}
      {panel === 'tableOfContents' && (
        <TocSidebar store={store} lockedBy={sectionHolder} onClose={closePanel} onUnsaved={setPanelUnsaved} />
      )}
      {panel === 'socialSharing' && (
        <SocialSharingSidebar store={store} lockedBy={sectionHolder} onClose={closePanel} onUnsaved={setPanelUnsaved} />
      )}
      {panel === 'cookieConsent' && (
        <CookieConsentSidebar store={store} lockedBy={sectionHolder} onClose={closePanel} onUnsaved={setPanelUnsaved} />
      )}
      {(panel === 'mediaLibrary' || panel === 'mediaTemplates') && (
        <MediaLibrary
          key={panel}
          clientName={clientName}
          startView={panel === 'mediaTemplates' ? 'templates' : 'grid'}
          lockedBy={panel === 'mediaLibrary' ? sectionHolder : null}
          onClose={closePanel}
        />
      )}
      {(panel === 'quiz' || panel === 'quizForm') && (
        // One element for both options: the quiz being edited stays when the list and form switch.
        <QuizSidebar
          mapId={store.mapId}
          revision={store.revision}
          languages={store.map.languages}
          view={panel === 'quizForm' ? 'form' : 'list'}
          onView={(view) => {
            if ((view === 'form') !== (panel === 'quizForm')) chooseOption(view === 'form' ? 'quizForm' : 'quiz');
          }}
          lockedBy={sectionHolder}
          onClose={closePanel}
        />
      )}
    </>
  );
}
