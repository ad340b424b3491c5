// Media templates: metadata presets the library applies to new uploads. Listed, created, edited
// (name and the metadata form) and deleted here; chosen for uploads in the library's toolbar.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createMediaTemplate,
  deleteMediaTemplate,
  listMediaTemplates,
  mediaKeys,
  updateMediaTemplate,
  type MediaTemplate,
} from '../../api/media';
import { ConfirmDialog } from '../shell/EditorParts';
import { mediaErrorText } from './mediaErrors';
import { checkForm, EMPTY_FORM, formOf, metadataOf, type MetadataForm } from './metadataForm';
import { MetadataFields } from './MetadataFields';
import styles from './Media.module.css';

const MAX_NAME = 100;

interface Editing {
  id: number | null;
  name: string;
  form: MetadataForm;
}

export function MediaTemplates({ clientName, readOnly, onBack }: { clientName: string; readOnly: boolean; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: mediaKeys.templates(clientName),
    queryFn: ({ signal }) => listMediaTemplates(clientName, signal),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<MediaTemplate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKeys.templates(clientName) });
  const save = useMutation({
    mutationFn: (e: Editing) => {
      const body = { name: e.name.trim(), metadata: metadataOf(e.form) };
      return e.id === null ? createMediaTemplate(clientName, body) : updateMediaTemplate(clientName, e.id, body);
    },
    onSuccess: (saved) => {
      void refresh();
      setFailure(null);
      setMessage(t('media.templates.saved'));
      setEditing({ id: saved.id, name: saved.name, form: formOf(saved.metadata) });
    },
    onError: (err) => {
      setMessage(null);
      setFailure(mediaErrorText(t, err, i18n.language));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteMediaTemplate(clientName, id),
    onSuccess: () => {
      void refresh();
      setFailure(null);
    },
    onError: (err) => {
      setFailure(mediaErrorText(t, err, i18n.language));
    },
  });

  if (editing) {
    const problems = checkForm(editing.form);
    const nameMissing = editing.name.trim() === '';
    const nameTooLong = Array.from(editing.name.trim()).length > MAX_NAME;
    const blocked = nameMissing || nameTooLong || Object.keys(problems).length > 0;
    return (
      <form
        noValidate
        data-testid="media-template-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked && !readOnly) save.mutate(editing);
        }}
      >
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setEditing(null);
            setMessage(null);
          }}
        >
          ← {t('media.templates.back')}
        </button>
        <label className={styles.field} style={{ margin: '0.5rem 0 0.75rem', maxWidth: '24rem' }}>
          {t('media.templates.name')}
          <input
            className={styles.input}
            value={editing.name}
            disabled={readOnly}
            aria-invalid={nameMissing || nameTooLong ? true : undefined}
            data-testid="media-template-name"
            onChange={(e) => {
              setEditing({ ...editing, name: e.target.value });
              setMessage(null);
            }}
          />
          {nameMissing && <span className={styles.problem}>{t('media.templates.nameRequired')}</span>}
          {nameTooLong && <span className={styles.problem}>{t('media.form.problems.tooLong', { max: MAX_NAME })}</span>}
        </label>
        <MetadataFields
          form={editing.form}
          problems={problems}
          readOnly={readOnly}
          testPrefix="media-template"
          onChange={(form) => {
            setEditing({ ...editing, form });
            setMessage(null);
          }}
        />
        {failure && (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.actions} style={{ marginTop: '0.75rem', alignItems: 'center' }}>
          <button
            type="submit"
            className={styles.primary}
            disabled={readOnly || blocked || save.isPending}
            data-testid="media-template-save"
          >
            {t('media.templates.save')}
          </button>
          {message && (
            <span className={styles.success} role="status">
              {message}
            </span>
          )}
        </div>
      </form>
    );
  }

  const list = templates.data ?? [];
  return (
    <div data-testid="media-templates">
      <button type="button" className={styles.linkButton} onClick={onBack}>
        ← {t('media.details.back')}
      </button>
      <p className={styles.note}>{t('media.templates.intro')}</p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {templates.isPending ? (
        <p className={styles.note}>{t('media.library.loading')}</p>
      ) : list.length === 0 ? (
        <p className={styles.note}>{t('media.templates.empty')}</p>
      ) : (
        <ul className={styles.templateList}>
          {list.map((tpl) => (
            <li key={tpl.id} className={styles.templateRow} data-testid="media-template">
              <span className={styles.templateName}>{tpl.name}</span>
              <button
                type="button"
                className={styles.button}
                aria-label={t('media.templates.edit', { name: tpl.name })}
                onClick={() => {
                  setEditing({ id: tpl.id, name: tpl.name, form: formOf(tpl.metadata) });
                }}
              >
                {t('media.field.change')}
              </button>
              <button
                type="button"
                className={styles.danger}
                disabled={readOnly}
                aria-label={t('media.templates.delete', { name: tpl.name })}
                onClick={() => {
                  setDeleting(tpl);
                }}
              >
                {t('media.details.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={styles.primary}
        disabled={readOnly}
        data-testid="media-template-create"
        onClick={() => {
          setEditing({ id: null, name: '', form: EMPTY_FORM });
          setMessage(null);
        }}
      >
        {t('media.templates.create')}
      </button>
      {deleting && (
        <ConfirmDialog
          title={t('media.templates.deleteTitle')}
          text={t('media.templates.deleteText', { name: deleting.name })}
          confirm={t('media.details.delete')}
          onConfirm={() => {
            remove.mutate(deleting.id);
            setDeleting(null);
          }}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
