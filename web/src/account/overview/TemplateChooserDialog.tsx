import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createClientMap,
  deleteMapTemplate,
  listMapTemplates,
  PALETTES,
  queryClient,
  queryKeys,
  TEMPLATE_THEMES,
  updateMapTemplate,
  type MapTemplate,
  type PaletteName,
  type TemplateTheme,
} from '../../api';
import { Button, ButtonLink } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';
import { SelectField, TextField } from '../../layout/Form';
import { ErrorState, LoadingRows } from '../../layout/States';
import { toasts } from '../../layout/toasts';
import { editorPath } from '../guard';
import { serverProblems } from '../problems';
import { useFailureText } from '../useFailureText';
import { ConfirmDialog } from './Dialogs';
import { MapPreview, PaletteSwatches } from './MapPreview';
import { newMapProblems, quotaText, visibleTemplates, type NewMapField, type QuotaText, type TemplateTab } from './overview';
import styles from './Account.module.css';

/** What the form creates: a map from a template (or blank), a new template, or edits one's own. */
type Step =
  { kind: 'choose' } | { kind: 'create'; template: MapTemplate | null; asTemplate: boolean } | { kind: 'edit'; template: MapTemplate };

const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];

interface Props {
  clientName: string;
  isAdmin: boolean;
  onQuota: (quota: QuotaText) => void;
  onClose: () => void;
}

