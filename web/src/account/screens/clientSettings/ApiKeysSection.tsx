import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createApiKey,
  listApiKeys,
  queryClient,
  queryKeys,
  revokeApiKey,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../../../api';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import { Button } from '../../../layout/Button';
import { SelectField, TextField } from '../../../layout/Form';
import { ErrorState, LoadingRows } from '../../../layout/States';
import { toasts } from '../../../layout/toasts';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, apiKeyNameProblem, withKey, withoutKey } from '../../overview/apiKeys';
import { ConfirmDialog } from '../../overview/Dialogs';
import styles from '../../overview/Account.module.css';
import { useFailureText } from '../../useFailureText';

/** The client's API keys for scripts: listed, created (the key shown once) and revoked. */
export function ApiKeysSection({ clientName }: { clientName: string }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const language = currentLanguage();
  const queryKey = queryKeys.clientApiKeys(clientName);
  const keys = useQuery({ queryKey, queryFn: ({ signal }) => listApiKeys(clientName, signal) });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) return;
    const wrong = apiKeyNameProblem(name);
    setProblem(wrong && t(`apiKeys.problems.${wrong}`, { max: API_KEY_NAME_MAX }));
    if (wrong) return;
    setCreating(true);
    try {
      const k = await createApiKey(clientName, { name: name.trim(), scope });
      queryClient.setQueryData<ApiKey[]>(queryKey, (list) => withKey(list ?? [], k));
      setCreated(k);
      setName('');
    } catch (err) {
      toasts.error(t('apiKeys.createFailed', { reason: failureText(err) }));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(k: ApiKey) {
    setBusy(true);
    try {
      await revokeApiKey(clientName, k.id);
      queryClient.setQueryData<ApiKey[]>(queryKey, (list) => withoutKey(list ?? [], k.id));
      if (created?.id === k.id) setCreated(null);
      toasts.success(t('apiKeys.revoked', { name: k.name }));
      setRevoking(null);
    } catch (err) {
      toasts.error(t('apiKeys.revokeFailed', { reason: failureText(err) }));
    } finally {
      setBusy(false);
    }
  }

  function copy(key: string) {
    navigator.clipboard.writeText(key).then(
      () => {
        toasts.success(t('apiKeys.copied'));
      },
      () => {
        toasts.error(t('apiKeys.copyFailed'));
      },
    );
  }

  return (
    <section className={styles.section} data-testid="api-keys">
      <h2 className={styles.sectionTitle}>{t('apiKeys.heading')}</h2>
      <p className={styles.hint}>{t('apiKeys.hint')}</p>
      {created && (
        <div data-testid="api-key-created">
          <p className={styles.blocker} role="alert">
            {t('apiKeys.showOnce', { name: created.name })}
          </p>
          <div className={styles.keyRow}>
            <TextField
              label={t('apiKeys.theKey')}
              name="api_key"
              value={created.key}
              onValueChange={() => undefined}
              readOnly
              onFocus={(e) => {
                e.target.select();
              }}
            />
            <Button
              variant="secondary"
              onClick={() => {
                copy(created.key);
              }}
            >
              {t('apiKeys.copy')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setCreated(null);
              }}
            >
              {t('apiKeys.done')}
            </Button>
          </div>
        </div>
      )}
      {keys.isPending ? (
        <LoadingRows rows={2} />
      ) : keys.isError ? (
        <ErrorState title={t('apiKeys.loadFailed')} text={failureText(keys.error)} />
      ) : keys.data.length === 0 ? (
        <p className={styles.hint}>{t('apiKeys.none')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('apiKeys.columns.name')}</th>
              <th>{t('apiKeys.columns.scope')}</th>
              <th>{t('apiKeys.columns.created')}</th>
              <th>{t('apiKeys.columns.lastUsed')}</th>
              <th>{t('apiKeys.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>{t(`apiKeys.scopes.${k.scope}`)}</td>
                <td>
                  {k.created_by
                    ? t('apiKeys.createdBy', { date: formatDateTime(k.created_at, language), name: k.created_by.name })
                    : formatDateTime(k.created_at, language)}
                </td>
                <td>{k.last_used_at ? formatDateTime(k.last_used_at, language) : t('apiKeys.neverUsed')}</td>
                <td>
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => {
                      setRevoking(k);
                    }}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={(e) => void create(e)} noValidate data-testid="api-key-form">
        <h3>{t('apiKeys.newHeading')}</h3>
        <div className={styles.formGrid}>
          <TextField
            label={t('apiKeys.name')}
            name="api_key_name"
            value={name}
            onValueChange={setName}
            problem={problem ? { reason: problem } : undefined}
            maxLength={API_KEY_NAME_MAX}
          />
          <SelectField
            label={t('apiKeys.scope')}
            name="api_key_scope"
            value={scope}
            onValueChange={(v) => {
              setScope(v === 'edit' ? 'edit' : 'read');
            }}
            options={API_KEY_SCOPES.map((s) => ({ value: s, label: t(`apiKeys.scopes.${s}`) }))}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" busy={creating}>
            {t('apiKeys.create')}
          </Button>
        </div>
      </form>
      {revoking && (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle')}
          text={t('apiKeys.revokeText', { name: revoking.name })}
          confirm={t('apiKeys.revoke')}
          busy={busy}
          onConfirm={() => void revoke(revoking)}
          onClose={() => {
            setRevoking(null);
          }}
        />
      )}
    </section>
  );
}
