import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapSummary, TestingPeriod } from '../../api';
import { getPublication } from '../../api/publishing';
import { currentLanguage } from '../../i18n';
import { formatDate, formatDateTime } from '../../i18n/format';
import { Button, ButtonLink } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';
import { MapPreview } from './MapPreview';
import type { QuotaText } from './overview';
import styles from './Account.module.css';

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  title,
  text,
  confirm,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={busy ? () => undefined : onClose} testId="confirm-dialog">
      <p className={dialogStyles.text}>{text}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The spec's quota message and, for a seat held by open invitations, who holds the seats and what frees one. */
export function QuotaLines({ quota, inAlert = false }: { quota: QuotaText; inAlert?: boolean }) {
  const { t } = useTranslation();
  // In an alert (a form's) the lines take the alert's colour, one under the other.
  const Line = inAlert ? 'span' : 'p';
  const line = inAlert ? { style: { display: 'block' } } : { className: dialogStyles.text };
  return (
    <>
      <Line {...line} data-testid="quota-message">
        {t(quota.key, { type: t(`quota.kinds.${quota.kind}`) })}
      </Line>
      {quota.seats && (
        <>
          <Line {...line} data-testid="quota-seats">
            {t('quota.seatsTaken', quota.seats)}
          </Line>
          <Line {...line}>{t('quota.seatsHelp')}</Line>
        </>
      )}
    </>
  );
}

/** A creation the client's licence does not allow: the spec's quota messages. */
export function QuotaDialog({ quota, onClose }: { quota: QuotaText; onClose: () => void }) {
  const { t } = useTranslation();
  const live = quota.kind === 'live_map';
  return (
    <Dialog title={t(live ? 'quota.liveMapsTitle' : 'quota.title')} onClose={onClose} testId="quota-dialog">
      <QuotaLines quota={quota} />
      <DialogActions>
        <Button onClick={onClose}>{t('quota.ok')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The testing period is over: the licence can be bought per payment interval. */
export function TrialExpiredDialog({ period, isAdmin, onClose }: { period: TestingPeriod; isAdmin: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const intervals = (['monthly', 'yearly'] as const).filter((i) => period.buy_urls[i]);
  return (
    <Dialog title={t('quota.trialTitle')} onClose={onClose} testId="trial-expired-dialog">
      <p className={dialogStyles.text}>{t('quota.trialBody', { date: period.ends_at ? formatDate(period.ends_at, language) : '' })}</p>
      <p className={dialogStyles.text}>{t(isAdmin ? 'quota.trialAdmin' : 'quota.trialMember')}</p>
      {isAdmin && intervals.length > 0 && (
        <div className={styles.buyLinks}>
          {intervals.map((i) => (
            <a
              key={i}
              className={styles.chip}
              href={period.buy_urls[i]}
              target="_blank"
              rel="noreferrer"
              aria-current={i === period.payment_interval ? 'true' : undefined}
            >
              {t(`quota.buy.${i}`)}
            </a>
          ))}
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('quota.later')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A map's preview, or its live version: the picture and the facts. */
export function MapPreviewDialog({
  map,
  live,
  onOpen,
  onClose,
}: {
  map: MapSummary;
  live: boolean;
  onOpen: (() => void) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dialog
      title={t(live ? 'overview.liveViewTitle' : 'overview.previewTitle', { name: map.name })}
      onClose={onClose}
      testId="map-preview-dialog"
    >
      <MapPreview preview={map.preview} large />
      {map.description && <p className={dialogStyles.text}>{map.description}</p>}
      <dl className={styles.facts}>
        <dt>{t('overview.facts.size')}</dt>
        <dd>{t('overview.facts.sizeValue', { width: map.measurement.width, height: map.measurement.height })}</dd>
        <dt>{t('overview.facts.levels')}</dt>
        <dd>{map.visibility_levels}</dd>
        <dt>{t('overview.facts.nodes')}</dt>
        <dd>{map.preview.points.length}</dd>
        <dt>{t('overview.facts.edited')}</dt>
        <dd>{formatDateTime(map.updated_at, language)}</dd>
        <dt>{t('overview.facts.status')}</dt>
        <dd>{t(map.live ? 'overview.liveOn' : 'overview.liveOff')}</dd>
      </dl>
      {live && <LiveAddress mapId={map.id} />}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.close')}
        </Button>
        {!live && (
          <ButtonLink variant="secondary" to={`/preview/${map.id}`} data-testid="open-preview">
            {t('overview.openPreview')}
          </ButtonLink>
        )}
        {onOpen && <Button onClick={onOpen}>{t('overview.edit')}</Button>}
      </DialogActions>
    </Dialog>
  );
}

/** Where readers find a live map, or what is missing for it to be there. */
function LiveAddress({ mapId }: { mapId: number }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<{ url: string } | 'none' | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    getPublication(mapId).then(
      (p) => {
        if (current) setFound(p.live && p.url ? { url: p.url } : 'none');
      },
      () => {
        if (current) setFound('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [mapId]);
  if (found === null) return null;
  if (found === 'none' || found === 'failed') {
    return (
      <p className={dialogStyles.text} data-testid="live-address">
        {t(found === 'none' ? 'overview.noLiveVersion' : 'overview.liveAddressFailed')}
      </p>
    );
  }
  return (
    <p className={dialogStyles.text} data-testid="live-address">
      <ButtonLink to={`/m/${found.url}`} data-testid="open-live">
        {t('overview.openLive')}
      </ButtonLink>
    </p>
  );
}
