import { useEffect, useMemo, useState } from 'react';
import { getClientFeatures, type ClientFont } from '../../api';
import type { CanvasController } from '../canvas/canvasController';
import { FontLoader, clientFontSources, fontSources, usesFamilies } from './fonts';
import type { DocumentStore } from '../store';

/**
 * Web fonts the designs name and the client's own fonts: loaded once, then the canvas lays its
 * text out again. Answers the client's font families, offered in the font fields.
 */
export function useMapFonts(controller: CanvasController | null, store: DocumentStore, clientName: string): string[] {
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
  return useMemo(() => clientFonts.map((f) => f.family_name), [clientFonts]);
}
