import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, queryKeys } from '../../../api';
import { toasts } from '../../../layout/toasts';
import { ConfirmDialog } from '../../overview/Dialogs';
import { useFailureText } from '../../useFailureText';

/** Someone on one of the client's lists: a member, a reader, or an open invitation. */
export interface Removable<Id extends number | string = number> {
  id: Id;
  email: string;
}

/**
 * Removing someone from a list of the client's: asked for, confirmed in a dialog, done, said in a
 * toast, and the list loaded again. texts names the group of the removal's texts (removeTitle,
 * removeBody, removed, removeFailed). Answers what asks for it and the dialog to render.
 */
export function useConfirmedRemoval<Id extends number | string = number>(
  clientName: string,
  texts: 'clientSettings' | 'clientSettings.readers' | 'clientSettings.invitations',
  removeOne: (clientName: string, id: Id) => Promise<void>,
): { ask: (item: Removable<Id>) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [removing, setRemoving] = useState<Removable<Id> | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(item: Removable<Id>) {
    setBusy(true);
    try {
      await removeOne(clientName, item.id);
      toasts.success(t(`${texts}.removed`, { email: item.email }));
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.clientMembers(clientName) });
    } catch (err) {
      toasts.error(t(`${texts}.removeFailed`, { reason: failureText(err) }));
    } finally {
      setBusy(false);
    }
  }

  const dialog = removing && (
    <ConfirmDialog
      title={t(`${texts}.removeTitle`, { email: removing.email })}
      text={t(`${texts}.removeBody`)}
      confirm={t(texts === 'clientSettings.invitations' ? 'clientSettings.invitations.revoke' : 'clientSettings.remove')}
      busy={busy}
      onConfirm={() => void remove(removing)}
      onClose={() => {
        setRemoving(null);
      }}
    />
  );
  return { ask: setRemoving, dialog };
}
