// The map's sections in the document store (editor's note, glossary, …): they are not part of
// GET /maps/{id}, so each is read when a panel first shows it, read again for a reload, and kept
// current by the change log from then on. Saving one is an edit like any other (setSection, put
// by the save queue); what the store keeps of a save is the field problems of a refused one.
import type { FieldProblems } from '../../api/http';
import type { SectionName, SectionValues } from '../../api/sections';
import { withoutRevision } from './edits/definition';
import { sectionsOf, SectionStatus, type SectionSnapshot } from './sectionStatus';
import type { Sections } from './state';
import type { Edit, StoreApi } from './types';

/** What the sections need of the store they belong to. */
export interface SectionsHost {
  readonly mapId: number;
  readonly getSection: StoreApi['getSection'];
  /** The server's values of the sections read so far. */
  confirmed(): Sections;
  /** A section read for the first time: it joins the confirmed document (and the view). */
  read<N extends SectionName>(name: N, value: SectionValues[N]): void;
  /** Sections' reading state or problems changed (their values did not). */
  changed(names: SectionName[]): void;
  disposed(): boolean;
  log(message: string, error?: unknown): void;
}

export class StoreSections {
  readonly #host: SectionsHost;
  readonly #status = new SectionStatus();

  constructor(host: SectionsHost) {
    this.#host = host;
  }

  /** A section as shown, its value taken from the view; the same object until it changes. */
  snapshot<N extends SectionName>(name: N, value: SectionValues[N] | undefined): SectionSnapshot<N> {
    return this.#status.snapshot(name, value);
  }

  /** The snapshots of these sections (or all) are made again at the next look. */
  forget(names: Iterable<SectionName> | 'all'): void {
    this.#status.forget(names);
  }

  /** Reads a section unless it is read or being read; after a failure, tries again. */
  load(name: SectionName): void {
    const host = this.#host;
    if (host.disposed() || host.confirmed()[name] !== undefined || this.#status.isLoading(name)) return;
    if (this.#status.loading(name)) host.changed([name]);
    void this.#read(name);
  }

  async #read(name: SectionName): Promise<void> {
    const host = this.#host;
    let value: SectionValues[SectionName];
    try {
      value = withoutRevision(await host.getSection(host.mapId, name));
    } catch (err) {
      this.#status.loaded(name, err);
      if (!host.disposed()) host.changed([name]);
      return;
    }
    this.#status.loaded(name);
    // A change of others may have brought it first: the change log keeps that one current.
    if (host.disposed() || host.confirmed()[name] !== undefined) return;
    host.read(name, value);
  }

  /**
   * The sections read so far, read again for a reload (a restore puts back older ones). One that
   * cannot be read keeps its value (the change log brings later changes of it) and is logged.
   */
  async readAgain(): Promise<Sections> {
    const host = this.#host;
    const out: Sections = { ...host.confirmed() };
    const names = Object.keys(out) as SectionName[];
    await Promise.all(
      names.map(async (name) => {
        try {
          (out as Record<SectionName, unknown>)[name] = withoutRevision(await host.getSection(host.mapId, name));
        } catch (err) {
          host.log(`reading the section ${name} again failed`, err);
        }
      }),
    );
    return out;
  }

  /** Saved edits: the sections they wrote lose their problems (null) or have these. */
  saved(edits: readonly Edit[], problems: FieldProblems | null): void {
    const changed = this.#status.saved(sectionsOf(edits), problems);
    if (changed.length > 0) this.#host.changed(changed);
  }
}
