// A quiz's form (account-area §3): name, description, title picture, the expandable-list flag and
// questions with 2–20 answers, the correct ones marked (one unless the question takes several).
// Edited as a draft and saved on demand; what is missing is said before sending.
import type { Quiz, QuizCount, QuizQuestion } from '../../../api/sections';
import { hasText, isTooLong, LIMITS } from '../kit/checks';

export type QuizAnswerDraft = QuizQuestion['answers'][number];

export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 20;
export const MAX_QUESTIONS = 100;

/** Ids of 0 are not yet stored: the server gives them ids (and keeps those it gave). */
export function emptyQuiz(): Quiz {
  return { id: 0, name: {}, description: {}, title_picture: '', expandable: false, questions: [] };
}

export function newQuestion(): QuizQuestion {
  return { id: 0, text: {}, multiple_answers: false, answers: [newAnswer(), newAnswer()] };
}

export function newAnswer(): QuizAnswerDraft {
  return { id: 0, text: {}, correct: false };
}

/** What a quiz's POST or PUT takes: the ids the server gave, none for new questions and answers. */
export type QuizBody = Omit<Quiz, 'id' | 'questions'> & {
  questions: (Omit<QuizQuestion, 'id' | 'answers'> & { id?: number; answers: (Omit<QuizAnswerDraft, 'id'> & { id?: number })[] })[];
};

const storedId = (id: number) => (id > 0 ? { id } : {});

export function quizBody(quiz: Quiz): QuizBody {
  return {
    name: quiz.name,
    description: quiz.description,
    title_picture: quiz.title_picture ?? '',
    expandable: quiz.expandable,
    questions: quiz.questions.map((q) => ({
      ...storedId(q.id),
      text: q.text,
      multiple_answers: q.multiple_answers,
      answers: q.answers.map((a) => ({ ...storedId(a.id), text: a.text, correct: a.correct })),
    })),
  };
}

/** The quiz's editable part, without what the server adds to its answer (counts, revision). */
export function quizOf(answer: Quiz): Quiz {
  return {
    id: answer.id,
    name: answer.name ?? {},
    description: answer.description,
    title_picture: answer.title_picture ?? '',
    expandable: answer.expandable,
    questions: answer.questions,
  };
}

export function isDirty(saved: Quiz, draft: Quiz): boolean {
  return JSON.stringify(saved) !== JSON.stringify(draft);
}

/**
 * The question with an answer marked correct or not. Without multiple answers marking one unmarks
 * the others, as a radio button does.
 */
export function markCorrect(question: QuizQuestion, index: number, correct: boolean): QuizQuestion {
  return {
    ...question,
    answers: question.answers.map((a, i) =>
      i === index ? { ...a, correct } : question.multiple_answers || !correct ? a : { ...a, correct: false },
    ),
  };
}

export function addAnswer(question: QuizQuestion): QuizQuestion {
  if (question.answers.length >= MAX_ANSWERS) return question;
  return { ...question, answers: [...question.answers, newAnswer()] };
}

export function removeAnswer(question: QuizQuestion, index: number): QuizQuestion {
  if (question.answers.length <= MIN_ANSWERS) return question;
  return { ...question, answers: question.answers.filter((_, i) => i !== index) };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export type QuizProblemKey =
  'nameRequired' | 'textRequired' | 'answerRequired' | 'noCorrect' | 'oneCorrect' | 'tooLong' | 'tooManyQuestions';

/** A problem of the draft at an envelope path (`questions[1].answers`), as the server would name it. */
export interface QuizProblem {
  path: string;
  key: QuizProblemKey;
  max?: number;
}

const at = (list: string, i: number, field: string) => `${list}[${i}].${field}`;

/** What is missing or wrong in the draft; it is not sent while there is any. */
export function quizProblems(quiz: Quiz): QuizProblem[] {
  const out: QuizProblem[] = [];
  const long = (path: string, texts: Record<string, string> | null | undefined, max: number) => {
    if (Object.values(texts ?? {}).some((s) => isTooLong(s, max))) out.push({ path, key: 'tooLong', max });
  };
  if (!hasText(quiz.name)) out.push({ path: 'name', key: 'nameRequired' });
  long('name', quiz.name, LIMITS.label);
  long('description', quiz.description, LIMITS.description);
  if (quiz.questions.length > MAX_QUESTIONS) out.push({ path: 'questions', key: 'tooManyQuestions', max: MAX_QUESTIONS });
  quiz.questions.forEach((q, i) => {
    const text = at('questions', i, 'text');
    if (!hasText(q.text)) out.push({ path: text, key: 'textRequired' });
    long(text, q.text, LIMITS.description);
    const answers = at('questions', i, 'answers');
    q.answers.forEach((a, j) => {
      const path = `${answers}[${j}].text`;
      if (!hasText(a.text)) out.push({ path, key: 'answerRequired' });
      long(path, a.text, LIMITS.description);
    });
    const correct = q.answers.filter((a) => a.correct).length;
    if (correct === 0) out.push({ path: answers, key: 'noCorrect' });
    else if (correct > 1 && !q.multiple_answers) out.push({ path: answers, key: 'oneCorrect' });
  });
  return out;
}

/** How often readers chose an answer, and how many chose any answer of its question. */
export function answerCount(counts: readonly QuizCount[], questionId: number, answerId: number): { count: number; total: number } {
  let count = 0;
  let total = 0;
  for (const c of counts) {
    if (c.question_id !== questionId) continue;
    total += c.count;
    if (c.answer_id === answerId) count += c.count;
  }
  return { count, total };
}
