// What an import of a BibTeX file tells the panel: what was read, what was skipped and why (the
// server's reasons, worded here in the user's language when known), or why the file was refused.
import { problemFromServer, type Problem } from '../../../account/problems';
import { ApiError } from '../../../api/http';
import type { BibtexImport } from '../../../api/sections';

/** The server's skip reasons (internal/editing/bibtex.go) by how they begin. */
const SKIP_REASONS = [
  ['its key must be', 'keyInvalid'],
  ['a reference with this key exists', 'keyTaken'],
  ['it has neither title nor author', 'noTitle'],
  ['its text is longer than', 'tooLong'],
  ['the references are full', 'full'],
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number][1];

/** The key of a known skip reason, or null (then the server's words are shown). */
export function skipReason(reason: string): SkipReason | null {
  return SKIP_REASONS.find(([start]) => reason.startsWith(start))?.[1] ?? null;
}

export type ImportOutcome =
  | { kind: 'done'; answer: BibtexImport }
  /** The file was refused: the problem of its field, with the server's words on what was wrong. */
  | { kind: 'refused'; problem: Problem; detail: string }
  | { kind: 'failed'; message: string };

/** The largest file the server takes (docs/api.md): checked first, to say so without sending it. */
export const MAX_BIBTEX_BYTES = 1 << 20;

export function refusal(err: unknown): ImportOutcome {
  if (err instanceof ApiError && (err.status === 400 || err.status === 413)) {
    const detail = typeof err.details.file === 'string' ? err.details.file : err.message;
    const problem = err.problems.file
      ? problemFromServer(err.problems.file, detail)
      : err.status === 413
        ? { code: 'too_large' as const, params: { max: MAX_BIBTEX_BYTES } }
        : { reason: detail };
    return { kind: 'refused', problem, detail };
  }
  return { kind: 'failed', message: err instanceof Error ? err.message : '' };
}
