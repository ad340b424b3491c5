import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { deleteClient, queryClient, queryKeys, type Client } from '../../api';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';
import { toasts } from '../../layout/toasts';
import { useFailureText } from '../useFailureText';

/** Confirms the final deletion of a deactivated client, naming what goes with it. */
export function DeleteClientDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const textId = useId();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteClient(client.name);
      toasts.success(t('clients.deleted', { title: client.title }));
      onClose();
    } catch (err) {
      toasts.error(t('clients.deleteFailed', { title: client.title, reason: failureText(err) }));
      setDeleting(false);
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
    }
  }

  return (
    <Dialog
      title={t('clients.deleteDialog.title', { title: client.title })}
      onClose={deleting ? () => undefined : onClose}
      describedBy={textId}
      testId="delete-client-dialog"
    >
      <div id={textId} className={dialogStyles.text}>
        <p>
          <Trans
            i18nKey="clients.deleteDialog.body"
            values={{
              title: client.title,
              name: client.name,
              maps: client.maps_count,
              users: client.users_count,
            }}
            components={{ strong: <strong />, code: <code /> }}
          />
        </p>
        <p>{t('clients.deleteDialog.irreversible')}</p>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={deleting} autoFocus>
          {t('form.cancel')}
        </Button>
        <Button variant="danger" busy={deleting} onClick={() => void confirm()}>
          {deleting ? t('clients.deleteDialog.deleting') : t('clients.deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
