// The content form (map-editor.md §3, account-area.md §3): a node's content per language and its
// node-wide fields, read whole from the server (the document carries only a summary), edited as a
// draft and saved on demand. The Editor warns before the draft is left unsaved.
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_TYPES, type Node, type PopupType } from '../../../api/document';
import { ApiError } from '../../../api/http';
import { getNode } from '../../../api/maps';
import type { Language } from '../../../api/types';
import { Button } from '../../../layout/Button';
import type { DocumentStore } from '../../store';
import {
  CONTENT_LANGUAGES,
  CONTENT_LIMITS,
  contentChanges,
  contentProblems,
  draftOf,
  followStoredTitles,
  hasContent,
  isDirty,
  normalizeSearchTerms,
  type ContentDraft,
  type ContentField,
  type ContentProblem,
} from './contentForm';
import { firstLanguage, textIn } from '../kit/checks';
import { RichField, TextField } from '../kit/fields';
import { LanguageTabs } from '../kit/LanguageTabs';
import { languageName } from '../kit/languageName';
import styles from '../kit/Panel.module.css';
import { PanelEmpty, PanelFrame, type LockHolder } from '../kit/PanelFrame';
import type { PanelProps } from '../types';
import { useSection } from '../kit/useSection';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; saved: ContentDraft; draft: ContentDraft };
/** A load's answer, for the node and attempt it was made for. */
type Loaded = (Load & { key: string }) | null;

function nodeLabel(n: Node, lang: Language, fallback: string): string {
  return n.content[lang]?.title ?? n.content.en?.title ?? Object.values(n.content).find((c) => c.title)?.title ?? fallback;
}

/** A content problem in words. */
function problemWords(t: TFunction, problem: ContentProblem | undefined): string | null {
  if (!problem) return null;
  if (problem.key === 'tooLong') return t('sidebar.errors.tooLong', { max: problem.max });
  return problem.key === 'url' ? t('sidebar.errors.url') : t('sidebar.content.linkWithContent');
}

