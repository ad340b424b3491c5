// The map's quizzes for the reader: answer, check (the server says which answers were right),
// take again. A quiz with the expandable flag is a collapsed entry of the list until opened.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import type { QuizAnswers, QuizResult, ReaderQuiz } from '../../api/sections';
import { failureKey } from '../../account/problems';
import { Button } from '../../layout/Button';
import { isRemote } from './externalSources';
import { answersOf, choose, unanswered, type Selection } from './quizAnswers';
import { ReaderPanel } from './ReaderPanel';
import { textIn } from './readerSections';
import styles from './Reader.module.css';

export type AnswerQuiz = (quiz: ReaderQuiz, answers: QuizAnswers) => Promise<QuizResult>;

interface QuizProps {
  quiz: ReaderQuiz;
  languages: readonly Language[];
  answer: AnswerQuiz;
  externalAllowed: boolean;
  onAllowExternal: () => void;
}

function QuizForm({ quiz, languages, answer, externalAllowed, onAllowExternal }: QuizProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [selection, setSelection] = useState<Selection>(new Map());
  const [result, setResult] = useState<QuizResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The check button gives way to the score: the focus goes to it, not to the page.
  const scoreRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) scoreRef.current?.focus();
  }, [result]);
  const picture = quiz.title_picture;
  const pictureShown = picture && (externalAllowed || !isRemote(picture, window.location.origin));

  const submit = () => {
    const left = unanswered(quiz, selection);
    if (left.length > 0) {
      setProblem(t('reader.quiz.unanswered', { count: left.length }));
      return;
    }
    setProblem(null);
    setBusy(true);
    answer(quiz, answersOf(quiz, selection)).then(
      (r) => {
        setResult(r);
        setBusy(false);
      },
      (err: unknown) => {
        setProblem(t(`errors.${failureKey(err)}`));
        setBusy(false);
      },
    );
  };

  return (
    <form
      className={styles.quiz}
      data-testid={`quiz-${quiz.id}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {textIn(quiz.description, languages) && <p>{textIn(quiz.description, languages)}</p>}
      {picture &&
        (pictureShown ? (
          <img className={styles.quizPicture} src={picture} alt="" />
        ) : (
          <p className={styles.blocked}>
            <span>{t('reader.consent.blocked')}</span>
            <button type="button" onClick={onAllowExternal}>
              {t('reader.consent.allowExternal')}
            </button>
          </p>
        ))}
      {quiz.questions.map((q, qi) => {
        const chosen = selection.get(q.id) ?? [];
        const verdict = result?.results.find((r) => r.question_id === q.id);
        return (
          <fieldset key={q.id} className={styles.question} disabled={result !== null}>
            <legend>
              {qi + 1}. {textIn(q.text, languages)}
            </legend>
            <p className={styles.hint}>{t(q.multiple_answers ? 'reader.quiz.multiple' : 'reader.quiz.single')}</p>
            {q.answers.map((a) => {
              const correct = verdict?.correct_answer_ids.includes(a.id);
              const picked = chosen.includes(a.id);
              const id = `${baseId}-${q.id}-${a.id}`;
              return (
                <div key={a.id} className={`${styles.answer} ${verdict ? (correct ? styles.correct : picked ? styles.wrong : '') : ''}`}>
                  <input
                    id={id}
                    type={q.multiple_answers ? 'checkbox' : 'radio'}
                    name={`${baseId}-${q.id}`}
                    checked={picked}
                    onChange={(e) => {
                      setSelection((s) => choose(s, q.id, a.id, q.multiple_answers, e.target.checked));
                    }}
                  />
                  <label htmlFor={id}>{textIn(a.text, languages)}</label>
                  {verdict && correct && <span className={styles.mark}>{t('reader.quiz.correctAnswer')}</span>}
                </div>
              );
            })}
            {verdict && (
              <p className={verdict.right ? styles.right : styles.notRight} data-testid="quiz-verdict">
                {t(verdict.right ? 'reader.quiz.right' : 'reader.quiz.notRight')}
              </p>
            )}
          </fieldset>
        );
      })}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {result ? (
        <div className={styles.quizResult}>
          <p role="status" data-testid="quiz-score" ref={scoreRef} tabIndex={-1}>
            {t('reader.quiz.score', { right: result.right, count: quiz.questions.length })}
          </p>
          <Button
            size="small"
            variant="secondary"
            onClick={() => {
              setResult(null);
              setSelection(new Map());
            }}
          >
            {t('reader.quiz.retake')}
          </Button>
        </div>
      ) : (
        <Button size="small" type="submit" busy={busy}>
          {t('reader.quiz.check')}
        </Button>
      )}
    </form>
  );
}

interface QuizPanelProps extends Omit<QuizProps, 'quiz'> {
  quizzes: ReaderQuiz[];
  onClose: () => void;
}

export function QuizPanel({ quizzes, onClose, ...rest }: QuizPanelProps) {
  const { t } = useTranslation();
  return (
    <ReaderPanel title={t('reader.quiz.title', { count: quizzes.length })} testId="reader-quizzes" onClose={onClose}>
      {quizzes.map((quiz) => {
        const name = textIn(quiz.name, rest.languages) || t('reader.quiz.untitled');
        return quiz.expandable ? (
          <details key={quiz.id} className={styles.quizEntry}>
            <summary>{name}</summary>
            <QuizForm quiz={quiz} {...rest} />
          </details>
        ) : (
          <section key={quiz.id} className={styles.quizEntry} aria-label={name}>
            <h3>{name}</h3>
            <QuizForm quiz={quiz} {...rest} />
          </section>
        );
      })}
    </ReaderPanel>
  );
}
