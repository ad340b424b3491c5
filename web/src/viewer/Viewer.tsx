import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../api';
import type { MapDocument, Node } from '../api/document';
import { currentLanguage } from '../i18n';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { copyLink } from '../layout/copyLink';
import { nodeLinkUrl, readNodeLink } from '../map/nodeLink';
import { useSearchParams } from 'react-router';
import { Button } from '../layout/Button';
import { CanvasAnnouncer } from '../access/CanvasAnnouncer';
import { OutlinePanel } from '../access/OutlinePanel';
import { useCanvasKeyboard } from '../access/useCanvasKeyboard';
import { mediaId, type MediaSource, type MediaUrl } from '../map';
import { gifAnimationOn } from './mediaView';
import { NodeMedia } from './NodeMedia';
import { NodePopup } from './NodePopup';
import { allows } from './sections/consent';
import { searchNodes, titleIn } from './search';
import { ViewerCanvas } from './viewerCanvas';
import { browserStorage, VisitedNodes } from './visited';
import { useContentMarks } from './sections/GlossaryTip';
import type { AnswerQuiz } from './sections/QuizPanel';
import { panelsOf, type PanelName } from './sections/panels';
import { ReaderBar } from './sections/ReaderBar';
import { ReaderPanels } from './sections/ReaderPanels';
import { NO_SECTIONS, textIn, type ReaderSections } from './sections/readerSections';
import { tocTree, type TocItem } from './sections/toc';
import { useReaderSections } from './sections/useReaderSections';
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

/** Read-only figures for browser tests (window.__strataViewer). */
export interface ViewerTestHook {
  level(): number;
  fading(): boolean;
  /** A node's centre in page coordinates, or null when it is not drawn. */
  nodePagePoint(id: number): { x: number; y: number } | null;
  /** The node a click at this page point opens, if any (another may lie on top). */
  nodeAtPagePoint(x: number, y: number): number | null;
  nodeShown(id: number): boolean;
}

declare global {
  interface Window {
    __strataViewer?: ViewerTestHook;
  }
}

/** The reader's languages in order: the chosen one, then the map's others. */
function languageOrder(chosen: Language, mapLanguages: readonly Language[]): Language[] {
  return [chosen, ...mapLanguages.filter((l) => l !== chosen)];
}

const noQuizzes: AnswerQuiz = () => Promise.reject(new Error('this map has no quizzes'));

/** The published, zoomable map: read-only, levels by zoom, popups with each node's content. */
const noMediaUrl: MediaUrl = () => '';

