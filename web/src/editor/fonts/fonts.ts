// Web fonts named by designs (font_family with a font_url), loaded with the FontFace API so that
// the canvas can draw with them. A font that fails to load is only logged: the text keeps its
// fallback family.
import { createContext } from 'react';
import type { ClientFont } from '../../api/types';
import type { MapDocument } from '../../api/document';

export interface FontSource {
  family: string;
  url: string;
  /** A face of a family with several: its weight and style. */
  descriptors?: FontFaceDescriptors;
}

/** The part of the browser's FontFaceSet the loader adds faces to (document.fonts). */
export interface FontTarget {
  add(face: FontFace): void;
}

export type MakeFace = (family: string, source: string, descriptors?: FontFaceDescriptors) => FontFace;

/** The font families the client's fonts offer, for the font fields (provided by the editor). */
export const ClientFontFamilies = createContext<readonly string[]>([]);

/** Every face of the client's fonts (GET /clients/{name}/features?expand=fonts). */
export function clientFontSources(fonts: readonly ClientFont[]): FontSource[] {
  return fonts.flatMap((f) =>
    f.faces.map((face) => ({ family: f.family_name, url: face.url, descriptors: { weight: String(face.weight), style: face.style } })),
  );
}

/** Every (family, address) pair the document's designs name: objects, templates and global design. */
export function fontSources(doc: Pick<MapDocument, 'nodes' | 'edges' | 'object_templates' | 'global_design'>): FontSource[] {
  const out = new Map<string, FontSource>();
  const take = (d: { font_family?: string; font_url?: string }) => {
    const family = d.font_family?.trim();
    const url = d.font_url?.trim();
    if (family && url) out.set(`${family}\n${url}`, { family, url });
  };
  for (const n of doc.nodes) take(n.design);
  for (const e of doc.edges) take(e.design);
  for (const t of doc.object_templates) take(t.design);
  take(doc.global_design.nodes);
  take(doc.global_design.edges);
  return [...out.values()];
}

/**
 * Whether any design of the document names one of the families (objects, templates, global
 * design): laying out every text again after fonts load is only needed then.
 */
export function usesFamilies(
  doc: Pick<MapDocument, 'nodes' | 'edges' | 'object_templates' | 'global_design'>,
  families: ReadonlySet<string>,
): boolean {
  const named = (d: { font_family?: string | null }) => typeof d.font_family === 'string' && families.has(d.font_family.trim());
  return (
    doc.nodes.some((n) => named(n.design)) ||
    doc.edges.some((e) => named(e.design)) ||
    doc.object_templates.some((t) => named(t.design)) ||
    named(doc.global_design.nodes) ||
    named(doc.global_design.edges)
  );
}

/** Loads each font once; tells when one has loaded, so that text can be laid out again. */
export class FontLoader {
  readonly #seen = new Set<string>();
  readonly #target: FontTarget;
  readonly #make: MakeFace;
  readonly #log: (message: string, error: unknown) => void;

  constructor(target: FontTarget, make: MakeFace, log: (message: string, error: unknown) => void) {
    this.#target = target;
    this.#make = make;
    this.#log = log;
  }

  /** Starts loading the fonts not asked for before; resolves with how many loaded now. */
  async load(sources: readonly FontSource[]): Promise<number> {
    const key = (s: FontSource) => `${s.family}\n${s.url}`;
    const fresh = sources.filter((s) => !this.#seen.has(key(s)));
    for (const s of fresh) this.#seen.add(key(s));
    const results = await Promise.all(
      fresh.map(async (s) => {
        try {
          const face = this.#make(s.family, `url(${JSON.stringify(s.url)})`, s.descriptors);
          await face.load();
          this.#target.add(face);
          return true;
        } catch (err) {
          this.#log(`font ${s.family} (${s.url}) could not be loaded`, err);
          return false;
        }
      }),
    );
    return results.filter(Boolean).length;
  }
}
