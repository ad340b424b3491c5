import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as api from '../api';
import type { MapDocument, Node } from '../api/document';
import { getPublication } from '../api/publishing';
import { getSection, listQuizzes, type Quiz, type SectionName, type SectionValues } from '../api/sections';
import { openFailure, openFailureText, type OpenFailure } from '../account/problems';
import { ErrorState } from '../layout/States';
import { LoadingScreen } from '../layout/StatusScreen';
import { editorMediaUrl } from '../map';
import type { AnswerQuiz } from './sections/QuizPanel';
import { checkQuizLocally, sectionsOfWorkingCopy, type ReaderSections } from './sections/readerSections';
import { Viewer } from './Viewer';

interface Loaded {
  id: number;
  doc: MapDocument;
  sections: ReaderSections;
  quizzes: Quiz[];
  /** The map's public address, when it has one: what the share buttons name. */
  publicAddress: string | undefined;
}

/** A section of the working copy, or null when it cannot be read (the preview shows the map without it). */
function section<N extends SectionName>(mapId: number, name: N, signal: AbortSignal): Promise<SectionValues[N] | null> {
  return getSection(mapId, name, signal).then(
    (v) => v,
    () => null,
  );
}

/** The working copy's document and sections, read side by side. */
async function loadPreview(mapId: number, signal: AbortSignal): Promise<Loaded> {
  const [res, editorsNote, glossary, references, header, toc, socialSharing, cookieConsent, quizzes, publication] = await Promise.all([
    api.getMap(mapId, signal),
    section(mapId, 'editors_note', signal),
    section(mapId, 'glossary', signal),
    section(mapId, 'references', signal),
    section(mapId, 'header', signal),
    section(mapId, 'toc', signal),
    section(mapId, 'social_sharing', signal),
    section(mapId, 'cookie_consent', signal),
    listQuizzes(mapId, signal).then(
      (r) => r.quizzes,
      () => [],
    ),
    getPublication(mapId).then(
      (p) => p,
      () => null,
    ),
  ]);
  const publicAddress = publication?.url ? `${window.location.origin}/m/${encodeURIComponent(publication.url)}` : undefined;
  const values = { editorsNote, glossary, references, header, toc, socialSharing, cookieConsent };
  return { id: mapId, doc: res.data, sections: sectionsOfWorkingCopy(res.data, values, quizzes), quizzes, publicAddress };
}

/** A map's working copy as readers will see it once published: the viewer on GET /maps/{id} and its sections. */
export default function PreviewScreen() {
  const { t } = useTranslation();
  const { mapId: param = '' } = useParams();
  const mapId = Number(param);
  const valid = Number.isInteger(mapId) && mapId > 0;
  const mediaUrl = useMemo(() => editorMediaUrl(mapId), [mapId]);
  const [loaded, setLoaded] = useState<Loaded | { id: number; failed: OpenFailure } | null>(null);

  useEffect(() => {
    if (!valid) return;
    const abort = new AbortController();
    loadPreview(mapId, abort.signal).then(setLoaded, (err: unknown) => {
      if (!abort.signal.aborted) setLoaded({ id: mapId, failed: openFailure(err) });
    });
    return () => {
      abort.abort();
    };
  }, [mapId, valid]);

  const loadNode = useCallback(async (id: number): Promise<Node> => api.getNode(mapId, id), [mapId]);
  const quizzes = loaded && 'quizzes' in loaded ? loaded.quizzes : null;
  // The preview checks answers against the working copy: nothing is counted.
  const answerQuiz = useCallback<AnswerQuiz>(
    async (quiz, answers) => {
      const full = quizzes?.find((q) => q.id === quiz.id);
      if (!full) throw new Error(`quiz ${quiz.id} is not on the map`);
      return Promise.resolve(checkQuizLocally(full, answers));
    },
    [quizzes],
  );

  const current = loaded?.id === mapId ? loaded : null;
  if (!valid) return <ErrorState title={t('editor.notFound')} text={t('openFailure.mapNotFoundText')} testId="preview-error" />;
  if (current && 'failed' in current) {
    return current.failed === 'notFound' ? (
      <ErrorState title={t('editor.notFound')} text={t('openFailure.mapNotFoundText')} testId="preview-error" />
    ) : (
      <ErrorState title={t('editor.loadFailed')} text={t(openFailureText(current.failed))} testId="preview-error" />
    );
  }
  if (!current) return <LoadingScreen />;
  return (
    <Viewer
      doc={current.doc}
      loadNode={loadNode}
      mapKey={`preview-${mapId}`}
      sections={current.sections}
      answerQuiz={answerQuiz}
      shareAddress={current.publicAddress}
      mediaUrl={mediaUrl}
    />
  );
}
