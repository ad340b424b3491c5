// What the store knows of each map section besides its value: whether it is being read, why
// reading it failed, the field problems of its last refused save, and the snapshot a panel shows
// (made once per change, for useSyncExternalStore).
import { ApiError, type FieldProblems } from '../../api/http';
import type { SectionName, SectionValues } from '../../api/sections';
import type { Edit } from './types';

/** One section as the editor shows it: its value once read, why reading failed, the last save's problems. */
export interface SectionSnapshot<N extends SectionName> {
  value: SectionValues[N] | null;
  error: ApiError | null;
  problems: FieldProblems;
}

const NO_PROBLEMS: FieldProblems = Object.freeze({});

/** The sections the edits change. */
export function sectionsOf(edits: readonly Edit[]): SectionName[] {
  const names = new Set<SectionName>();
  for (const e of edits) if (e.type === 'setSection') names.add(e.name);
  return [...names];
}

export class SectionStatus {
  readonly #loading = new Set<SectionName>();
  readonly #errors = new Map<SectionName, ApiError>();
  readonly #problems = new Map<SectionName, FieldProblems>();
  readonly #snapshots = new Map<SectionName, SectionSnapshot<SectionName>>();

  snapshot<N extends SectionName>(name: N, value: SectionValues[N] | undefined): SectionSnapshot<N> {
    let snap = this.#snapshots.get(name) as SectionSnapshot<N> | undefined;
    if (!snap) {
      snap = { value: value ?? null, error: this.#errors.get(name) ?? null, problems: this.#problems.get(name) ?? NO_PROBLEMS };
      this.#snapshots.set(name, snap);
    }
    return snap;
  }

  /** The sections' snapshots are made again (their value, error or problems changed). */
  forget(names: Iterable<SectionName> | 'all'): void {
    if (names === 'all') this.#snapshots.clear();
    else for (const name of names) this.#snapshots.delete(name);
  }

  isLoading(name: SectionName): boolean {
    return this.#loading.has(name);
  }

  /** Reading starts: answers whether a failure was cleared (the panel shows loading again). */
  loading(name: SectionName): boolean {
    this.#loading.add(name);
    return this.#errors.delete(name);
  }

  loaded(name: SectionName, err?: unknown): void {
    this.#loading.delete(name);
    if (err !== undefined)
      this.#errors.set(
        name,
        err instanceof ApiError ? err : new ApiError(0, 'network_error', err instanceof Error ? err.message : 'reading failed'),
      );
  }

  /** A save of these sections was refused (with its problems) or worked (none): answers the changed ones. */
  saved(names: SectionName[], problems: FieldProblems | null): SectionName[] {
    if (problems) {
      for (const name of names) this.#problems.set(name, problems);
      return names;
    }
    return names.filter((name) => this.#problems.delete(name));
  }
}