export function ContentFormSidebar({
  store,
  nodeId,
  lockedBy,
  onClose,
  onDirty,
  language,
}: {
  store: DocumentStore;
  nodeId: number | undefined;
  /** The language the canvas shows: the form opens on its tab. */
  language?: Language;
  lockedBy: LockHolder | null;
  onClose: () => void;
  /** Tells the Editor whether there are unsaved changes (it warns before they are lost). */
  onDirty: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded>(null);
  // The tab of the canvas's language, else the interface language's: the author most likely writes in it.
  const languages = store.map.languages;
  // The map's references, for the content's citation tool (the references panel says to cite them).
  const references = useSection(store, 'references').value?.references;
  const [lang, setLang] = useState<Language>(() => firstLanguage(languages, language, i18n.language));
  const [attempt, setAttempt] = useState(0);
  const stored = nodeId !== undefined && nodeId > 0;
  const key = `${nodeId ?? ''}:${attempt}`;
  // An answer for another node (or an earlier attempt) is no answer: loading until this one's comes.
  const load: Load = loaded?.key === key ? loaded : { state: 'loading' };
  const setLoad = (next: Load) => {
    setLoaded({ ...next, key });
  };

  useEffect(() => {
    if (!stored) return;
    let live = true;
    const answerKey = `${nodeId}:${attempt}`;
    getNode(store.mapId, nodeId).then(
      (node) => {
        if (!live) return;
        const saved = draftOf(node);
        setLoaded({ state: 'ready', saved, draft: structuredClone(saved), key: answerKey });
      },
      (err: unknown) => {
        if (!live) return;
        console.warn('reading the node content failed', err instanceof ApiError ? err.code : err);
        setLoaded({ state: 'failed', key: answerKey });
      },
    );
    return () => {
      live = false;
    };
  }, [store, nodeId, stored, attempt]);

  const dirty = load.state === 'ready' && isDirty(load.saved, load.draft);
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);
  useEffect(
    () => () => {
      onDirty(false);
    },
    [onDirty],
  );

  const title = t('editor.menu.options.contentForm');
  if (!stored) {
    return (
      <PanelFrame title={title} testId="content-form" onClose={onClose}>
        <PanelEmpty text={t('sidebar.content.noNode')} />
      </PanelFrame>
    );
  }
  if (load.state !== 'ready') {
    return (
      <PanelFrame title={title} testId="content-form" onClose={onClose} lockedBy={lockedBy}>
        {load.state === 'loading' ? (
          <p className={styles.note}>{t('sidebar.content.loading')}</p>
        ) : (
          <>
            <p className={styles.problem} role="alert">
              {t('sidebar.content.loadFailed')}
            </p>
            <Button
              size="small"
              variant="secondary"
              onClick={() => {
                setAttempt((a) => a + 1);
              }}
            >
              {t('sidebar.content.retry')}
            </Button>
          </>
        )}
      </PanelFrame>
    );
  }

  const node = store.getNode(nodeId);
  // A title edited on the canvas (or undone) meanwhile: the form shows it, not what it read.
  const followed = node ? followStoredTitles(load.saved, load.draft, node) : null;
  if (followed) setLoad({ state: 'ready', ...followed });
  const readOnly = lockedBy !== null || (node?.editing.locked ?? false);
  const { saved, draft } = load;
  const d = draft.content[lang];
  const problems = CONTENT_LANGUAGES.flatMap((l) => contentProblems(draft.content[l]).map((p) => ({ ...p, lang: l })));
  const problemOf = (f: ContentField) => problems.find((p) => p.lang === lang && p.field === f);
  const setField = (f: ContentField, value: string) => {
    setLoad({ ...load, draft: { ...draft, content: { ...draft.content, [lang]: { ...d, [f]: value } } } });
  };
  const setNodeWide = (patch: Partial<Pick<ContentDraft, 'next_id' | 'previous_id' | 'popup_type'>>) => {
    setLoad({ ...load, draft: { ...draft, ...patch } });
  };
  const save = () => {
    const changes = contentChanges(saved, draft);
    if (changes.content) store.apply({ type: 'setNodeContent', id: nodeId, content: changes.content });
    if (changes.navigation) store.apply({ type: 'setNodeNavigation', id: nodeId, navigation: changes.navigation });
    const next = structuredClone(draft);
    for (const l of CONTENT_LANGUAGES) {
      for (const f of Object.keys(next.content[l]) as ContentField[]) {
        const v = next.content[l][f];
        next.content[l][f] = f === 'node_search_terms' ? normalizeSearchTerms(v) : v.trim() === '' ? '' : v;
      }
    }
    setLoad({ state: 'ready', saved: next, draft: structuredClone(next) });
  };

  const fieldId = (f: string) => `${ids}-${f}`;
  const label = (f: ContentField) => t(`sidebar.content.fields.${f}`);
  const text = (f: ContentField, multiline: boolean, extra?: { disabled?: boolean; hint?: string }) => (
    <TextField
      key={f}
      label={label(f)}
      value={d[f]}
      multiline={multiline}
      disabled={readOnly || (extra?.disabled ?? false)}
      hint={extra?.hint}
      problem={problemWords(t, problemOf(f))}
      testId={`content-${f}`}
      onEdit={(v) => {
        setField(f, v);
      }}
    />
  );
  const others = store.document.nodes.filter((n) => n.id > 0 && n.id !== nodeId);
  const nodeSelect = (which: 'previous_id' | 'next_id') => (
    <div className={styles.field}>
      <label htmlFor={fieldId(which)}>{t(`sidebar.content.${which === 'next_id' ? 'next' : 'previous'}`)}</label>
      <select
        id={fieldId(which)}
        className={styles.select}
        value={draft[which] ?? ''}
        disabled={readOnly}
        data-testid={`content-${which}`}
        onChange={(e) => {
          setNodeWide({ [which]: e.target.value === '' ? null : Number(e.target.value) });
        }}
      >
        <option value="">{t('sidebar.content.none')}</option>
        {others.map((n) => (
          <option key={n.id} value={n.id}>
            {nodeLabel(n, lang, t('sidebar.content.nodeNumber', { id: n.id }))}
          </option>
        ))}
      </select>
    </div>
  );
  const withContent = hasContent(d);

  return (
    <PanelFrame title={title} testId="content-form" onClose={onClose} lockedBy={lockedBy}>
      <LanguageTabs
        languages={languages}
        lang={lang}
        onLang={setLang}
        marked={languages.filter((l) => problems.some((p) => p.lang === l))}
        testId="content"
      />
      <div className={styles.form} role="tabpanel" aria-label={languageName(lang, i18n.language)} lang={lang}>
        {text('title', false)}
        {text('abstract', true)}
        <RichField
          label={label('content')}
          value={d.content}
          editorKey={`${nodeId}-${lang}-${i18n.language}`}
          disabled={readOnly || d.node_link_to.trim() !== ''}
          problem={problemWords(t, problemOf('content'))}
          testId="content-content"
          references={references?.map((r) => ({
            key: r.key,
            source: textIn(r.source, lang) || (Object.values(r.source ?? {}).find(Boolean) ?? ''),
          }))}
          onEdit={(html) => {
            setField('content', html);
          }}
        />
        {text('short_content', true)}
        {text('marginal_content_1', true)}
        {text('marginal_content_2', true)}
        {text('node_link_to', false, {
          disabled: withContent && d.node_link_to.trim() === '',
          hint: withContent ? t('sidebar.content.linkBlocked') : t('sidebar.content.linkHint'),
        })}
        {text('node_search_terms', false, { hint: t('sidebar.content.searchTermsHint') })}
        {text('seo_description', true, {
          hint: t('sidebar.content.seoCount', { count: Array.from(d.seo_description).length, max: CONTENT_LIMITS.seo_description }),
        })}
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('sidebar.content.nodeWide')}</legend>
        {nodeSelect('previous_id')}
        {nodeSelect('next_id')}
        <div className={styles.field}>
          <label htmlFor={fieldId('popup')}>{t('sidebar.content.popupType')}</label>
          <select
            id={fieldId('popup')}
            className={styles.select}
            value={draft.popup_type}
            disabled={readOnly}
            data-testid="content-popup_type"
            onChange={(e) => {
              setNodeWide({ popup_type: e.target.value as PopupType });
            }}
          >
            {POPUP_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`sidebar.content.popupTypes.${p}`)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button
          size="small"
          variant="secondary"
          disabled={!dirty || readOnly}
          data-testid="content-discard"
          onClick={() => {
            setLoad({ ...load, draft: structuredClone(saved) });
          }}
        >
          {t('sidebar.content.discardChanges')}
        </Button>
        <Button size="small" disabled={!dirty || readOnly || problems.length > 0} data-testid="content-save" onClick={save}>
          {t('sidebar.content.save')}
        </Button>
      </div>
      {dirty && (
        <p className={styles.note} role="status" data-testid="content-unsaved">
          {t('sidebar.content.unsavedNote')}
        </p>
      )}
    </PanelFrame>
  );
}

/** The content form of the node the editor shows in it. */
export function ContentFormPanel({ store, contentNode, holderOf, closePanel, setPanelUnsaved, canvasLanguage }: PanelProps) {
  return (
    <ContentFormSidebar
      store={store}
      nodeId={contentNode}
      lockedBy={contentNode === undefined ? null : holderOf('node', contentNode)}
      onClose={closePanel}
      onDirty={setPanelUnsaved}
      language={canvasLanguage}
    />
  );
}
