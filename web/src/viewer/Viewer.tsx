import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../api';
import type { MapDocument, Node } from '../api/document';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { copyLink } from '../layout/copyLink';
import { nodeLinkUrl } from '../map/nodeLink';
import { CanvasAnnouncer } from '../access/CanvasAnnouncer';
import { OutlinePanel } from '../access/OutlinePanel';
import { useCanvasKeyboard } from '../access/useCanvasKeyboard';
import type { MediaUrl } from '../map';
import { gifAnimationOn } from './mediaView';
import { OpenNodeView } from './OpenNodeView';
import { allows } from './sections/consent';
import { titleIn } from './search';
import { useContentMarks } from './sections/GlossaryTip';
import type { AnswerQuiz } from './sections/QuizPanel';
import { panelsOf } from './sections/panels';
import { ReaderBar } from './sections/ReaderBar';
import { ReaderPanels } from './sections/ReaderPanels';
import { NO_SECTIONS, textIn, type ReaderSections } from './sections/readerSections';
import { tocTree, type TocItem } from './sections/toc';
import { useReaderSections } from './sections/useReaderSections';
import { useOpenNode } from './useOpenNode';
import { useReaderLanguages } from './useReaderLanguages';
import { useReaderPanels } from './useReaderPanels';
import { useViewerCanvas } from './useViewerCanvas';
import { ViewerBar } from './ViewerBar';
import styles from './Viewer.module.css';

interface ViewerProps {
  doc: MapDocument;
  /** Reads a node whole: the document carries only a summary of each node's content. */
  loadNode: (id: number) => Promise<Node>;
  /** Names the map in the reader's browser storage (visited nodes). */
  mapKey: string;
  /** The map's sections as readers see them. */
  sections?: ReaderSections;
  /** Checks a reader's answers to a quiz: the server for the public map, the working copy in the preview. */
  answerQuiz?: AnswerQuiz;
  /** The map's public address that share links name; the page's own when absent. */
  shareAddress?: string;
  /** Where the map's media assets are read (the published map's address, or the editor's); absent: none shown. */
  mediaUrl?: MediaUrl;
}

const noQuizzes: AnswerQuiz = () => Promise.reject(new Error('this map has no quizzes'));

const noMediaUrl: MediaUrl = () => '';

/** The reader asked their system for less motion. */
function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A node's title in the reader's languages, or the text for a node without one. */
function titleOr(node: Node | undefined, languages: readonly Language[], untitled: string): string {
  return (node ? titleIn(node, languages) : '') || untitled;
}

