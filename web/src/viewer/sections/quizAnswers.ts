// A reader's answers to a quiz while they take it: one answer per question, or several where the
// question takes multiple answers.
import type { QuizAnswers, ReaderQuiz } from '../../api/sections';

/** Chosen answer ids by question id. */
export type Selection = ReadonlyMap<number, readonly number[]>;

export function choose(selection: Selection, questionId: number, answerId: number, multiple: boolean, on: boolean): Selection {
  const next = new Map(selection);
  const cur = selection.get(questionId) ?? [];
  if (!multiple) next.set(questionId, on ? [answerId] : []);
  else next.set(questionId, on ? [...cur.filter((id) => id !== answerId), answerId] : cur.filter((id) => id !== answerId));
  return next;
}

/** The questions still without an answer (the quiz is sent once each has one). */
export function unanswered(quiz: ReaderQuiz, selection: Selection): number[] {
  return quiz.questions.filter((q) => (selection.get(q.id) ?? []).length === 0).map((q) => q.id);
}

export function answersOf(quiz: ReaderQuiz, selection: Selection): QuizAnswers {
  return { answers: quiz.questions.map((q) => ({ question_id: q.id, answer_ids: [...(selection.get(q.id) ?? [])] })) };
}
