import { describe, expect, it } from 'vitest';
import type { Quiz } from '../../../api/sections';
import { addAnswer, answerCount, emptyQuiz, markCorrect, newQuestion, quizBody, quizProblems, removeAnswer } from './quizForm';

const question = (over: Partial<Quiz['questions'][number]> = {}): Quiz['questions'][number] => ({
  id: 3,
  text: { en: 'Which?' },
  multiple_answers: false,
  answers: [
    { id: 5, text: { en: 'This' }, correct: true },
    { id: 6, text: { en: 'That' }, correct: false },
  ],
  ...over,
});

describe('a quiz draft', () => {
  it('says what is missing before sending', () => {
    const q = { ...emptyQuiz(), questions: [newQuestion()] };
    expect(quizProblems(q).map((p) => `${p.path}:${p.key}`)).toEqual([
      'name:nameRequired',
      'questions[0].text:textRequired',
      'questions[0].answers[0].text:answerRequired',
      'questions[0].answers[1].text:answerRequired',
      'questions[0].answers:noCorrect',
    ]);
    expect(quizProblems({ ...emptyQuiz(), name: { de: 'Quiz' }, questions: [question()] })).toEqual([]);
  });

  it('takes several correct answers only with multiple answers', () => {
    const both = question({ answers: question().answers.map((a) => ({ ...a, correct: true })) });
    expect(quizProblems({ ...emptyQuiz(), name: { en: 'Q' }, questions: [both] })).toEqual([
      { path: 'questions[0].answers', key: 'oneCorrect' },
    ]);
    expect(quizProblems({ ...emptyQuiz(), name: { en: 'Q' }, questions: [{ ...both, multiple_answers: true }] })).toEqual([]);
  });

  it('marks one answer as a radio button does, several with multiple answers', () => {
    const one = markCorrect(question(), 1, true);
    expect(one.answers.map((a) => a.correct)).toEqual([false, true]);
    const many = markCorrect(question({ multiple_answers: true }), 1, true);
    expect(many.answers.map((a) => a.correct)).toEqual([true, true]);
    expect(markCorrect(question(), 0, false).answers.map((a) => a.correct)).toEqual([false, false]);
  });

  it('keeps 2 to 20 answers', () => {
    let q = question();
    expect(removeAnswer(q, 0)).toBe(q);
    for (let i = 0; i < 30; i++) q = addAnswer(q);
    expect(q.answers).toHaveLength(20);
    expect(removeAnswer(q, 19).answers).toHaveLength(19);
  });

  it('sends the ids the server gave and none for new parts', () => {
    const q = addAnswer(question());
    const body = quizBody({ ...emptyQuiz(), id: 9, name: { en: 'Q' }, questions: [q, newQuestion()] });
    expect(body).not.toHaveProperty('id');
    expect(body.questions[0]?.id).toBe(3);
    expect(body.questions[0]?.answers[2]).toEqual({ text: {}, correct: false });
    expect(body.questions[1]).not.toHaveProperty('id');
  });

  it('counts the readers answers per answer', () => {
    const counts = [
      { question_id: 3, answer_id: 5, count: 4 },
      { question_id: 3, answer_id: 6, count: 1 },
      { question_id: 7, answer_id: 8, count: 9 },
    ];
    expect(answerCount(counts, 3, 5)).toEqual({ count: 4, total: 5 });
    expect(answerCount(counts, 3, 99)).toEqual({ count: 0, total: 5 });
  });
});
