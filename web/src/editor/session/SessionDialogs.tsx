import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import type { PresenceState } from './presence';

/** What ends the editing session: the map opened elsewhere too, or the access taken away. */
export function SessionDialogs({ duplicate, revoked }: Pick<PresenceState, 'duplicate' | 'revoked'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {duplicate && (
        <Dialog
          title={t('editor.duplicate.title')}
          testId="duplicate-dialog"
          onClose={() => {
            void navigate(-1);
          }}
        >
          <p>{t('editor.duplicate.text')}</p>
          <DialogActions>
            <Button
              variant="secondary"
              onClick={() => {
                void navigate('/');
              }}
            >
              {t('editor.duplicate.back')}
            </Button>
            <Button
              onClick={() => {
                window.location.reload();
              }}
            >
              {t('editor.duplicate.reload')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {revoked && (
        <Dialog
          title={t(`editor.revoked.${revoked}.title`)}
          testId="revoked-dialog"
          onClose={() => {
            void navigate('/');
          }}
        >
          <p>{t(`editor.revoked.${revoked}.text`)}</p>
          <DialogActions>
            {revoked === 'signed_out' ? (
              <Button
                onClick={() => {
                  window.location.assign('/login');
                }}
              >
                {t('editor.revoked.signIn')}
              </Button>
            ) : (
              <Button
                onClick={() => {
                  void navigate('/');
                }}
              >
                {t('editor.revoked.back')}
              </Button>
            )}
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
