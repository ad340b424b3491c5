// The table of contents' form (account-area §3): entries by reading order with their title per
// language, depth, node and zoom level; reordered by dragging or the move buttons, indented and
// outdented. A controlled form: the section's value in, a whole new value out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Node } from '../../../api/document';
import type { FieldProblems } from '../../../api/http';
import type { Toc } from '../../../api/sections';
import type { Language } from '../../../api/types';
import { Button } from '../../../layout/Button';
import { useServerProblemText } from '../kit/useServerProblemText';
import {
  depthProblem,
  indent,
  moveEntry,
  newEntry,
  nodeChoices,
  nodeTitle,
  outdent,
  removeEntry,
  setDepth,
  TOC_MAX_DEPTH,
} from './tocForm';
import sidebar from '../kit/Panel.module.css';
import { LanguageTabs } from '../kit/LanguageTabs';
import { Picker } from '../kit/Picker';
import { firstLanguage, hasProblemUnder, languagesWithProblems, LIMITS, textIn, withText } from '../kit/checks';
import { DraftTextField, ServerProblem } from '../kit/fields';

/** The kit's picker over the map's nodes by title, in the tab's language. */
function NodePicker({
  nodes,
  lang,
  onPick,
  onClose,
  testId,
}: {
  nodes: readonly Node[];
  lang: Language;
  onPick: (node: Node) => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Picker
      search={(query) => nodeChoices(nodes, lang, query)}
      label={t('editor.sections.toc.searchNode')}
      listLabel={t('editor.sections.toc.nodes')}
      emptyText={t('editor.sections.toc.noNodes')}
      testId={testId}
      onClose={onClose}
      onPick={(choice) => {
        const node = nodes.find((n) => n.id === choice.id);
        if (node) onPick(node);
      }}
    />
  );
}

