import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUOTA_KINDS, queryClient, setQuotas, setTestingPeriod, type Quota, type QuotaKind, type TestingPeriod } from '../../../api';
import { currentLanguage } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { Button } from '../../../layout/Button';
import { SelectField, TextField } from '../../../layout/Form';
import { toasts } from '../../../layout/toasts';
import { quotaLimits, trialUpdate, type TrialInputs } from '../../overview/clientSettings';
import styles from '../../overview/Account.module.css';
import { useFailureText } from '../../useFailureText';
import { useSession } from '../../useSession';

/** The licence: the quotas with their counts, and the testing period; a superuser sets them. */
export function LicenceSection({
  clientName,
  quotas,
  trial,
}: {
  clientName: string;
  quotas: Record<QuotaKind, Quota>;
  trial: TestingPeriod;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const language = currentLanguage();
  const { user } = useSession();
  const editable = user?.is_superuser === true;
  const [limits, setLimits] = useState(
    () => Object.fromEntries(QUOTA_KINDS.map((k) => [k, quotas[k].max === null ? '' : String(quotas[k].max)])) as Record<QuotaKind, string>,
  );
  const [trialInputs, setTrialInputs] = useState<TrialInputs>({
    endsOn: trial.ends_at ? trial.ends_at.slice(0, 10) : '',
    interval: trial.payment_interval,
    monthly: trial.buy_urls.monthly ?? '',
    yearly: trial.buy_urls.yearly ?? '',
  });
  const [bad, setBad] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const q = quotaLimits(limits);
    const tr = trialUpdate(trialInputs);
    setBad([...q.bad, ...tr.bad]);
    if (q.bad.length > 0 || !tr.update) return;
    setSaving(true);
    try {
      await setQuotas(clientName, q.limits);
      await setTestingPeriod(clientName, tr.update);
      toasts.success(t('quota.saved'));
      await queryClient.invalidateQueries({ queryKey: ['clients', clientName] });
    } catch (err) {
      toasts.error(t('quota.saveFailed', { reason: failureText(err) }));
    } finally {
      setSaving(false);
    }
  }

  const wrong = (f: string) => (bad.includes(f) ? { reason: t('quota.invalid') } : undefined);

  return (
    <form className={styles.section} onSubmit={(e) => void save(e)} noValidate data-testid="quota-table">
      <h2 className={styles.sectionTitle}>{t('quota.heading')}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('quota.kind')}</th>
            <th>{t('quota.used')}</th>
            <th>{t('quota.limit')}</th>
          </tr>
        </thead>
        <tbody>
          {QUOTA_KINDS.map((k) => (
            <tr key={k}>
              <td>{t(`quota.labels.${k}`)}</td>
              <td>{quotas[k].count}</td>
              <td>
                {editable ? (
                  <input
                    className={bad.includes(k) ? styles.invalidInput : undefined}
                    aria-label={t('quota.limitOf', { type: t(`quota.labels.${k}`) })}
                    aria-invalid={bad.includes(k)}
                    inputMode="numeric"
                    placeholder={t('overview.unlimited')}
                    value={limits[k]}
                    onChange={(e) => {
                      setLimits((l) => ({ ...l, [k]: e.target.value }));
                    }}
                  />
                ) : (
                  (quotas[k].max ?? t('overview.unlimited'))
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editable ? (
        <>
          <p className={styles.hint}>{t('quota.superuserHint')}</p>
          <div className={styles.formGrid}>
            <TextField
              label={t('quota.trialEnds')}
              type="date"
              name="trial_ends"
              value={trialInputs.endsOn}
              onValueChange={(endsOn) => {
                setTrialInputs((x) => ({ ...x, endsOn }));
              }}
              problem={wrong('endsOn')}
              optional
            />
            <SelectField
              label={t('quota.interval')}
              name="payment_interval"
              value={trialInputs.interval}
              onValueChange={(v) => {
                if (v === 'monthly' || v === 'yearly') setTrialInputs((x) => ({ ...x, interval: v }));
              }}
              options={(['monthly', 'yearly'] as const).map((i) => ({ value: i, label: t(`quota.intervals.${i}`) }))}
            />
          </div>
          <TextField
            label={t('quota.buyMonthly')}
            name="buy_monthly"
            value={trialInputs.monthly}
            onValueChange={(monthly) => {
              setTrialInputs((x) => ({ ...x, monthly }));
            }}
            problem={wrong('monthly')}
            placeholder="https://"
            optional
          />
          <TextField
            label={t('quota.buyYearly')}
            name="buy_yearly"
            value={trialInputs.yearly}
            onValueChange={(yearly) => {
              setTrialInputs((x) => ({ ...x, yearly }));
            }}
            problem={wrong('yearly')}
            placeholder="https://"
            optional
          />
          <div>
            <Button type="submit" busy={saving}>
              {t('quota.save')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {trial.ends_at && (
            <p className={styles.hint}>
              {t(trial.expired ? 'quota.trialEnded' : 'quota.trialRuns', { date: formatDate(trial.ends_at, language) })}
            </p>
          )}
          <p className={styles.hint}>{t('quota.contactSales')}</p>
        </>
      )}
    </form>
  );
}
