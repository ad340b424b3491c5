import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http';
import { problemKey, statusActions } from './versions';

describe('statusActions', () => {
  it('offers publishing before anything is live, and syncing or resetting once the map changed', () => {
    expect(statusActions('not_published')).toEqual({ publish: true, sync: false, reset: false, takeDown: false });
    expect(statusActions('changed')).toEqual({ publish: false, sync: true, reset: true, takeDown: true });
    expect(statusActions('up_to_date')).toEqual({ publish: false, sync: false, reset: false, takeDown: true });
  });
});

describe('problemKey', () => {
  it('tells students to ask an admin, and names a missing live version', () => {
    expect(problemKey(new ApiError(403, 'forbidden', 'no'))).toBe('sidebar.publishing.askAdmin');
    expect(problemKey(new ApiError(409, 'conflict', 'no live version'))).toBe('sidebar.versions.noLive');
    expect(problemKey(new ApiError(404, 'not_found', 'no such version'))).toBe('sidebar.versions.gone');
    expect(problemKey(new ApiError(400, 'validation_failed', 'bad', { name: 'too long' }))).toBe('sidebar.versions.invalid');
    expect(problemKey(new ApiError(0, 'network_error', 'offline'))).toBe('sidebar.versions.failed');
    expect(problemKey(new Error('x'))).toBe('sidebar.versions.failed');
  });
});
