// The editor's note (account-area §3): title, rich text, label, shown or hidden, and the team
// members; readers open it from the map's header as "About this map". Held under the
// `editors_note` lock while open.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorsNote, TeamMember } from '../../../api/sections';
import sidebar from '../kit/Panel.module.css';
import { useSection } from '../kit/useSection';
import { useSectionForm, type SectionPanelProps } from '../kit/useSectionForm';
import type { PanelProps } from '../types';
import { LanguageTabs } from '../kit/LanguageTabs';
import { PanelFrame } from '../kit/PanelFrame';
import { checkEditorsNote, firstLanguage, languagesWithProblems, LIMITS, moved, replaced, textIn, without, withText } from '../kit/checks';
import { AddButton, ListItem, RichField, TextField } from '../kit/fields';

function EditorsNotePanelForm({ store, languages, canvasLanguage, lockedBy, onClose, onUnsaved }: SectionPanelProps) {
  const { t, i18n } = useTranslation();
  const section = useSection(store, 'editors_note');
  const form = useSectionForm(section, checkEditorsNote, languages, onUnsaved);
  const [lang, setLang] = useState(() => firstLanguage(languages, canvasLanguage));
  const readOnly = lockedBy !== null;
  const note = form.value;
  const p = form.problems;
  const set = (patch: Partial<EditorsNote>) => {
    if (note) form.edit({ ...note, ...patch });
  };
  const members = note?.team_members ?? [];
  const setMembers = (list: TeamMember[], commit: boolean) => {
    if (!note) return;
    if (commit) form.commit({ ...note, team_members: list });
    else form.edit({ ...note, team_members: list });
  };
  const text = (field: 'title' | 'label', label: string, hint?: string) =>
    note && (
      <TextField
        label={label}
        value={textIn(note[field], lang)}
        onEdit={(v) => {
          set({ [field]: withText(note[field], lang, v) });
        }}
        onCommit={() => {
          form.commit();
        }}
        problem={p[`${field}.${lang}`]}
        disabled={readOnly}
        testId={`note-${field}`}
        hint={hint}
      />
    );
  return (
    <PanelFrame
      title={t('editor.menu.options.editorsNote')}
      testId="editors-note-panel"
      onClose={onClose}
      lockedBy={lockedBy}
      load={note !== null ? 'ready' : section.error !== null ? 'failed' : 'loading'}
      closeOnEscape
    >
      {note && (
        <>
          <label className={sidebar.check}>
            <input
              type="checkbox"
              checked={note.shown}
              disabled={readOnly}
              data-testid="note-shown"
              onChange={(e) => {
                form.commit({ ...note, shown: e.target.checked });
              }}
            />
            {t('editor.sections.note.shown')}
          </label>
          <LanguageTabs languages={languages} lang={lang} onLang={setLang} marked={languagesWithProblems(p, languages)} />
          <div className={sidebar.form} role="tabpanel" aria-label={t(`language.${lang}`)} lang={lang}>
            {text('label', t('editor.sections.note.label'), t('editor.sections.note.labelHint'))}
            {text('title', t('editor.sections.note.title'))}
            <RichField
              label={t('editor.sections.note.text')}
              value={textIn(note.text, lang)}
              editorKey={`${lang}-${i18n.language}-${String(readOnly)}`}
              onEdit={(html) => {
                set({ text: withText(note.text, lang, html) });
              }}
              onCommit={() => {
                form.commit();
              }}
              problem={p[`text.${lang}`]}
              disabled={readOnly}
              testId="note-text"
            />
          </div>
          <fieldset className={sidebar.group}>
            <legend className={sidebar.legend}>{t('editor.sections.note.team')}</legend>
            {members.length === 0 && <p className={sidebar.note}>{t('editor.sections.note.noMembers')}</p>}
            <ol className={sidebar.list}>
              {members.map((m, i) => (
                <ListItem
                  key={i}
                  title={m.name || t('editor.sections.note.memberNumber', { n: i + 1 })}
                  index={i}
                  count={members.length}
                  disabled={readOnly}
                  testId={`note-member-${i}`}
                  onMove={(d) => {
                    setMembers(moved(members, i, d), true);
                  }}
                  onRemove={() => {
                    setMembers(without(members, i), true);
                  }}
                >
                  <TextField
                    label={t('editor.sections.note.memberName')}
                    value={m.name}
                    onEdit={(v) => {
                      setMembers(replaced(members, i, { ...m, name: v }), false);
                    }}
                    onCommit={() => {
                      form.commit();
                    }}
                    problem={p[`team_members[${i}].name`]}
                    disabled={readOnly}
                    testId={`note-member-${i}-name`}
                  />
                  <TextField
                    label={t('editor.sections.note.memberDescription', { language: t(`language.${lang}`) })}
                    value={textIn(m.description, lang)}
                    multiline
                    onEdit={(v) => {
                      setMembers(replaced(members, i, { ...m, description: withText(m.description, lang, v) }), false);
                    }}
                    onCommit={() => {
                      form.commit();
                    }}
                    problem={p[`team_members[${i}].description.${lang}`]}
                    disabled={readOnly}
                    testId={`note-member-${i}-description`}
                  />
                </ListItem>
              ))}
            </ol>
            <AddButton
              label={t('editor.sections.note.addMember')}
              disabled={readOnly || members.length >= LIMITS.teamMembers}
              testId="note-add-member"
              onAdd={() => {
                setMembers([...members, { name: '', description: {} }], true);
              }}
            />
          </fieldset>
        </>
      )}
    </PanelFrame>
  );
}

export function EditorsNotePanel({ store, canvasLanguage, sectionHolder, closePanel, setPanelUnsaved }: PanelProps) {
  return (
    <EditorsNotePanelForm
      store={store}
      onUnsaved={setPanelUnsaved}
      languages={store.map.languages}
      canvasLanguage={canvasLanguage}
      lockedBy={sectionHolder}
      onClose={closePanel}
    />
  );
}
