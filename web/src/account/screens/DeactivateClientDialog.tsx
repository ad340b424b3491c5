import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Client } from '../../api';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';

/**
 * Asks before a client is deactivated, saying what it does: its members can no longer open it,
 * its published maps go offline, and reactivating restores everything.
 */
export function DeactivateClientDialog({
  client,
  onConfirm,
  onClose,
}: {
  client: Client;
  /** Deactivates; the dialog stays open, busy, until it settles. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const textId = useId();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t('clients.deactivateDialog.title', { title: client.title })}
      onClose={busy ? () => undefined : onClose}
      describedBy={textId}
      testId="deactivate-client-dialog"
    >
      <div id={textId} className={dialogStyles.text}>
        <p>
          <Trans
            i18nKey="clients.deactivateDialog.body"
            values={{ title: client.title, users: client.users_count }}
            components={{ strong: <strong /> }}
          />
        </p>
        <ul>
          <li>{t('clients.deactivateDialog.members')}</li>
          <li>{t('clients.deactivateDialog.published')}</li>
          <li>{t('clients.deactivateDialog.live')}</li>
        </ul>
        <p>{t('clients.deactivateDialog.restore')}</p>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          {t('form.cancel')}
        </Button>
        <Button variant="danger" busy={busy} onClick={() => void confirm()}>
          {busy ? t('clients.deactivateDialog.deactivating') : t('clients.deactivateDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
