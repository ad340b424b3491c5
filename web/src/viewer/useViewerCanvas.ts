import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Language } from '../api';
import type { MapDocument } from '../api/document';
import { currentLanguage } from '../i18n';
import type { MediaSource, MediaUrl } from '../map';
import type { NodeLink } from '../map/nodeLink';
import { languageOrder } from './useReaderLanguages';
import { ViewerCanvas } from './viewerCanvas';
import { installViewerTestHook } from './viewerTestHook';

interface ViewerCanvasOptions {
  doc: MapDocument;
  link: NodeLink;
  languages: readonly Language[];
  /** Where the map's media assets are read; absent: none shown. */
  mediaUrl: MediaUrl | undefined;
  /** Whether the reader allowed other sites' media. */
  external: boolean;
  /** The nodes marked visited. */
  visited: ReadonlySet<number>;
  onOpen: (id: number) => void;
  onLevel: (level: number) => void;
}

export interface ViewerCanvasRefs {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  frameRef: RefObject<HTMLDivElement | null>;
  /** The canvas once made (null before, and after the document changed until made again). */
  canvas: ViewerCanvas | null;
}

/**
 * The reader's canvas, made once per document in the frame the refs name, sized to it, opened
 * at the link's node or level; then kept up with the languages, the visited nodes and consent.
 */
export function useViewerCanvas({
  doc,
  link,
  languages,
  mediaUrl,
  external,
  visited,
  onOpen,
  onLevel,
}: ViewerCanvasOptions): ViewerCanvasRefs {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [canvas, setCanvas] = useState<ViewerCanvas | null>(null);
  // Other sites' media wait for the reader's consent to external sources.
  const externalRef = useRef(external);
  const mediaSource = useMemo<MediaSource>(
    () => ({ assetUrl: mediaUrl ?? (() => null), remoteAllowed: () => externalRef.current }),
    [mediaUrl],
  );
  // The canvas's callbacks read the latest ones.
  const openRef = useRef(onOpen);
  const levelRef = useRef(onLevel);
  useEffect(() => {
    openRef.current = onOpen;
    levelRef.current = onLevel;
  }, [onOpen, onLevel]);

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
        onLevel: (level) => {
          levelRef.current(level);
        },
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
    const removeHook = installViewerTestHook(view, el);
    return () => {
      removeHook();
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
    canvas?.setVisited(visited);
  }, [canvas, visited]);

  return { canvasRef, frameRef, canvas };
}
