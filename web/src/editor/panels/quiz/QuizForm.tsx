// One quiz's form (account-area §3, the side menu's "quiz form"): name, description, title picture,
// the expandable-list flag and the questions with their answers, the correct ones marked, and how
// often readers chose each answer. A controlled form over the quiz draft.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from '../../../api/http';
import type { Quiz, QuizCount, QuizQuestion } from '../../../api/sections';
import type { Language } from '../../../api/types';
import { Button } from '../../../layout/Button';
import {
  addAnswer,
  answerCount,
  MAX_ANSWERS,
  MIN_ANSWERS,
  markCorrect,
  moveItem,
  newQuestion,
  removeAnswer,
  type QuizProblem,
} from './quizForm';
import { useServerProblemText } from '../kit/useServerProblemText';
import sidebar from '../kit/Panel.module.css';
import { LanguageTabs } from '../kit/LanguageTabs';
import { firstLanguage, languagesWithProblems, LIMITS, textIn, withText } from '../kit/checks';
import { DraftTextField } from '../kit/fields';

/** A title picture is an http(s) address or a path on this site, as the server takes it. */
function isPictureAddress(s: string): boolean {
  const v = s.trim();
  return v === '' || v.startsWith('/') || /^https?:\/\/[^\s/]+/i.test(v);
}