/** The published, zoomable map: read-only, levels by zoom, popups with each node's content. */
export function Viewer({ doc, loadNode, mapKey, sections = NO_SECTIONS, answerQuiz = noQuizzes, shareAddress, mediaUrl }: ViewerProps) {
  const { t, i18n } = useTranslation();
  const { link, mapLanguages, language, setLanguage, languages } = useReaderLanguages(doc);
  const [level, setLevel] = useState(1);
  const [showOutline, setShowOutline] = useState(false);
  const byId = useMemo(() => new Map(doc.nodes.map((n) => [n.id, n])), [doc.nodes]);
  const levels = Math.max(1, doc.map.visibility_levels);
  const reader = useReaderSections(sections, languages, mapKey);
  // Other sites' media (on the canvas and in popups) wait for the reader's consent to external sources.
  const external = allows(reader.consent, 'external');
  const { open, shownNode, openNode, close, visited } = useOpenNode(doc, byId, languages, loadNode, mapKey);
  const { canvasRef, frameRef, canvas } = useViewerCanvas({
    doc,
    link,
    languages,
    mediaUrl,
    external,
    visited,
    onOpen: openNode,
    onLevel: setLevel,
  });
  const panels = useReaderPanels();
  const marks = useContentMarks({
    scope: shownNode?.id ?? null,
    glossary: reader.glossary,
    onCite: panels.cite,
    onAllowExternal: reader.allowExternal,
  });
  useDocumentTitle(doc.map.name);

  // Tab through the nodes on the canvas; Enter opens the focused node as a click does.
  const access = useCanvasKeyboard(canvasRef, canvas?.renderer ?? null, levels, (id) => {
    openNode(id, canvasRef.current);
    return true;
  });
  const toc = useMemo(
    () => tocTree(sections.toc, languages, (id) => titleOr(byId.get(id), languages, t('viewer.untitled'))),
    [sections.toc, languages, byId, t],
  );
  const chooseEntry = (item: TocItem) => {
    // The node's popup takes the focus; closed, it gives it back to the contents' button.
    const opener = panels.leave();
    canvas?.focus(item.nodeId, item.zoomLevel);
    openNode(item.nodeId, opener);
  };
  const nodeLink = (page: string, node: Node) => nodeLinkUrl(page, { node: node.id, level, lang: language });
  const sharedPage = shareAddress ?? `${window.location.origin}${window.location.pathname}`;
  const sharing = sections.socialSharing;
  const shared = {
    url: shownNode ? nodeLink(sharedPage, shownNode) : sharedPage,
    title: textIn(sharing?.title, languages) || doc.map.name,
    description: textIn(sharing?.description, languages),
    hashtags: sharing?.hashtags ?? '',
  };

  return (
    <main className={styles.viewer} data-testid="viewer">
      <ReaderBar
        header={sections.header}
        mediaUrl={mediaUrl}
        languages={languages}
        panels={panelsOf(sections, i18n.resolvedLanguage, t)}
        open={panels.panel}
        onOpen={panels.toggle}
      />
      <ViewerBar
        name={doc.map.name}
        nodes={doc.nodes}
        languages={languages}
        onFind={(id) => {
          canvas?.focus(id);
          openNode(id);
        }}
        level={level}
        levels={levels}
        onZoom={(factor) => canvas?.zoomBy(factor)}
        onFit={() => canvas?.fit()}
        showOutline={showOutline}
        onToggleOutline={() => {
          setShowOutline((v) => !v);
        }}
        mapLanguages={mapLanguages}
        language={language}
        onLanguage={setLanguage}
      />
      <div className={styles.frame} ref={frameRef}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          data-testid="viewer-canvas"
          aria-label={t('viewer.canvasLabel', { name: doc.map.name })}
          tabIndex={0}
          aria-describedby={access.hintId}
        />
        <CanvasAnnouncer announcement={access.announcement} hintId={access.hintId} hint={t('access.viewerHint')} />
        {showOutline && canvas && (
          <OutlinePanel
            scene={canvas.scene}
            levels={levels}
            includeHidden={false}
            side="start"
            onActivate={(id) => {
              // The popup takes the focus; closed, it gives it back to the outline.
              const outline = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              canvas.focus(id);
              access.keyboard?.focusNode(id);
              openNode(id, outline);
            }}
            onClose={() => {
              setShowOutline(false);
              document.querySelector<HTMLElement>('[data-testid="outline-toggle"]')?.focus();
            }}
          />
        )}
        <OpenNodeView
          open={open}
          languages={languages}
          byId={byId}
          reader={reader}
          contentEvents={marks.events}
          media={shownNode ? canvas?.scene.node(shownNode.id)?.media : null}
          mediaUrl={mediaUrl ?? noMediaUrl}
          external={external}
          animateGifs={gifAnimationOn(doc.global_design, reducedMotion())}
          onNavigate={(id) => {
            canvas?.focus(id);
            openNode(id);
          }}
          onClose={close}
          onCopyLink={(node) => {
            copyLink(nodeLink(`${window.location.origin}${window.location.pathname}`, node), t);
          }}
        />
        <ReaderPanels
          sections={sections}
          reader={reader}
          languages={languages}
          panel={panels.panel}
          citedKey={panels.citedKey}
          toc={toc}
          onChooseEntry={chooseEntry}
          shared={shared}
          sharedNode={shownNode ? titleOr(shownNode, languages, t('viewer.untitled')) : null}
          answerQuiz={answerQuiz}
          onClose={panels.close}
        />
      </div>
      {marks.tip}
    </main>
  );
}