/** The reader asked their system for less motion. */
function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Viewer({
  doc,
  loadNode,
  mapKey,
  sections = NO_SECTIONS,
  answerQuiz = noQuizzes,
  shareAddress,
  mediaUrl = noMediaUrl,
}: ViewerProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [canvas, setCanvas] = useState<ViewerCanvas | null>(null);
  const mapLanguages = useMemo<Language[]>(() => (doc.map.languages.length > 0 ? doc.map.languages : ['en']), [doc.map.languages]);
  // A link to a node (?node=&level=&lang=) is read as the map opens.
  const [searchParams] = useSearchParams();
  const [link] = useState(() => readNodeLink(searchParams, mapLanguages));
  const [language, setLanguage] = useState<Language>(() => {
    if (link.lang) return link.lang;
    const ui = currentLanguage();
    return mapLanguages.includes(ui) ? ui : (mapLanguages[0] ?? 'en');
  });
  const languages = useMemo(() => languageOrder(language, mapLanguages), [language, mapLanguages]);
  const [level, setLevel] = useState(1);
  const [open, setOpen] = useState<{ node: Node } | { loading: number } | { failed: number } | null>(null);
  const [query, setQuery] = useState('');
  const [showOutline, setShowOutline] = useState(false);
  // Where the focus goes back to when a popup opened from the keyboard (canvas, outline) closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const visited = useMemo(() => new VisitedNodes(browserStorage(), mapKey), [mapKey]);
  const [visitedIds, setVisitedIds] = useState<ReadonlySet<number>>(() => visited.all);
  const markVisited = doc.map.behavior.mark_visited_nodes;
  const byId = useMemo(() => new Map(doc.nodes.map((n) => [n.id, n])), [doc.nodes]);
  const levels = Math.max(1, doc.map.visibility_levels);
  const reader = useReaderSections(sections, languages, mapKey);
  // Other sites' media (on the canvas and in popups) wait for the reader's consent to external sources.
  const external = allows(reader.consent, 'external');
  const externalRef = useRef(external);
  const mediaSource = useMemo<MediaSource>(
    () => ({ assetUrl: mediaUrl === noMediaUrl ? () => null : mediaUrl, remoteAllowed: () => externalRef.current }),
    [mediaUrl],
  );
  const animateGifs = gifAnimationOn(doc.global_design, reducedMotion());
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [citedKey, setCitedKey] = useState<string | null>(null);
  // The header button that opened the panel: it takes the focus back when the panel closes.
  const panelOpener = useRef<HTMLElement | null>(null);
  const closePanel = useCallback(() => {
    setPanel(null);
    panelOpener.current?.focus();
    panelOpener.current = null;
  }, []);
  const marks = useContentMarks({
    scope: open && 'node' in open ? open.node.id : null,
    glossary: reader.glossary,
    onCite: (key) => {
      panelOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setCitedKey(key);
      setPanel('references');
    },
    onAllowExternal: reader.allowExternal,
  });

  const openNode = useCallback(
    (id: number) => {
      const summary = byId.get(id);
      if (!summary) return;
      const link = languages.map((l) => summary.content[l]?.node_link_to).find((v) => v !== undefined && v !== '');
      if (markVisited) setVisitedIds(visited.add(id));
      // A node with a link (and so without content) goes there.
      if (link) {
        window.open(link, '_blank', 'noopener,noreferrer');
        return;
      }
      setOpen({ loading: id });
      loadNode(id).then(
        (node) => {
          setOpen((cur) => (cur && 'loading' in cur && cur.loading === id ? { node } : cur));
        },
        () => {
          setOpen((cur) => (cur && 'loading' in cur && cur.loading === id ? { failed: id } : cur));
        },
      );
    },
    [byId, languages, loadNode, markVisited, visited],
  );

  // The canvas, made once per document; its click callback reads the latest openNode.
  const openRef = useRef(openNode);
  useEffect(() => {
    openRef.current = openNode;
  }, [openNode]);
  useEffect(() => {
    const el = canvasRef.current;
    const frame = frameRef.current;
    if (!el || !frame) return;
    const view = new ViewerCanvas(
      el,
      doc,
      languageOrder(link.lang ?? currentLanguage(), doc.map.languages),
      {
        onOpen: (id) => {
          openRef.current(id);
        },
        onLevel: setLevel,
      },
      mediaSource,
    );
    const size = () => {
      const r = frame.getBoundingClientRect();
      view.resize(r.width, r.height);
    };
    size();
    view.fit();
    if (link.node !== null && view.scene.node(link.node)) {
      view.focus(link.node, link.level ?? undefined);
      openRef.current(link.node);
    } else if (link.level !== null) {
      view.showLevel(link.level);
    }
    const observer = new ResizeObserver(size);
    observer.observe(frame);
    setCanvas(view);
    window.__strataViewer = {
      level: () => view.level,
      fading: () => view.renderer.fading,
      nodePagePoint: (id) => {
        const n = view.scene.node(id);
        if (!n) return null;
        const p = view.renderer.camera.worldToScreen(n.box.x, n.box.y);
        const r = el.getBoundingClientRect();
        return { x: r.left + p.x, y: r.top + p.y };
      },
      nodeAtPagePoint: (x, y) => {
        const r = el.getBoundingClientRect();
        const hit = view.renderer.hitTest(x - r.left, y - r.top);
        return hit?.kind === 'node' ? hit.id : null;
      },
      nodeShown: (id) => {
        const n = view.scene.node(id);
        return n !== undefined && view.renderer.nodeShown(n);
      },
    };
    return () => {
      delete window.__strataViewer;
      observer.disconnect();
      view.dispose();
      setCanvas(null);
    };
  }, [doc, link, mediaSource]);

  useEffect(() => {
    if (externalRef.current === external) return;
    externalRef.current = external;
    canvas?.setMediaSource(mediaSource);
  }, [canvas, external, mediaSource]);

  useEffect(() => {
    canvas?.setLanguages(languages);
  }, [canvas, languages]);
  useEffect(() => {
    canvas?.setVisited(markVisited ? visitedIds : new Set());
  }, [canvas, visitedIds, markVisited]);

  useDocumentTitle(doc.map.name);

  const hits = useMemo(() => searchNodes(doc.nodes, query, languages, 8), [doc.nodes, query, languages]);
  const close = useCallback(() => {
    setOpen(null);
    returnFocus.current?.focus();
    returnFocus.current = null;
  }, []);
  // Tab through the nodes on the canvas; Enter opens the focused node as a click does.
  const access = useCanvasKeyboard(canvasRef, canvas?.renderer ?? null, levels, (id) => {
    returnFocus.current = canvasRef.current;
    openNode(id);
    return true;
  });
  const shownNode = open && 'node' in open ? open.node : null;
  const toc = useMemo(
    () =>
      tocTree(sections.toc, languages, (id) => {
        const n = byId.get(id);
        return (n ? titleIn(n, languages) : '') || t('viewer.untitled');
      }),
    [sections.toc, languages, byId, t],
  );
  const chooseEntry = (item: TocItem) => {
    // The node's popup takes the focus; closed, it gives it back to the contents' button.
    returnFocus.current = panelOpener.current;
    panelOpener.current = null;
    setPanel(null);
    canvas?.focus(item.nodeId, item.zoomLevel);
    openNode(item.nodeId);
  };
  const sharedPage = shareAddress ?? `${window.location.origin}${window.location.pathname}`;
  const sharing = sections.socialSharing;
  const shared = {
    url: shownNode ? nodeLinkUrl(sharedPage, { node: shownNode.id, level, lang: language }) : sharedPage,
    title: textIn(sharing?.title, languages) || doc.map.name,
    description: textIn(sharing?.description, languages),
    hashtags: sharing?.hashtags ?? '',
  };
  const panels = panelsOf(sections, { about: textIn(sections.editorsNote?.label, languages) }, t);
  const neighbourTitle = (id: number | null | undefined) => {
    if (id === null || id === undefined) return null;
    const n = byId.get(id);
    return n ? titleIn(n, languages) : null;
  };

  return (
    <main className={styles.viewer} data-testid="viewer">
      <ReaderBar
        header={sections.header}
        mediaUrl={mediaUrl === noMediaUrl ? undefined : mediaUrl}
        languages={languages}
        panels={panels}
        open={panel}
        onOpen={(name, opener) => {
          if (panel === name) {
            closePanel();
            return;
          }
          panelOpener.current = opener;
          setCitedKey(null);
          setPanel(name);
        }}
      />
      <header className={styles.bar}>
        <h1 className={styles.name} title={doc.map.name}>
          {doc.map.name}
        </h1>
        <div className={styles.search}>
          <input
            type="search"
            value={query}
            placeholder={t('viewer.searchPlaceholder')}
            aria-label={t('viewer.search')}
            data-testid="viewer-search"
            onChange={(e) => {
              setQuery(e.target.value);
            }}
          />
          {query.trim() !== '' && (
            <ul className={styles.hits} role="listbox" aria-label={t('viewer.results')}>
              {hits.length === 0 && <li className={styles.noHits}>{t('viewer.noResults')}</li>}
              {hits.map((h) => (
                <li key={h.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setQuery('');
                      canvas?.focus(h.id);
                      openNode(h.id);
                    }}
                  >
                    {h.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <span className={styles.level} data-testid="viewer-level">
          {t('editor.level.option', { level, count: levels })}
        </span>
        <div className={styles.zoom} role="group" aria-label={t('editor.zoom.label')}>
          <Button size="small" variant="secondary" aria-label={t('editor.zoom.out')} onClick={() => canvas?.zoomBy(0.5)}>
            −
          </Button>
          <Button size="small" variant="secondary" aria-label={t('editor.zoom.in')} onClick={() => canvas?.zoomBy(2)}>
            +
          </Button>
          <Button size="small" variant="secondary" onClick={() => canvas?.fit()}>
            {t('editor.zoom.fit')}
          </Button>
        </div>
        <Button
          size="small"
          variant="secondary"
          aria-pressed={showOutline}
          data-testid="outline-toggle"
          onClick={() => {
            setShowOutline((v) => !v);
          }}
        >
          {t('access.outline.button')}
        </Button>
        {mapLanguages.length > 1 && (
          <label className={styles.language}>
            <span>{t('viewer.language')}</span>
            <select
              value={language}
              data-testid="viewer-language"
              onChange={(e) => {
                setLanguage(e.target.value as Language);
              }}
            >
              {mapLanguages.map((l) => (
                <option key={l} value={l}>
                  {t(`language.${l}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
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
              returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              canvas.focus(id);
              access.keyboard?.focusNode(id);
              openNode(id);
            }}
            onClose={() => {
              setShowOutline(false);
              document.querySelector<HTMLElement>('[data-testid="outline-toggle"]')?.focus();
            }}
          />
        )}
        {open && 'loading' in open && (
          <p className={styles.status} role="status">
            {t('viewer.loading')}
          </p>
        )}
        {open && 'failed' in open && (
          <p className={styles.status} role="alert">
            {t('viewer.loadFailed')}
          </p>
        )}
        {shownNode && (
          <NodePopup
            node={shownNode}
            languages={languages}
            renderContent={reader.renderContent}
            renderText={reader.renderText}
            contentEvents={marks.events}
            media={(() => {
              const ref = canvas?.scene.node(shownNode.id)?.media;
              return ref ? (
                <NodeMedia
                  key={mediaId(ref)}
                  media={ref}
                  assetUrl={mediaUrl}
                  external={external}
                  animateGifs={animateGifs}
                  onAllowExternal={reader.allowExternal}
                  label={titleIn(shownNode, languages) || t('viewer.untitled')}
                />
              ) : null;
            })()}
            previousTitle={neighbourTitle(shownNode.previous_id)}
            nextTitle={neighbourTitle(shownNode.next_id)}
            onNavigate={(id) => {
              canvas?.focus(id);
              openNode(id);
            }}
            onClose={close}
            onCopyLink={() => {
              copyLink(
                nodeLinkUrl(`${window.location.origin}${window.location.pathname}`, { node: shownNode.id, level, lang: language }),
                t,
              );
            }}
          />
        )}
        <ReaderPanels
          sections={sections}
          reader={reader}
          languages={languages}
          panel={panel}
          citedKey={citedKey}
          toc={toc}
          onChooseEntry={chooseEntry}
          shared={shared}
          sharedNode={shownNode ? titleIn(shownNode, languages) || t('viewer.untitled') : null}
          answerQuiz={answerQuiz}
          onClose={closePanel}
        />
      </div>
      {marks.tip}
    </main>
  );
}