export function TocForm({
  value,
  onChange,
  readOnly,
  languages,
  canvasLanguage,
  problems,
  nodes,
  levels,
}: {
  value: Toc;
  onChange: (next: Toc) => void;
  readOnly: boolean;
  languages: readonly Language[];
  /** The canvas's language: the form opens on its tab when the map has it. */
  canvasLanguage?: Language;
  problems: FieldProblems;
  /** The map's nodes, to point entries at. */
  nodes: readonly Node[];
  /** The map's zoom levels (1 to this). */
  levels: number;
}) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(() => firstLanguage(languages, canvasLanguage, i18n.language));
  // Which entry's node is being chosen ('new' adds an entry for the node chosen).
  const [picking, setPicking] = useState<number | 'new' | null>(null);
  const [refused, setRefused] = useState<{ index: number; max: number } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // Only the handle starts a drag: text in an entry's title stays selectable with the mouse.
  const [armed, setArmed] = useState<number | null>(null);
  const serverText = useServerProblemText(problems);
  const entries = value.entries;
  const set = (next: Toc['entries'] | null) => {
    if (next) onChange({ ...value, entries: next });
  };
  const nodeName = (id: number) => {
    const node = nodes.find((n) => n.id === id);
    return node ? nodeTitle(node, lang) || t('editor.sections.toc.nodeNumber', { id }) : t('editor.sections.toc.nodeGone');
  };
  const at = (i: number, field: string) => `entries[${i}].${field}`;

  return (
    <>
      <p className={sidebar.note}>{t('editor.sections.toc.intro')}</p>
      <LanguageTabs languages={languages} lang={lang} onLang={setLang} marked={languagesWithProblems(problems, languages)} testId="toc" />
      <ServerProblem problems={problems} path="entries" />
      {entries.length === 0 && <p className={sidebar.empty}>{t('editor.sections.toc.empty')}</p>}
      <ol className={sidebar.entries} aria-label={t('editor.sections.toc.entries')} data-testid="toc-entries">
        {entries.map((entry, i) => (
          <li
            key={i}
            className={[sidebar.entry, over === i && dragged !== i && sidebar.entryOver].filter(Boolean).join(' ')}
            style={{ marginLeft: `${(entry.depth - 1) * 0.9}rem` }}
            draggable={!readOnly && armed === i}
            data-testid={`toc-entry-${i}`}
            data-depth={entry.depth}
            data-problem={hasProblemUnder(problems, `entries[${i}]`) ? 'true' : undefined}
            onDragStart={(e) => {
              setDragged(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
            onDragOver={(e) => {
              if (dragged === null) return;
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => {
              setOver((o) => (o === i ? null : o));
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged !== null && dragged !== i) set(moveEntry(entries, dragged, i));
              setDragged(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
              setArmed(null);
            }}
          >
            <div className={sidebar.entryHead}>
              <span
                className={sidebar.handle}
                aria-hidden="true"
                title={t('editor.sections.toc.drag')}
                data-testid={`toc-handle-${i}`}
                onPointerDown={() => {
                  setArmed(i);
                }}
                onPointerUp={() => {
                  setArmed(null);
                }}
              >
                ⋮⋮
              </span>
              <div className={sidebar.entryTitle}>
                <DraftTextField
                  label={t('editor.sections.toc.entryTitle', { number: i + 1 })}
                  value={textIn(entry.title, lang)}
                  readOnly={readOnly}
                  max={LIMITS.label}
                  testId={`toc-title-${i}`}
                  problem={serverText(`${at(i, 'title')}.${lang}`)}
                  onCommit={(s) => {
                    set(entries.map((e, j) => (j === i ? { ...e, title: withText(e.title, lang, s) } : e)));
                  }}
                />
              </div>
            </div>
            <div className={sidebar.entryFields}>
              <label>
                <span>{t('editor.sections.toc.depth')}</span>
                <select
                  className={sidebar.select}
                  value={entry.depth}
                  disabled={readOnly}
                  data-testid={`toc-depth-${i}`}
                  onChange={(e) => {
                    const depth = Number(e.target.value);
                    const problem = depthProblem(entries, i, depth);
                    setRefused(problem ? { index: i, max: problem.max } : null);
                    set(setDepth(entries, i, depth));
                  }}
                >
                  {Array.from({ length: TOC_MAX_DEPTH }, (_, d) => d + 1).map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span>{t('editor.sections.toc.zoomLevel')}</span>
                <select
                  className={sidebar.select}
                  value={entry.zoom_level}
                  disabled={readOnly}
                  data-testid={`toc-zoom-${i}`}
                  onChange={(e) => {
                    const zoom = Number(e.target.value);
                    set(entries.map((en, j) => (j === i ? { ...en, zoom_level: zoom } : en)));
                  }}
                >
                  {Array.from({ length: Math.max(levels, entry.zoom_level) }, (_, l) => l + 1).map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {refused?.index === i && (
              <span className={sidebar.problem} role="alert" data-testid={`toc-refused-${i}`}>
                {t('editor.sections.toc.tooDeep', { max: refused.max })}
              </span>
            )}
            <ServerProblem problems={problems} path={at(i, 'depth')} />
            <ServerProblem problems={problems} path={at(i, 'zoom_level')} />
            <div className={sidebar.field}>
              <span id={`toc-node-label-${i}`}>{t('editor.sections.toc.node')}</span>
              <button
                type="button"
                className={`${sidebar.tool} ${sidebar.nodeButton}`}
                disabled={readOnly}
                aria-labelledby={`toc-node-label-${i} toc-node-${i}`}
                aria-expanded={picking === i}
                id={`toc-node-${i}`}
                data-testid={`toc-node-${i}`}
                onClick={() => {
                  setPicking(picking === i ? null : i);
                }}
              >
                {nodeName(entry.node_id)}
              </button>
              <ServerProblem problems={problems} path={at(i, 'node_id')} />
            </div>
            {picking === i && (
              <NodePicker
                nodes={nodes}
                lang={lang}
                testId={`toc-picker-${i}`}
                onClose={() => {
                  setPicking(null);
                }}
                onPick={(node) => {
                  set(entries.map((e, j) => (j === i ? { ...e, node_id: node.id } : e)));
                  setPicking(null);
                }}
              />
            )}
            <div className={sidebar.tools}>
              <button
                type="button"
                className={sidebar.tool}
                disabled={readOnly || i === 0}
                aria-label={t('editor.sections.toc.moveUp')}
                title={t('editor.sections.toc.moveUp')}
                data-testid={`toc-up-${i}`}
                onClick={() => {
                  set(moveEntry(entries, i, i - 1));
                }}
              >
                ↑
              </button>
              <button
                type="button"
                className={sidebar.tool}
                disabled={readOnly || i === entries.length - 1}
                aria-label={t('editor.sections.toc.moveDown')}
                title={t('editor.sections.toc.moveDown')}
                data-testid={`toc-down-${i}`}
                onClick={() => {
                  set(moveEntry(entries, i, i + 1));
                }}
              >
                ↓
              </button>
              <button
                type="button"
                className={sidebar.tool}
                disabled={readOnly || outdent(entries, i) === null}
                aria-label={t('editor.sections.toc.outdent')}
                title={t('editor.sections.toc.outdent')}
                data-testid={`toc-outdent-${i}`}
                onClick={() => {
                  set(outdent(entries, i));
                }}
              >
                ⇤
              </button>
              <button
                type="button"
                className={sidebar.tool}
                disabled={readOnly || indent(entries, i) === null}
                aria-label={t('editor.sections.toc.indent')}
                title={t('editor.sections.toc.indent')}
                data-testid={`toc-indent-${i}`}
                onClick={() => {
                  set(indent(entries, i));
                }}
              >
                ⇥
              </button>
              <button
                type="button"
                className={sidebar.tool}
                disabled={readOnly}
                aria-label={t('editor.sections.toc.remove')}
                title={t('editor.sections.toc.remove')}
                data-testid={`toc-remove-${i}`}
                onClick={() => {
                  setRefused(null);
                  set(removeEntry(entries, i));
                }}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
      {picking === 'new' ? (
        <NodePicker
          nodes={nodes}
          lang={lang}
          testId="toc-picker-new"
          onClose={() => {
            setPicking(null);
          }}
          onPick={(node) => {
            set([...entries, newEntry(entries, node, languages, 1)]);
            setPicking(null);
          }}
        />
      ) : (
        <Button
          size="small"
          variant="secondary"
          disabled={readOnly}
          data-testid="toc-add"
          onClick={() => {
            setPicking('new');
          }}
        >
          {t('editor.sections.toc.add')}
        </Button>
      )}
    </>
  );
}
