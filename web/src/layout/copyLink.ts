import type { TFunction } from 'i18next';
import { toasts } from './toasts';

/** Puts a link on the clipboard and says whether that worked. */
export function copyLink(url: string, t: TFunction): void {
  navigator.clipboard.writeText(url).then(
    () => toasts.success(t('editor.link.copied')),
    () => toasts.error(t('editor.link.copyFailed')),
  );
}
