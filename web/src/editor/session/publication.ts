// The map's publication as the editor shows it: read once when a panel needs it, then kept
// current from the publishing changes every editor hears (map_published, map_reset,
// state_restored) and from the answers of one's own publishing calls. The live status follows
// the document's revision: it reads "changed" as soon as the working copy passes the revision
// at which it last equalled the live version.
import { getPublication, type LiveStatus, type Publication } from '../../api/publishing';
import type { PublishingSync } from '../store';

/** The status of a publication at the working copy's revision (domain.StatusOf). */
export function liveStatus(publication: Pick<Publication, 'live' | 'synced_revision' | 'revision'>, revision: number): LiveStatus {
  if (publication.live === null) return 'not_published';
  // The answer may be newer than the document the editor shows (its sync is on the way).
  const current = Math.max(revision, publication.revision);
  return publication.synced_revision < current ? 'changed' : 'up_to_date';
}

export type PublicationLoad = { state: 'idle' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; publication: Publication };

type Fetch = (mapId: number) => Promise<Publication>;

export class PublicationSource {
  readonly mapId: number;
  readonly #fetch: Fetch;
  #load: PublicationLoad = { state: 'idle' };
  /** Raised with every publishing change: lists of versions read before it are stale. */
  #changes = 0;
  /** Only the latest read may land: an older answer must not overwrite a newer state. */
  #seq = 0;
  readonly #listeners = new Set<() => void>();

  constructor(mapId: number, fetch: Fetch = getPublication) {
    this.mapId = mapId;
    this.#fetch = fetch;
  }

  get = (): PublicationLoad => this.#load;

  /** Counts the publishing changes heard so far (a key for reading the versions list again). */
  getChanges = (): number => this.#changes;

  /** Listens; the first listener (or one after a failure) reads the publication. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#load.state === 'idle' || this.#load.state === 'failed') void this.refresh();
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Reads the publication again; a failure leaves what is shown, or says so when nothing is. */
  async refresh(): Promise<void> {
    const seq = ++this.#seq;
    if (this.#load.state !== 'ready') this.#set({ state: 'loading' });
    try {
      const publication = await this.#fetch(this.mapId);
      if (seq === this.#seq) this.#set({ state: 'ready', publication });
    } catch {
      if (seq === this.#seq && this.#load.state !== 'ready') this.#set({ state: 'failed' });
    }
  }

  /** The answer of one's own publishing call: newer than any read under way. */
  set(publication: Publication): void {
    this.#seq++;
    this.#set({ state: 'ready', publication });
  }

  /**
   * A publishing change: the live state it carries is applied at once; a live version this side
   * does not know yet (its name, date and author) is read.
   */
  heard(sync: PublishingSync): void {
    this.#changes++;
    const now = this.#load;
    const p = sync.publication;
    if (now.state !== 'ready' || !p) {
      if (this.#listeners.size > 0 || now.state === 'ready') void this.refresh();
      else this.#notify();
      return;
    }
    const was = now.publication.live;
    const known = p.live_version_id === null || p.live_version_id === was?.id;
    // A version not known yet stands in with what the change says of it until it is read.
    const live =
      p.live_version_id === null
        ? null
        : known && was
          ? was
          : {
              id: p.live_version_id,
              revision: sync.revision,
              kind: 'published' as const,
              name: p.version?.name ?? '',
              description: '',
              created_by: null,
              created_at: '',
            };
    this.#set({
      state: 'ready',
      publication: {
        ...now.publication,
        live,
        synced_revision: p.synced_revision,
        revision: Math.max(now.publication.revision, sync.revision),
      },
    });
    if (!known) void this.refresh();
  }

  #set(load: PublicationLoad): void {
    this.#load = load;
    this.#notify();
  }

  #notify(): void {
    for (const l of [...this.#listeners]) l();
  }
}
