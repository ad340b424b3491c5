import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http';
import { refusal, skipReason } from './bibtexImport';

describe('BibTeX import', () => {
  it('words the server’s skip reasons it knows, and leaves others as sent', () => {
    expect(skipReason('a reference with this key exists already')).toBe('keyTaken');
    expect(skipReason('the references are full (2000)')).toBe('full');
    expect(skipReason('something new')).toBeNull();
  });

  it('says why a file was refused: its problem and the parser’s words', () => {
    const err = new ApiError(
      400,
      'validation_failed',
      'the file is not BibTeX',
      { file: 'syntax error at line 1' },
      { file: { code: 'invalid', params: { format: 'bibtex' } } },
    );
    expect(refusal(err)).toEqual({ kind: 'refused', problem: { code: 'invalid' }, detail: 'syntax error at line 1' });
    expect(refusal(new ApiError(413, 'too_large', 'too large'))).toMatchObject({ kind: 'refused', problem: { code: 'too_large' } });
    expect(refusal(new ApiError(0, 'network_error', 'offline'))).toEqual({ kind: 'failed', message: 'offline' });
  });
});
