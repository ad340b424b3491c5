// The quizzes (account-area §3): the side menu's "quiz" lists them (create, edit, delete, see how
// readers answered), its "quiz form" is one quiz's questions and answers being edited. A quiz is
// saved with its own call on Save; Discard puts back what was saved. The Editor holds the `quiz`
// lock while either is open.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldProblems } from '../../../api/http';
import {
  createQuiz,
  deleteQuiz,
  getQuiz,
  listQuizzes,
  updateQuiz,
  type Quiz,
  type QuizCount,
  type QuizWithCounts,
} from '../../../api/sections';
import type { Language } from '../../../api/types';
import { Button } from '../../../layout/Button';
import { toasts } from '../../../layout/toasts';
import { ConfirmDialog } from '../../shell/EditorParts';
import { emptyQuiz, isDirty, newQuestion, quizBody, quizOf, quizProblems } from './quizForm';
import { QuizForm } from './QuizForm';
import sidebar from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelFrame } from '../kit/PanelFrame';
import { textIn } from '../kit/checks';

/** The quiz being edited: as saved (id 0 for a new one), the draft, and the readers' counts. */
interface Editing {
  saved: Quiz;
  draft: Quiz;
  counts: QuizCount[];
}

// An unsaved draft outlives the panel (closing it, or choosing another option, unmounts it): it is
// there again when the quizzes are opened next on the same map.
const keptDrafts = new Map<number, Editing>();

type ListLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; quizzes: Quiz[] };

/** What a failed quiz call means for the user, as a key under editor.sections. */
function failureKey(err: unknown): 'lockedNow' | 'needsEditor' | 'checkFields' | 'failed' {
  if (!(err instanceof ApiError)) return 'failed';
  if (err.code === 'element_locked' || err.status === 409) return 'lockedNow';
  if (err.status === 403) return 'needsEditor';
  if (err.status === 400 && Object.keys(err.problems).length > 0) return 'checkFields';
  return 'failed';
}

function quizName(quiz: Quiz, lang: Language, languages: readonly Language[]): string {
  const own = textIn(quiz.name, lang);
  return own !== '' ? own : (languages.map((l) => textIn(quiz.name, l)).find((s) => s !== '') ?? '');
}

