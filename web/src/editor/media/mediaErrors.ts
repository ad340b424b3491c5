// The texts of the media calls' refusals: each code a person can cause has its own (media.errors),
// file_too_large names the type and its limit.
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { formatBytes } from './mediaFormat';
import type { UploadError } from './uploadQueue';

const KNOWN = [
  'file_too_large',
  'unsupported_media_type',
  'invalid_image',
  'image_too_large',
  'unsafe_svg',
  'quota_exceeded',
  'file_missing',
  'network_error',
  'forbidden',
  'not_found',
  'validation_failed',
  'element_locked',
] as const;
type KnownCode = (typeof KNOWN)[number];
const isKnown = (code: string): code is KnownCode => (KNOWN as readonly string[]).includes(code);

/** The text of an upload's or a media call's failure. */
export function mediaErrorText(t: TFunction, error: unknown, language: string): string {
  const e: UploadError = error instanceof ApiError ? { code: error.code } : isUploadError(error) ? error : { code: 'unknown' };
  if (e.code === 'file_too_large' && e.type !== undefined && e.max !== undefined) {
    return t('media.errors.file_too_large', { type: t(`media.types.${e.type}`), max: formatBytes(e.max, language) });
  }
  // Without the limit named (or the generic 413 of a body past every limit): the same mistake.
  if (e.code === 'file_too_large' || e.code === 'too_large') return t('media.errors.fileTooLargePlain');
  return isKnown(e.code) ? t(`media.errors.${e.code}`) : t('media.errors.unknown');
}

function isUploadError(v: unknown): v is UploadError {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string';
}
