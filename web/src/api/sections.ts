// A map's sections (docs/api.md "Sections"): the editor's note, glossary, references, header bar,
// table of contents, social sharing and cookie consent, each one value replaced whole by its PUT,
// and the quizzes, a list. Every answer carries the map's revision after it.
import { request } from './http';
import type { components } from './schema';

type Schemas = components['schemas'];

export type EditorsNote = Schemas['DomainEditorsNote'];
export type TeamMember = Schemas['DomainTeamMember'];
export type Glossary = Schemas['DomainGlossary'];
export type GlossaryTerm = Schemas['DomainGlossaryTerm'];
export type References = Schemas['DomainReferences'];
export type Reference = Schemas['DomainReference'];
export type Header = Schemas['DomainHeader'];
export type HeaderLink = Schemas['DomainHeaderLink'];
export type Toc = Schemas['DomainTOC'];
export type SocialSharing = Schemas['DomainSocialSharing'];
export type CookieConsent = Schemas['DomainCookieConsent'];
export type CookieCategory = Schemas['DomainCookieCategory'];
export type Quiz = Schemas['DomainQuiz'];
export type QuizQuestion = Schemas['DomainQuizQuestion'];
export type QuizAnswer = Schemas['DomainQuizAnswer'];
/** A quiz as editors read it: with the readers' answer counts of the published quiz. */
export type QuizWithCounts = Schemas['ApiQuizAnswer'];
export type QuizCount = Schemas['ApiQuizCount'];
export type BibtexImport = Schemas['ApiBibtexAnswer'];
/** What a reader sends and is told back for a quiz of the public map. */
export type QuizAnswers = Schemas['PublishingQuizAnswers'];
export type QuizResult = Schemas['PublishingQuizResult'];
export type ReaderQuiz = Schemas['PublishingReaderQuiz'];

/** The one-value sections: their names in the API and their values. */
export interface SectionValues {
  editors_note: EditorsNote;
  glossary: Glossary;
  references: References;
  header: Header;
  toc: Toc;
  social_sharing: SocialSharing;
  cookie_consent: CookieConsent;
}
export type SectionName = keyof SectionValues;

/** A section's value with the map's revision at which it was read or written. */
export type SectionAnswer<N extends SectionName> = SectionValues[N] & { revision: number };

const sectionPath = (mapId: number, name: SectionName) => `/maps/${mapId}/${name}`;

export function getSection<N extends SectionName>(mapId: number, name: N, signal?: AbortSignal): Promise<SectionAnswer<N>> {
  return request<SectionAnswer<N>>('GET', sectionPath(mapId, name), { signal });
}

/** Replaces the section whole; 409 `element_locked` while another editor holds its lock. */
export function putSection<N extends SectionName>(mapId: number, name: N, value: SectionValues[N]): Promise<SectionAnswer<N>> {
  return request<SectionAnswer<N>>('PUT', sectionPath(mapId, name), { body: value });
}

/** Adds a BibTeX file's entries to the references: what was read, and what was skipped and why. */
export function importBibtex(mapId: number, file: Blob): Promise<BibtexImport> {
  return request<BibtexImport>('POST', `/maps/${mapId}/references/import`, { file });
}

export function listQuizzes(mapId: number, signal?: AbortSignal): Promise<{ quizzes: Quiz[]; revision: number }> {
  return request('GET', `/maps/${mapId}/quizzes`, { signal });
}

export function getQuiz(mapId: number, quizId: number, signal?: AbortSignal): Promise<QuizWithCounts> {
  return request<QuizWithCounts>('GET', `/maps/${mapId}/quizzes/${quizId}`, { signal });
}

/** Questions and answers sent with their ids keep them (and their counts); new ones get ids. */
export function createQuiz(mapId: number, quiz: Quiz): Promise<QuizWithCounts> {
  return request<QuizWithCounts>('POST', `/maps/${mapId}/quizzes`, { body: quiz });
}

export function updateQuiz(mapId: number, quizId: number, quiz: Quiz): Promise<QuizWithCounts> {
  return request<QuizWithCounts>('PUT', `/maps/${mapId}/quizzes/${quizId}`, { body: quiz });
}

export function deleteQuiz(mapId: number, quizId: number): Promise<{ revision: number }> {
  return request('DELETE', `/maps/${mapId}/quizzes/${quizId}`);
}

/** A reader's answers to a quiz of the published map at `url`: which were right. */
export function answerQuiz(url: string, quizId: number, answers: QuizAnswers): Promise<QuizResult> {
  return request<QuizResult>('POST', `/public/maps/${encodeURIComponent(url)}/quizzes/${quizId}/answers`, { body: answers });
}