export function QuizSidebar({
  mapId,
  revision,
  languages,
  view,
  onView,
  lockedBy,
  onClose,
}: {
  mapId: number;
  /** The map's revision: the list is read again when another editor changes it. */
  revision: number;
  languages: readonly Language[];
  /** The list of quizzes, or one quiz's form. */
  view: 'list' | 'form';
  onView: (view: 'list' | 'form') => void;
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<ListLoad>({ state: 'loading' });
  const [editing, setEditingState] = useState<Editing | null>(() => keptDrafts.get(mapId) ?? null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Quiz | null>(null);
  const [leaving, setLeaving] = useState(false);
  const readOnly = lockedBy !== null || busy;
  const lang = languages.find((l) => i18n.language.startsWith(l)) ?? languages[0] ?? 'en';

  const setEditing = (next: Editing | null) => {
    setEditingState(next);
    if (next && (next.saved.id === 0 || isDirty(next.saved, next.draft))) keptDrafts.set(mapId, next);
    else keptDrafts.delete(mapId);
  };

  useEffect(() => {
    const abort = new AbortController();
    listQuizzes(mapId, abort.signal).then(
      (answer) => {
        setList({ state: 'ready', quizzes: answer.quizzes });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('reading the quizzes failed', err instanceof ApiError ? err.code : err);
        setList({ state: 'failed' });
      },
    );
    return () => {
      abort.abort();
    };
  }, [mapId, revision]);

  const startFresh = (answer: QuizWithCounts | null) => {
    const saved = answer ? quizOf(answer) : { ...emptyQuiz(), questions: [newQuestion()] };
    setEditing({ saved, draft: structuredClone(saved), counts: answer?.counts ?? [] });
    setTried(false);
    setProblems({});
    setFailure(null);
  };

  const open = async (quiz: Quiz | null) => {
    if (!quiz) {
      startFresh(null);
      onView('form');
      return;
    }
    setBusy(true);
    try {
      startFresh(await getQuiz(mapId, quiz.id));
      onView('form');
    } catch (err) {
      toasts.error(t(`editor.sections.forms.${failureKey(err)}`));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!editing) return;
    setTried(true);
    if (quizProblems(editing.draft).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      // The client's calls are typed with the stored quiz; the body leaves out the ids not yet given.
      const body = quizBody(editing.draft) as unknown as Quiz;
      const answer = editing.saved.id > 0 ? await updateQuiz(mapId, editing.saved.id, body) : await createQuiz(mapId, body);
      startFresh(answer);
      setList((l) =>
        l.state === 'ready'
          ? { state: 'ready', quizzes: [...l.quizzes.filter((q) => q.id !== answer.id), quizOf(answer)].sort((a, b) => a.id - b.id) }
          : l,
      );
      toasts.success(t('editor.sections.quiz.saved'));
    } catch (err) {
      setProblems(err instanceof ApiError ? err.problems : {});
      setFailure(t(`editor.sections.forms.${failureKey(err)}`));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (quiz: Quiz) => {
    setDeleting(null);
    setBusy(true);
    try {
      await deleteQuiz(mapId, quiz.id);
      setList((l) => (l.state === 'ready' ? { state: 'ready', quizzes: l.quizzes.filter((q) => q.id !== quiz.id) } : l));
      if (editing?.saved.id === quiz.id) {
        setEditing(null);
        onView('list');
      }
      toasts.success(t('editor.sections.quiz.deleted'));
    } catch (err) {
      toasts.error(t(`editor.sections.forms.${failureKey(err)}`));
    } finally {
      setBusy(false);
    }
  };

  // A new quiz is unsaved until it is saved, even untouched.
  const dirty = editing !== null && (editing.saved.id === 0 || isDirty(editing.saved, editing.draft));
  const local = editing && tried ? quizProblems(editing.draft) : [];
  const title = view === 'form' ? t('editor.menu.options.quizForm') : t('editor.menu.options.quiz');

  const listView = (
    <>
      <p className={sidebar.note}>{view === 'form' ? t('editor.sections.quiz.choose') : t('editor.sections.quiz.intro')}</p>
      {list.state === 'loading' && <p className={sidebar.note}>{t('editor.sections.common.loading')}</p>}
      {list.state === 'failed' && (
        <p className={sidebar.problem} role="alert">
          {t('editor.sections.common.loadFailed')}
        </p>
      )}
      {list.state === 'ready' && list.quizzes.length === 0 && <p className={sidebar.empty}>{t('editor.sections.quiz.none')}</p>}
      {list.state === 'ready' && list.quizzes.length > 0 && (
        <ul className={sidebar.templateList} data-testid="quiz-list">
          {list.quizzes.map((q) => (
            <li key={q.id} className={sidebar.templateRow} data-testid={`quiz-row-${q.id}`}>
              <span className={sidebar.templateName}>{quizName(q, lang, languages) || t('editor.sections.quiz.unnamed')}</span>
              <span className={sidebar.hint}>{t('editor.sections.quiz.questionCount', { count: q.questions.length })}</span>
              <span className={sidebar.templateActions}>
                <Button size="small" variant="secondary" disabled={busy} data-testid={`quiz-edit-${q.id}`} onClick={() => void open(q)}>
                  {lockedBy ? t('editor.sections.quiz.view') : t('editor.sections.quiz.edit')}
                </Button>
                <Button
                  size="small"
                  variant="dangerOutline"
                  disabled={readOnly}
                  data-testid={`quiz-delete-${q.id}`}
                  onClick={() => {
                    setDeleting(q);
                  }}
                >
                  {t('editor.sections.quiz.delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className={sidebar.buttons}>
        <Button size="small" disabled={readOnly} data-testid="quiz-new" onClick={() => void open(null)}>
          {t('editor.sections.quiz.new')}
        </Button>
        {editing && dirty && (
          <Button
            size="small"
            variant="secondary"
            data-testid="quiz-resume"
            onClick={() => {
              onView('form');
            }}
          >
            {t('editor.sections.quiz.resume')}
          </Button>
        )}
      </div>
    </>
  );

  return (
    <PanelFrame title={title} testId="quiz-sidebar" onClose={onClose} lockedBy={lockedBy}>
      {view === 'list' || !editing ? (
        listView
      ) : (
        <>
          <div className={sidebar.buttons}>
            <Button
              size="small"
              variant="ghost"
              data-testid="quiz-back"
              onClick={() => {
                if (dirty) setLeaving(true);
                else onView('list');
              }}
            >
              {t('editor.sections.quiz.back')}
            </Button>
          </div>
          <QuizForm
            value={editing.draft}
            onChange={(draft) => {
              setEditing({ ...editing, draft });
            }}
            readOnly={readOnly}
            languages={languages}
            problems={problems}
            localProblems={local}
            counts={editing.counts}
          />
          {/* Said beside the Save button, where it was pressed. */}
          {tried && local.length > 0 && (
            <p className={sidebar.problem} role="alert" data-testid="quiz-missing">
              {t('editor.sections.quiz.missing', { count: local.length })}
            </p>
          )}
          {failure && (
            <p className={sidebar.problem} role="alert" data-testid="quiz-failure">
              {failure}
            </p>
          )}
          <div className={sidebar.actions}>
            {editing.saved.id > 0 && (
              <Button
                size="small"
                variant="dangerOutline"
                disabled={readOnly}
                data-testid="quiz-delete"
                onClick={() => {
                  setDeleting(editing.saved);
                }}
              >
                {t('editor.sections.quiz.delete')}
              </Button>
            )}
            <Button
              size="small"
              variant="secondary"
              disabled={!dirty || readOnly}
              data-testid="quiz-discard"
              onClick={() => {
                setEditing({ ...editing, draft: structuredClone(editing.saved) });
                setTried(false);
                setProblems({});
                setFailure(null);
              }}
            >
              {t('editor.sections.quiz.discard')}
            </Button>
            <Button size="small" disabled={!dirty || readOnly} busy={busy} data-testid="quiz-save" onClick={() => void save()}>
              {t('editor.sections.quiz.save')}
            </Button>
          </div>
          {dirty && (
            <p className={sidebar.note} role="status" data-testid="quiz-unsaved">
              {t('editor.sections.quiz.unsaved')}
            </p>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('editor.sections.quiz.deleteTitle')}
          text={t('editor.sections.quiz.deleteText', { name: quizName(deleting, lang, languages) || t('editor.sections.quiz.unnamed') })}
          confirm={t('editor.sections.quiz.delete')}
          onConfirm={() => void remove(deleting)}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
      {leaving && editing && (
        <ConfirmDialog
          title={t('editor.sections.quiz.leaveTitle')}
          text={t('editor.sections.quiz.leaveText')}
          confirm={t('editor.sections.quiz.discard')}
          onConfirm={() => {
            setLeaving(false);
            setEditing(null);
            onView('list');
          }}
          onClose={() => {
            setLeaving(false);
          }}
        />
      )}
    </PanelFrame>
  );
}

/** The quizzes (list) and one quiz (form): one panel for both options, so the quiz being edited stays. */
export function QuizPanel({ store, option, chooseOption, sectionHolder, closePanel }: PanelProps) {
  return (
    <QuizSidebar
      mapId={store.mapId}
      revision={store.revision}
      languages={store.map.languages}
      view={option === 'quizForm' ? 'form' : 'list'}
      onView={(view) => {
        if ((view === 'form') !== (option === 'quizForm')) chooseOption(view === 'form' ? 'quizForm' : 'quiz');
      }}
      lockedBy={sectionHolder}
      onClose={closePanel}
    />
  );
}