export function QuizForm({
  value,
  onChange,
  readOnly,
  languages,
  problems,
  localProblems,
  counts,
}: {
  value: Quiz;
  onChange: (next: Quiz) => void;
  readOnly: boolean;
  languages: readonly Language[];
  /** The server's field problems of the last save. */
  problems: FieldProblems;
  /** What the form found missing (shown once a save was tried). */
  localProblems: readonly QuizProblem[];
  counts: readonly QuizCount[];
}) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(() => firstLanguage(languages, i18n.language));
  const serverText = useServerProblemText(problems);
  // The form's own finding first (it is what the user must fix before sending), else the server's.
  const problemOf = (path: string): string | null => {
    const local = localProblems.find((p) => p.path === path);
    if (local) return t(`editor.sections.quiz.problems.${local.key}`, { max: local.max });
    return serverText(path);
  };
  const set = (patch: Partial<Quiz>) => {
    onChange({ ...value, ...patch });
  };
  const setQuestion = (i: number, q: QuizQuestion) => {
    set({ questions: value.questions.map((x, j) => (j === i ? q : x)) });
  };

  return (
    <>
      <LanguageTabs languages={languages} lang={lang} onLang={setLang} marked={languagesWithProblems(problems, languages)} testId="quiz" />
      <div className={sidebar.form} lang={lang}>
        <DraftTextField
          label={t('editor.sections.quiz.name')}
          value={textIn(value.name, lang)}
          readOnly={readOnly}
          max={LIMITS.label}
          testId="quiz-name"
          problem={problemOf('name') ?? serverText(`name.${lang}`)}
          onCommit={(s) => {
            set({ name: withText(value.name, lang, s) });
          }}
        />
        <DraftTextField
          label={t('editor.sections.quiz.description')}
          value={textIn(value.description, lang)}
          readOnly={readOnly}
          max={LIMITS.description}
          multiline
          testId="quiz-description"
          problem={serverText(`description.${lang}`)}
          onCommit={(s) => {
            set({ description: withText(value.description, lang, s) });
          }}
        />
        <DraftTextField
          label={t('editor.sections.quiz.titlePicture')}
          value={value.title_picture ?? ''}
          readOnly={readOnly}
          max={2000}
          inputMode="url"
          testId="quiz-title_picture"
          hint={t('editor.sections.quiz.titlePictureHint')}
          problem={serverText('title_picture')}
          check={(s) => (isPictureAddress(s) ? null : t('editor.sections.quiz.pictureAddress'))}
          onCommit={(s) => {
            set({ title_picture: s.trim() });
          }}
        />
        <label className={sidebar.check}>
          <input
            type="checkbox"
            checked={value.expandable}
            disabled={readOnly}
            data-testid="quiz-expandable"
            onChange={(e) => {
              set({ expandable: e.target.checked });
            }}
          />
          {t('editor.sections.quiz.expandable')}
        </label>
      </div>
      <h3 className={sidebar.legend}>{t('editor.sections.quiz.questions')}</h3>
      {value.questions.length === 0 && <p className={sidebar.empty}>{t('editor.sections.quiz.noQuestions')}</p>}
      <ol className={sidebar.entries} aria-label={t('editor.sections.quiz.questions')}>
        {value.questions.map((q, i) => {
          const answersPath = `questions[${i}].answers`;
          const answersProblem = problemOf(answersPath);
          return (
            <li key={i} className={sidebar.entry} data-testid={`quiz-question-${i}`} lang={lang}>
              <div className={sidebar.entryHead}>
                <strong className={sidebar.entryTitle}>{t('editor.sections.quiz.question', { number: i + 1 })}</strong>
                <div className={sidebar.tools}>
                  <button
                    type="button"
                    className={sidebar.tool}
                    disabled={readOnly || i === 0}
                    aria-label={t('editor.sections.quiz.moveUp', { number: i + 1 })}
                    title={t('editor.sections.quiz.moveUp', { number: i + 1 })}
                    onClick={() => {
                      set({ questions: moveItem(value.questions, i, i - 1) });
                    }}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={sidebar.tool}
                    disabled={readOnly || i === value.questions.length - 1}
                    aria-label={t('editor.sections.quiz.moveDown', { number: i + 1 })}
                    title={t('editor.sections.quiz.moveDown', { number: i + 1 })}
                    onClick={() => {
                      set({ questions: moveItem(value.questions, i, i + 1) });
                    }}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={sidebar.tool}
                    disabled={readOnly}
                    aria-label={t('editor.sections.quiz.removeQuestion', { number: i + 1 })}
                    title={t('editor.sections.quiz.removeQuestion', { number: i + 1 })}
                    data-testid={`quiz-remove-question-${i}`}
                    onClick={() => {
                      set({ questions: value.questions.filter((_, j) => j !== i) });
                    }}
                  >
                    ×
                  </button>
                </div>
              </div>
              <DraftTextField
                label={t('editor.sections.quiz.questionText')}
                value={textIn(q.text, lang)}
                readOnly={readOnly}
                max={LIMITS.description}
                multiline
                testId={`quiz-question-${i}-text`}
                problem={problemOf(`questions[${i}].text`) ?? serverText(`questions[${i}].text.${lang}`)}
                onCommit={(s) => {
                  setQuestion(i, { ...q, text: withText(q.text, lang, s) });
                }}
              />
              <label className={sidebar.check}>
                <input
                  type="checkbox"
                  checked={q.multiple_answers}
                  disabled={readOnly}
                  data-testid={`quiz-question-${i}-multiple`}
                  onChange={(e) => {
                    setQuestion(i, { ...q, multiple_answers: e.target.checked });
                  }}
                />
                {t('editor.sections.quiz.multiple')}
              </label>
              <fieldset className={sidebar.group} aria-describedby={answersProblem ? `quiz-answers-${i}-problem` : undefined}>
                <legend className={sidebar.legend}>{t('editor.sections.quiz.answers')}</legend>
                <p className={sidebar.hint}>
                  {q.multiple_answers ? t('editor.sections.quiz.markSeveral') : t('editor.sections.quiz.markOne')}
                </p>
                {q.answers.map((a, j) => {
                  const path = `${answersPath}[${j}].text`;
                  const chosen = q.id > 0 && a.id > 0 ? answerCount(counts, q.id, a.id) : null;
                  return (
                    <div key={j} className={sidebar.answer} data-testid={`quiz-answer-${i}-${j}`}>
                      <input
                        type={q.multiple_answers ? 'checkbox' : 'radio'}
                        name={`quiz-question-${i}-correct`}
                        checked={a.correct}
                        disabled={readOnly}
                        aria-label={t('editor.sections.quiz.correct', { number: j + 1 })}
                        data-testid={`quiz-answer-${i}-${j}-correct`}
                        onChange={(e) => {
                          setQuestion(i, markCorrect(q, j, e.target.checked));
                        }}
                        onClick={(e) => {
                          // A radio cannot be unticked by clicking it: a second click takes the mark away.
                          if (!q.multiple_answers && a.correct && e.currentTarget.checked) setQuestion(i, markCorrect(q, j, false));
                        }}
                      />
                      <DraftTextField
                        label={t('editor.sections.quiz.answer', { number: j + 1 })}
                        value={textIn(a.text, lang)}
                        readOnly={readOnly}
                        max={LIMITS.description}
                        testId={`quiz-answer-${i}-${j}-text`}
                        problem={problemOf(path) ?? serverText(`${path}.${lang}`)}
                        onCommit={(s) => {
                          setQuestion(i, {
                            ...q,
                            answers: q.answers.map((x, k) => (k === j ? { ...x, text: withText(x.text, lang, s) } : x)),
                          });
                        }}
                      />
                      <button
                        type="button"
                        className={sidebar.tool}
                        disabled={readOnly || q.answers.length <= MIN_ANSWERS}
                        aria-label={t('editor.sections.quiz.removeAnswer', { number: j + 1 })}
                        title={t('editor.sections.quiz.removeAnswer', { number: j + 1 })}
                        onClick={() => {
                          setQuestion(i, removeAnswer(q, j));
                        }}
                      >
                        ×
                      </button>
                      {chosen && (
                        <span className={sidebar.count} data-testid={`quiz-count-${i}-${j}`}>
                          <span className={sidebar.countBar} aria-hidden="true">
                            <span
                              className={sidebar.countFill}
                              style={{ width: `${chosen.total > 0 ? Math.round((chosen.count / chosen.total) * 100) : 0}%` }}
                            />
                          </span>
                          {t('editor.sections.quiz.chosen', { count: chosen.count })}
                        </span>
                      )}
                    </div>
                  );
                })}
                {answersProblem && (
                  <span id={`quiz-answers-${i}-problem`} className={sidebar.problem} role="alert" data-testid={`quiz-answers-${i}-problem`}>
                    {answersProblem}
                  </span>
                )}
                <div className={sidebar.buttons}>
                  <Button
                    size="small"
                    variant="ghost"
                    disabled={readOnly || q.answers.length >= MAX_ANSWERS}
                    data-testid={`quiz-add-answer-${i}`}
                    onClick={() => {
                      setQuestion(i, addAnswer(q));
                    }}
                  >
                    {t('editor.sections.quiz.addAnswer')}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        size="small"
        variant="secondary"
        disabled={readOnly}
        data-testid="quiz-add-question"
        onClick={() => {
          set({ questions: [...value.questions, newQuestion()] });
        }}
      >
        {t('editor.sections.quiz.addQuestion')}
      </Button>
    </>
  );
}
