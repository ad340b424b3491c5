import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, queryKeys, updateClientSettings, type ClientSettings } from '../../../api';
import { Button } from '../../../layout/Button';
import { TextAreaField, TextField } from '../../../layout/Form';
import formStyles from '../../../layout/Form.module.css';
import { toasts } from '../../../layout/toasts';
import { generalProblems, type GeneralField, type GeneralProblem } from '../../overview/clientSettings';
import { readPicture } from '../../overview/picture';
import styles from '../../overview/Account.module.css';
import { useFailureText } from '../../useFailureText';

/** The account's own fields: company name, logo, login text, addresses, analytics, support access. */
export function GeneralForm({ clientName, initial }: { clientName: string; initial: ClientSettings }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<GeneralField, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof ClientSettings) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
  };
  const problemOf = (f: GeneralField) => (problems[f] ? { reason: problems[f] } : undefined);

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readPicture(file);
    if (read.kind === 'ok') setForm((f) => ({ ...f, logo_url: read.dataUrl }));
    else setProblems((p) => ({ ...p, logo_url: t(`userSettings.picture.${read.kind}`) }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const patch = {
      company_name: form.company_name,
      logo_url: form.logo_url,
      login_text: form.login_text,
      cname_domain: form.cname_domain,
      subdomain: form.subdomain,
      analytics_property_id: form.analytics_property_id,
      api_server_address: form.api_server_address,
      support_access: form.support_access,
    };
    const found = generalProblems(patch);
    const texts: Partial<Record<GeneralField, string>> = {};
    for (const [f, p] of Object.entries(found) as [GeneralField, GeneralProblem][]) texts[f] = t(`clientSettings.problems.${p}`);
    setProblems(texts);
    if (Object.keys(texts).length > 0) return;
    setSaving(true);
    try {
      const saved = await updateClientSettings(clientName, patch);
      queryClient.setQueryData(queryKeys.clientSettings(clientName), saved);
      toasts.success(t('clientSettings.saved'));
    } catch (err) {
      toasts.error(t('clientSettings.saveFailed', { reason: failureText(err) }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="client-general-form">
      <h2 className={styles.sectionTitle}>{t('clientSettings.general')}</h2>
      <TextField
        label={t('clientSettings.fields.companyName')}
        name="company_name"
        value={form.company_name}
        onValueChange={set('company_name')}
        problem={problemOf('company_name')}
        maxLength={200}
      />
      <span className={formStyles.label}>{t('clientSettings.fields.logo')}</span>
      <div className={styles.avatarRow}>
        {form.logo_url ? <img className={styles.avatar} src={form.logo_url} alt={t('clientSettings.fields.logo')} /> : null}
        <label className={styles.chip}>
          {t('clientSettings.chooseLogo')}
          <input type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => void chooseLogo(e)} />
        </label>
        {form.logo_url && (
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              set('logo_url')('');
            }}
          >
            {t('clientSettings.removeLogo')}
          </Button>
        )}
      </div>
      {problems.logo_url && <p className={styles.blocker}>{problems.logo_url}</p>}
      <TextAreaField
        label={t('clientSettings.fields.loginText')}
        name="login_text"
        value={form.login_text}
        onValueChange={set('login_text')}
        problem={problemOf('login_text')}
        optional
        rows={3}
        maxLength={2000}
      />
      <p className={styles.hint}>{t('clientSettings.domainHint')}</p>
      <div className={styles.formGrid}>
        <TextField
          label={t('clientSettings.fields.cname')}
          name="cname_domain"
          value={form.cname_domain}
          onValueChange={set('cname_domain')}
          problem={problemOf('cname_domain')}
          placeholder="maps.example.org"
          optional
        />
        <TextField
          label={t('clientSettings.fields.subdomain')}
          name="subdomain"
          value={form.subdomain}
          onValueChange={set('subdomain')}
          problem={problemOf('subdomain')}
          placeholder="acme"
          optional
        />
      </div>
      <TextField
        label={t('clientSettings.fields.analytics')}
        name="analytics_property_id"
        value={form.analytics_property_id}
        onValueChange={set('analytics_property_id')}
        problem={problemOf('analytics_property_id')}
        placeholder="G-XXXXXXX"
        optional
      />
      <TextField
        label={t('clientSettings.fields.apiServer')}
        name="api_server_address"
        value={form.api_server_address}
        onValueChange={set('api_server_address')}
        problem={problemOf('api_server_address')}
        placeholder="https://api.example.org"
        optional
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="support_access"
          checked={form.support_access}
          onChange={(e) => {
            setForm((f) => ({ ...f, support_access: e.target.checked }));
          }}
        />
        <span>{t('clientSettings.fields.supportAccess')}</span>
      </label>
      <div>
        <Button type="submit" busy={saving}>
          {t('clientSettings.save')}
        </Button>
      </div>
    </form>
  );
}