/** The map template chooser: tabs all and mine, the six themes, a blank map, and one's own templates. */
export function TemplateChooserDialog({ clientName, isAdmin, onQuota, onClose }: Props) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [tab, setTab] = useState<TemplateTab>('all');
  const [theme, setTheme] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [deleting, setDeleting] = useState<MapTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const templates = useQuery({
    queryKey: queryKeys.clientTemplates(clientName),
    queryFn: ({ signal }) => listMapTemplates(clientName, signal),
  });

  const templateName = (tpl: MapTemplate) => (tpl.builtin ? t(`templates.builtin.${tpl.key}`, { defaultValue: tpl.name }) : tpl.name);

  async function remove(tpl: MapTemplate) {
    setBusy(true);
    try {
      await deleteMapTemplate(clientName, tpl.id);
      toasts.success(t('templates.deleted', { name: tpl.name }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.clientTemplates(clientName) });
      setDeleting(null);
    } catch (err) {
      toasts.error(t('templates.deleteFailed', { reason: failureText(err) }));
    } finally {
      setBusy(false);
    }
  }

  if (step.kind !== 'choose') {
    return (
      <TemplateForm
        clientName={clientName}
        step={step}
        isAdmin={isAdmin}
        templateName={templateName}
        onBack={() => {
          setStep({ kind: 'choose' });
        }}
        onQuota={onQuota}
        onDone={onClose}
      />
    );
  }

  function grid() {
    if (templates.isPending) return <LoadingRows rows={2} />;
    if (templates.isError) {
      return <ErrorState title={t('templates.loadFailed')} text={failureText(templates.error)} />;
    }
    const list = visibleTemplates(templates.data.templates, tab, theme);
    return (
      <ul className={styles.templateGrid} data-testid="template-list">
        {tab === 'all' && theme === '' && (
          <li>
            <button
              type="button"
              className={styles.templateCard}
              data-testid="template-blank"
              onClick={() => {
                setStep({ kind: 'create', template: null, asTemplate: false });
              }}
            >
              <svg className={styles.preview} viewBox="0 0 320 140" aria-hidden="true">
                <path d="M160 45v50M135 70h50" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
              </svg>
              <span className={styles.templateLabel}>
                <strong>{t('templates.blank')}</strong>
                <span className={styles.meta}>{t('templates.blankHint')}</span>
              </span>
            </button>
          </li>
        )}
        {list.map((tpl) => (
          <li key={tpl.builtin ? tpl.key : tpl.id} className={styles.card}>
            <button
              type="button"
              className={styles.templateCard}
              data-testid="template-card"
              aria-label={templateName(tpl)}
              onClick={() => {
                setStep({ kind: 'create', template: tpl, asTemplate: false });
              }}
            >
              <MapPreview preview={tpl.preview} />
              <span className={styles.templateLabel}>
                <strong>{templateName(tpl)}</strong>
                <span className={styles.meta}>
                  {t(`templates.themes.${tpl.theme}`, { defaultValue: tpl.theme })}
                  {tpl.premium ? ` · ${t('templates.premium')}` : ''}
                  {tpl.builtin ? ` · ${t('templates.builtinLabel')}` : tpl.section ? ` · ${tpl.section}` : ''}
                </span>
              </span>
            </button>
            {!tpl.builtin && (tpl.mine || isAdmin) && (
              <span className={styles.templateTools}>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => {
                    setStep({ kind: 'edit', template: tpl });
                  }}
                >
                  {t('templates.edit')}
                </Button>
                <ButtonLink size="small" variant="secondary" to={editorPath(tpl.id)}>
                  {t('templates.open')}
                </ButtonLink>
                <Button
                  size="small"
                  variant="dangerOutline"
                  onClick={() => {
                    setDeleting(tpl);
                  }}
                >
                  {t('templates.delete')}
                </Button>
              </span>
            )}
          </li>
        ))}
        {list.length === 0 && tab === 'mine' && <li className={styles.hint}>{t('templates.noneMine')}</li>}
      </ul>
    );
  }

  return (
    <Dialog title={t('templates.title')} onClose={onClose} testId="template-chooser">
      <div className={styles.tabs} role="tablist">
        {(['all', 'mine'] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === x}
            onClick={() => {
              setTab(x);
            }}
          >
            {t(`templates.tabs.${x}`)}
          </button>
        ))}
      </div>
      <div className={styles.chips} role="group" aria-label={t('templates.theme')}>
        {(['', ...TEMPLATE_THEMES] as const).map((x) => (
          <button
            key={x || 'all'}
            type="button"
            className={styles.chip}
            aria-pressed={theme === x}
            onClick={() => {
              setTheme(x);
            }}
          >
            {x === '' ? t('templates.themes.all') : t(`templates.themes.${x}`)}
          </button>
        ))}
      </div>
      {grid()}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStep({ kind: 'create', template: null, asTemplate: true });
          }}
        >
          {t('templates.newTemplate')}
        </Button>
      </DialogActions>
      {deleting && (
        <ConfirmDialog
          title={t('templates.deleteTitle', { name: deleting.name })}
          text={t('templates.deleteBody')}
          confirm={t('templates.delete')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </Dialog>
  );
}

function TemplateForm({
  clientName,
  step,
  isAdmin,
  templateName,
  onBack,
  onQuota,
  onDone,
}: {
  clientName: string;
  step: Exclude<Step, { kind: 'choose' }>;
  isAdmin: boolean;
  templateName: (tpl: MapTemplate) => string;
  onBack: () => void;
  onQuota: (quota: QuotaText) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const source = step.template;
  const editing = step.kind === 'edit';
  const asTemplate = step.kind === 'create' && step.asTemplate;
  const [name, setName] = useState(editing ? (source?.name ?? '') : '');
  const [width, setWidth] = useState(String(source?.width ?? 3000));
  const [height, setHeight] = useState(String(source?.height ?? 2000));
  const [levels, setLevels] = useState(String(source?.visibility_levels ?? 3));
  const [palette, setPalette] = useState(source && source.palette !== '' ? source.palette : 'strata');
  // A built-in template's section is named by its theme, in the interface language.
  const [section, setSection] = useState(
    source?.builtin ? t(`templates.themes.${source.theme as TemplateTheme}`) : (source?.section ?? ''),
  );
  const [theme, setTheme] = useState(source && source.theme !== '' ? source.theme : 'basic');
  const [problems, setProblems] = useState<Partial<Record<NewMapField | 'section' | 'theme', string>>>({});
  const [busy, setBusy] = useState(false);

  const problemOf = (f: keyof typeof problems) => (problems[f] ? { reason: problems[f] } : undefined);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const minLevels = source && !editing ? source.visibility_levels : 1;
    const found = newMapProblems({ name, width, height, levels }, editing ? 1 : minLevels);
    const texts: typeof problems = {};
    for (const [f, p] of Object.entries(found) as [NewMapField, 'required' | 'range'][]) {
      texts[f] = p === 'required' ? t('templates.problems.required') : t(`templates.problems.${f}`, { min: minLevels });
    }
    if (editing) {
      delete texts.width;
      delete texts.height;
      delete texts.levels;
    }
    setProblems(texts);
    if (Object.keys(texts).length > 0) return;
    setBusy(true);
    try {
      if (editing) {
        await updateMapTemplate(clientName, step.template.id, { name: name.trim(), theme, section: section.trim(), palette });
        toasts.success(t('templates.saved', { name: name.trim() }));
      } else {
        const created = await createClientMap(clientName, {
          name: name.trim(),
          measurement: { width: Number(width), height: Number(height) },
          visibility_levels: Number(levels),
          palette,
          section: section.trim(),
          ...(asTemplate ? { as_template: true, theme } : {}),
          ...(source?.builtin ? { builtin_template: source.key } : source ? { template_id: source.id } : {}),
        });
        toasts.success(t(asTemplate ? 'templates.templateCreated' : 'templates.created', { name: created.name }));
      }
      await queryClient.invalidateQueries({ queryKey: ['clients', clientName] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.clients });
      onDone();
    } catch (err) {
      const quota = quotaText(err, isAdmin);
      if (quota) {
        onQuota(quota);
        onDone();
        return;
      }
      const fromServer = serverProblems(err, ['name', 'section', 'theme', 'visibility_levels', 'measurement.width', 'measurement.height']);
      const p = fromServer.problems;
      const next: typeof problems = {};
      if (p.name) next.name = t('templates.problems.required');
      if (p.visibility_levels) next.levels = t('templates.problems.levels', { min: source?.visibility_levels ?? 1 });
      if (p['measurement.width']) next.width = t('templates.problems.width');
      if (p['measurement.height']) next.height = t('templates.problems.height');
      if (Object.keys(next).length > 0) setProblems(next);
      else toasts.error(t('templates.createFailed', { reason: failureText(err) }));
      setBusy(false);
    }
  }

  const title = editing
    ? t('templates.editTitle', { name: source?.name ?? '' })
    : asTemplate
      ? t('templates.newTemplateTitle')
      : source
        ? t('templates.fromTitle', { name: templateName(source) })
        : t('templates.blankTitle');

  return (
    <Dialog title={title} onClose={busy ? () => undefined : onDone} testId="template-form">
      <form className={dialogStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t(asTemplate || editing ? 'templates.fields.templateName' : 'templates.fields.name')}
          name="name"
          value={name}
          onValueChange={setName}
          problem={problemOf('name')}
          maxLength={200}
          autoFocus
        />
        {!editing && (
          <div className={styles.formGrid}>
            <TextField
              label={t('templates.fields.width')}
              name="width"
              inputMode="numeric"
              value={width}
              onValueChange={setWidth}
              problem={problemOf('width')}
            />
            <TextField
              label={t('templates.fields.height')}
              name="height"
              inputMode="numeric"
              value={height}
              onValueChange={setHeight}
              problem={problemOf('height')}
            />
            <TextField
              label={t('templates.fields.levels')}
              name="levels"
              inputMode="numeric"
              value={levels}
              onValueChange={setLevels}
              problem={problemOf('levels')}
            />
          </div>
        )}
        <div className={styles.formGrid}>
          <SelectField
            label={t('templates.fields.palette')}
            name="palette"
            value={palette}
            onValueChange={setPalette}
            options={PALETTE_NAMES.map((p) => ({ value: p, label: t(`templates.palettes.${p}`) }))}
            hint={<PaletteSwatches colors={PALETTES[palette as PaletteName]} />}
          />
          <TextField
            label={t('templates.fields.section')}
            name="section"
            value={section}
            onValueChange={setSection}
            optional
            maxLength={100}
          />
          {(asTemplate || editing) && (
            <SelectField
              label={t('templates.theme')}
              name="theme"
              value={theme}
              onValueChange={setTheme}
              options={TEMPLATE_THEMES.map((x) => ({ value: x, label: t(`templates.themes.${x}`) }))}
            />
          )}
        </div>
        <DialogActions>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {t('templates.back')}
          </Button>
          <Button type="submit" busy={busy}>
            {editing ? t('templates.save') : asTemplate ? t('templates.createTemplate') : t('templates.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
