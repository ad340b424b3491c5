// One asset's details: its preview and facts, the metadata form (checked before it is sent), replace
// the file, download it, and delete it — refused while a map uses it, listing where with links.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import {
  deleteMedia,
  getMediaUses,
  getMedia,
  mediaDownloadUrl,
  mediaFileUrl,
  mediaKeys,
  isPicture,
  MediaInUseError,
  mediaUseLink,
  patchMedia,
  replaceMediaFile,
  type MediaAsset,
  type MediaUse,
} from '../../api/media';
import { problemFromServer, problemText } from '../../account/problems';
import { formatDateTime } from '../../i18n/format';
import type { Language } from '../../api/types';
import { ConfirmDialog } from '../shell/EditorParts';
import { mediaErrorText } from './mediaErrors';
import { formatBytes } from './mediaFormat';
import { placeText } from './mediaUses';
import { checkForm, formOf, metadataOf, type MetadataForm } from './metadataForm';
import { MetadataFields } from './MetadataFields';
import styles from './Media.module.css';

function Preview({ asset }: { asset: MediaAsset }) {
  const { t } = useTranslation();
  if (isPicture(asset)) return <img src={mediaFileUrl(asset, 1024)} alt={asset.metadata.title || asset.name} data-testid="media-preview" />;
  if (asset.type === 'video') return <video src={asset.url} controls preload="metadata" data-testid="media-preview" />;
  if (asset.type === 'audio') return <audio src={asset.url} controls preload="metadata" data-testid="media-preview" />;
  return <span className={styles.small}>{t('media.details.noPreview')}</span>;
}

