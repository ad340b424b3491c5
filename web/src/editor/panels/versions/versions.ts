// The versions panel's rules: which publishing actions the live status offers, and what a
// refused call tells the user (as keys under sidebar.versions and sidebar.publishing).
import { ApiError } from '../../../api/http';
import type { LiveStatus } from '../../../api/publishing';

export interface StatusActions {
  /** Nothing is live yet: publish the working copy. */
  publish: boolean;
  /** The working copy moved on: publish it ("sync with live"), or go back to the live version. */
  sync: boolean;
  reset: boolean;
  takeDown: boolean;
}

export function statusActions(status: LiveStatus): StatusActions {
  return {
    publish: status === 'not_published',
    sync: status === 'changed',
    reset: status === 'changed',
    takeDown: status !== 'not_published',
  };
}

export type ProblemKey =
  | 'sidebar.publishing.askAdmin'
  | 'sidebar.versions.noLive'
  | 'sidebar.versions.invalid'
  | 'sidebar.versions.gone'
  | 'sidebar.versions.failed';

/** The message for a refused publishing call. */
export function problemKey(err: unknown): ProblemKey {
  if (!(err instanceof ApiError)) return 'sidebar.versions.failed';
  if (err.status === 403) return 'sidebar.publishing.askAdmin';
  if (err.status === 409) return 'sidebar.versions.noLive';
  if (err.status === 404) return 'sidebar.versions.gone';
  if (err.code === 'validation_failed') return 'sidebar.versions.invalid';
  return 'sidebar.versions.failed';
}
