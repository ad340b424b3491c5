// What a reader's map shows besides the nodes (docs/api.md "Sections"): the public map carries
// the live version's sections; the preview reads the working copy's one by one.
import type { Language } from '../../api';
import type { MapDocument } from '../../api/document';
import type { PublicMapDocument } from '../../api/publishing';
import type {
  CookieConsent,
  EditorsNote,
  Glossary,
  Header,
  Quiz,
  QuizAnswers,
  QuizResult,
  ReaderQuiz,
  References,
  SocialSharing,
  Toc,
} from '../../api/sections';

type Text = Partial<Record<Language, string>> | null | undefined;

/** A map's sections as a reader gets them; null where never written (or, the note, not shown). */
export interface ReaderSections {
  editorsNote: EditorsNote | null;
  glossary: Glossary | null;
  references: References | null;
  header: Header | null;
  toc: Toc | null;
  socialSharing: SocialSharing | null;
  cookieConsent: CookieConsent | null;
  quizzes: ReaderQuiz[];
}

export const NO_SECTIONS: ReaderSections = {
  editorsNote: null,
  glossary: null,
  references: null,
  header: null,
  toc: null,
  socialSharing: null,
  cookieConsent: null,
  quizzes: [],
};

/** A text in the first of the reader's languages that has it; "" when none does. */
export function textIn(text: Text, languages: readonly Language[]): string {
  if (!text) return '';
  for (const lang of languages) {
    const value = text[lang]?.trim();
    if (value) return value;
  }
  return '';
}

/**
 * A text the interface has its own translation of (the consent banner's title, a header button's
 * label): the map's text in the interface's language, else the interface's own — never the map's
 * text in another language, which would put English words into a French page.
 */
export function interfaceTextIn(text: Text, language: string | undefined, own: string): string {
  const value = text && language ? text[language as Language]?.trim() : undefined;
  return value !== undefined && value !== '' ? value : own;
}

export function sectionsOfPublicMap(doc: PublicMapDocument): ReaderSections {
  return {
    editorsNote: doc.editors_note?.shown ? doc.editors_note : null,
    glossary: doc.glossary,
    references: doc.references,
    header: doc.header,
    toc: doc.toc,
    socialSharing: doc.social_sharing,
    cookieConsent: doc.cookie_consent,
    quizzes: doc.quizzes,
  };
}

/** The reader's view of an editor's quiz: without the correct answers. */
export function readerQuiz(quiz: Quiz): ReaderQuiz {
  return {
    id: quiz.id,
    name: quiz.name,
    description: quiz.description,
    expandable: quiz.expandable,
    ...(quiz.title_picture ? { title_picture: quiz.title_picture } : {}),
    questions: quiz.questions.map((q) => ({
      id: q.id,
      text: q.text,
      multiple_answers: q.multiple_answers,
      answers: q.answers.map((a) => ({ id: a.id, text: a.text })),
    })),
  };
}

/**
 * The preview's sections from the working copy, as the server filters them for readers: the note
 * only when shown, contents entries only for nodes readers see.
 */
export function sectionsOfWorkingCopy(doc: MapDocument, values: Omit<ReaderSections, 'quizzes'>, quizzes: readonly Quiz[]): ReaderSections {
  const shown = new Set(doc.nodes.filter((n) => !n.visibility.hidden).map((n) => n.id));
  return {
    ...values,
    editorsNote: values.editorsNote?.shown ? values.editorsNote : null,
    toc: values.toc ? { entries: values.toc.entries.filter((e) => shown.has(e.node_id)) } : null,
    quizzes: quizzes.map(readerQuiz),
  };
}

/** The preview checks a quiz against the working copy's answers: nothing is counted. */
export function checkQuizLocally(quiz: Quiz, answers: QuizAnswers): QuizResult {
  const results = quiz.questions.map((q) => {
    const chosen = new Set(answers.answers.find((a) => a.question_id === q.id)?.answer_ids ?? []);
    const correct = q.answers.filter((a) => a.correct).map((a) => a.id);
    const right = correct.length === chosen.size && correct.every((id) => chosen.has(id));
    return { question_id: q.id, right, correct_answer_ids: correct };
  });
  return { results, right: results.filter((r) => r.right).length };
}