export function MediaDetails({
  clientName,
  assetKey,
  readOnly,
  onBack,
}: {
  clientName: string;
  assetKey: string;
  readOnly: boolean;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const asset = useQuery({
    queryKey: mediaKeys.asset(clientName, assetKey),
    queryFn: ({ signal }) => getMedia(clientName, assetKey, signal),
  });
  // The form starts from the asset as read, and again from each saved answer.
  const [form, setForm] = useState<MetadataForm | null>(null);
  const [shownVersion, setShownVersion] = useState<string | null>(null);
  const loadedStamp = asset.data ? `${asset.data.key}:${asset.data.updated_at}` : null;
  if (asset.data && loadedStamp !== shownVersion) {
    setShownVersion(loadedStamp);
    setForm(formOf(asset.data.metadata));
  }
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uses, setUses] = useState<MediaUse[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checking, setChecking] = useState(false);
  const [replacing, setReplacing] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refreshed = (a: MediaAsset) => {
    queryClient.setQueryData(mediaKeys.asset(clientName, a.key), a);
    void queryClient.invalidateQueries({ queryKey: mediaKeys.all(clientName), refetchType: 'active' });
  };
  const save = useMutation({
    mutationFn: (f: MetadataForm) => patchMedia(clientName, assetKey, metadataOf(f)),
    onSuccess: (a) => {
      refreshed(a);
      setFailure(null);
      setMessage(t('media.details.saved'));
    },
    onError: (err) => {
      setMessage(null);
      setFailure(mediaErrorText(t, err, i18n.language));
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteMedia(clientName, assetKey),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: mediaKeys.asset(clientName, assetKey) });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(clientName) });
      onBack();
    },
    onError: (err) => {
      if (err instanceof MediaInUseError) {
        setUses(err.uses);
        setFailure(null);
      } else setFailure(mediaErrorText(t, err, i18n.language));
    },
  });

  if (asset.isPending || !form) return <p className={styles.note}>{t('media.library.loading')}</p>;
  if (asset.isError) {
    return (
      <>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          ← {t('media.details.back')}
        </button>
        <p className={styles.alert} role="alert">
          {mediaErrorText(t, asset.error, i18n.language)}
        </p>
      </>
    );
  }
  const a = asset.data;
  const problems = checkForm(form);
  const serverProblems = save.error instanceof ApiError ? save.error.problems : {};
  const replace = async (file: File) => {
    setReplacing(0);
    setFailure(null);
    try {
      const answer = await replaceMediaFile(clientName, assetKey, file, {
        onProgress: (p) => {
          setReplacing(Math.floor((p.loaded / p.total) * 100));
        },
      });
      refreshed(answer);
      setMessage(t('media.details.replaced'));
    } catch (err) {
      setMessage(null);
      setFailure(mediaErrorText(t, err, i18n.language));
    } finally {
      setReplacing(null);
    }
  };
  // A deletion a map's use would refuse is refused at once, saying where: it is not first
  // confirmed as if it could go ahead. The server checks again when it is asked to delete.
  const askToDelete = async () => {
    setChecking(true);
    setFailure(null);
    try {
      const found = await getMediaUses(clientName, assetKey);
      setUses(found.length > 0 ? found : null);
      setConfirming(found.length === 0);
    } catch {
      setConfirming(true);
    } finally {
      setChecking(false);
    }
  };
  const facts: [string, string][] = [
    [t('media.details.file'), a.name],
    [t('media.library.type'), `${t(`media.types.${a.type}`)} (${a.content_type})`],
    [t('media.details.size'), formatBytes(a.size, i18n.language)],
  ];
  if (a.width && a.height) facts.push(['', t('media.details.dimensions', { width: a.width, height: a.height })]);
  if (a.duration) facts.push(['', t('media.details.duration', { seconds: Math.round(a.duration * 10) / 10 })]);
  facts.push(['', t('media.details.version', { version: a.version })]);
  facts.push(['', t('media.details.uploaded', { date: formatDateTime(a.created_at, i18n.language as Language) })]);

  return (
    <div data-testid="media-details">
      <button type="button" className={styles.linkButton} data-testid="media-details-back" onClick={onBack}>
        ← {t('media.details.back')}
      </button>
      <h3 className={styles.title}>{t('media.details.title', { name: a.metadata.title || a.name })}</h3>
      <div className={styles.details}>
        <div>
          <div className={styles.preview}>
            <Preview asset={a} />
          </div>
          <dl className={styles.facts}>
            {facts.map(([label, value], i) => (
              <div key={i} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.button}
              disabled={readOnly || replacing !== null}
              data-testid="media-replace"
              onClick={() => fileInput.current?.click()}
            >
              {replacing === null ? t('media.details.replace') : t('media.uploads.progress', { percent: replacing })}
            </button>
            <input
              ref={fileInput}
              type="file"
              hidden
              data-testid="media-replace-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void replace(file);
              }}
            />
            <a className={styles.button} href={mediaDownloadUrl(a)} download={a.name} data-testid="media-download">
              {t('media.details.download')}
            </a>
            <button
              type="button"
              className={styles.danger}
              disabled={readOnly || remove.isPending || checking}
              data-testid="media-delete"
              onClick={() => {
                void askToDelete();
              }}
            >
              {checking ? t('media.details.checkingUse') : t('media.details.delete')}
            </button>
          </div>
          {uses !== null && (
            <div className={styles.alert} role="alert" data-testid="media-in-use">
              {t('media.details.inUse', { name: a.name })}
              <ul className={styles.uses}>
                {uses.map((u, i) => (
                  <li key={i}>
                    <a href={mediaUseLink(u)} target="_blank" rel="noopener noreferrer">
                      {placeText(t, u, [i18n.language])}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <form
          noValidate
          data-testid="media-details-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (Object.keys(problems).length > 0 || readOnly) return;
            save.mutate(form);
          }}
        >
          <MetadataFields
            form={form}
            problems={problems}
            readOnly={readOnly}
            onChange={(f) => {
              setForm(f);
              setMessage(null);
            }}
          />
          {Object.entries(serverProblems).map(([field, p]) => (
            <p key={field} className={styles.problem} role="alert">
              {t(`media.form.${field.replace(/^metadata\./, '') as 'title'}`, { defaultValue: field })}:{' '}
              {problemText(t, problemFromServer(p, t('problems.invalid')))}
            </p>
          ))}
          {failure && (
            <p className={styles.alert} role="alert" data-testid="media-details-error">
              {failure}
            </p>
          )}
          <div className={styles.actions} style={{ marginTop: '0.75rem', alignItems: 'center' }}>
            <button
              type="submit"
              className={styles.primary}
              disabled={readOnly || save.isPending || Object.keys(problems).length > 0}
              data-testid="media-save"
            >
              {t('media.details.save')}
            </button>
            {message && (
              <span className={styles.success} role="status" data-testid="media-details-message">
                {message}
              </span>
            )}
          </div>
        </form>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('media.details.deleteTitle')}
          text={t('media.details.deleteText', { name: a.name })}
          confirm={t('media.details.delete')}
          onConfirm={() => {
            setConfirming(false);
            setUses(null);
            remove.mutate();
          }}
          onClose={() => {
            setConfirming(false);
          }}
        />
      )}
    </div>
  );
}
