// The metadata form's fields, shared by an asset's details and a media template: containers, type,
// the texts, the comma-separated lists and the two dates, each with its problem under it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DomainMediaContainer as CONTAINERS } from '../../api/constants';
import type { MediaKind } from '../../api/media';
import {
  DATE_FIELDS,
  KINDS,
  LIST_FIELDS,
  LONG_TEXT_FIELDS,
  TEXT_FIELDS,
  toggleContainer,
  type FormField,
  type FormProblem,
  type MetadataForm,
} from './metadataForm';
import styles from './Media.module.css';

/** The fields in the order the spec lists them. */
const ORDER: readonly FormField[] = [
  'title',
  'author',
  'contact',
  'copyright',
  'date_creation',
  'date_publication',
  'author_text',
  'summary',
  'keywords',
  'search_terms',
  'source',
  'categories',
];

export function MetadataFields({
  form,
  problems,
  readOnly,
  onChange,
  testPrefix = 'media-meta',
}: {
  form: MetadataForm;
  problems: Partial<Record<FormField, FormProblem>>;
  readOnly: boolean;
  onChange: (form: MetadataForm) => void;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const problemText = (p: FormProblem) => t(`media.form.problems.${p.key}`, { max: p.max });
  const set = (field: FormField, value: string) => {
    onChange({ ...form, [field]: value });
  };
  const textField = (field: Exclude<FormField, 'containers' | 'kind'>) => {
    const problem = problems[field];
    const isList = (LIST_FIELDS as readonly string[]).includes(field);
    const isDate = (DATE_FIELDS as readonly string[]).includes(field);
    const long = (TEXT_FIELDS as readonly string[]).includes(field) && LONG_TEXT_FIELDS.has(field as 'summary');
    const hintId = `${id}-${field}-hint`;
    const problemId = `${id}-${field}-problem`;
    const common = {
      id: `${id}-${field}`,
      value: form[field],
      disabled: readOnly,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [isList || isDate ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined,
      'data-testid': `${testPrefix}-${field}`,
    };
    return (
      <div key={field} className={`${styles.field}${long ? ` ${styles.wide}` : ''}`}>
        <label htmlFor={common.id}>{t(`media.form.${field}`)}</label>
        {long ? (
          <textarea
            className={styles.textarea}
            {...common}
            onChange={(e) => {
              set(field, e.target.value);
            }}
          />
        ) : (
          <input
            className={styles.input}
            {...common}
            placeholder={isDate ? t('media.form.dateHint') : undefined}
            onChange={(e) => {
              set(field, e.target.value);
            }}
          />
        )}
        {(isList || isDate) && (
          <span id={hintId} className={styles.small}>
            {isList ? t('media.form.listHint') : t('media.form.dateHint')}
          </span>
        )}
        {problem && (
          <span id={problemId} className={styles.problem} role="alert">
            {problemText(problem)}
          </span>
        )}
      </div>
    );
  };
  return (
    <div className={styles.form}>
      <fieldset className={`${styles.checks} ${styles.wide}`} data-testid={`${testPrefix}-containers`}>
        <legend>{t('media.form.containers')}</legend>
        {CONTAINERS.map((c) => (
          <label key={c} className={styles.check}>
            <input
              type="checkbox"
              checked={form.containers.includes(c)}
              disabled={readOnly}
              data-testid={`${testPrefix}-container-${c}`}
              onChange={(e) => {
                onChange({ ...form, containers: toggleContainer(form.containers, c, e.target.checked) });
              }}
            />
            {t(`media.containers.${c}`)}
          </label>
        ))}
      </fieldset>
      <label className={styles.field}>
        {t('media.form.kind')}
        <select
          className={styles.select}
          value={form.kind}
          disabled={readOnly}
          data-testid={`${testPrefix}-kind`}
          onChange={(e) => {
            onChange({ ...form, kind: e.target.value as MediaKind | '' });
          }}
        >
          <option value="">{t('media.kinds.none')}</option>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`media.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <span />
      {ORDER.map((f) => textField(f as Exclude<FormField, 'containers' | 'kind'>))}
    </div>
  );
}
