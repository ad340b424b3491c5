import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Node } from '../api/document';
import { getPublicMap, getPublicNodeContent, type PublicMapDocument } from '../api/publishing';
import { answerQuiz } from '../api/sections';
import { publicMaps } from '../api/prefetch';
import { AuthLayout } from '../account/AuthLayout';
import { openFailure, openFailureText, type OpenFailure } from '../account/problems';
import { LoadingScreen } from '../layout/StatusScreen';
import { DOCUMENT_READ_MARK, markOpening, publicMediaUrl } from '../map';
import { embedOnlyRefused, gateOf, type Gate } from './readerGate';
import { ReaderGate } from './ReaderGate';
import type { AnswerQuiz } from './sections/QuizPanel';
import { NO_SECTIONS, sectionsOfPublicMap } from './sections/readerSections';
import { Viewer } from './Viewer';

type Loaded = { url: string } & ({ doc: PublicMapDocument } | { gate: Gate } | { problem: OpenFailure });

/** A published map at its public address (/m/:url): its live version, for the readers its access mode admits. */
export default function PublicMapScreen() {
  const { t } = useTranslation();
  const { url = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Raised when a reader got through the gate: the map is asked for again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    const answer = attempt === 0 ? publicMaps.take(url, abort.signal) : getPublicMap(url, abort.signal);
    answer.then(
      (doc) => {
        markOpening(DOCUMENT_READ_MARK);
        setLoaded({ url, doc });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const gate = gateOf(err);
        if (gate) setLoaded({ url, gate });
        else setLoaded({ url, problem: openFailure(err) });
      },
    );
    return () => {
      abort.abort();
    };
  }, [url, attempt]);

  const doc = loaded?.url === url && 'doc' in loaded ? loaded.doc : null;
  const loadNode = useCallback(
    async (id: number): Promise<Node> => {
      const summary = doc?.nodes.find((n) => n.id === id);
      if (!summary) throw new Error(`node ${id} is not on the map`);
      const { content } = await getPublicNodeContent(url, id);
      return { ...summary, content };
    },
    [doc, url],
  );
  const sections = useMemo(() => (doc ? sectionsOfPublicMap(doc) : NO_SECTIONS), [doc]);
  const mediaUrl = useMemo(() => publicMediaUrl(url), [url]);
  const answer = useCallback<AnswerQuiz>((quiz, answers) => answerQuiz(url, quiz.id, answers), [url]);

  // Checked where the page arrived, not on every render: the marker stays in the page's head.
  const [refused] = useState(embedOnlyRefused);
  if (refused) return <AuthLayout icon="error" title={t('viewer.embedOnly')} subtitle={t('viewer.embedOnlyText')} />;
  const current = loaded?.url === url ? loaded : null;
  if (!current) return <LoadingScreen />;
  if ('gate' in current) {
    return (
      <ReaderGate
        url={url}
        gate={current.gate}
        onAdmitted={() => {
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if ('problem' in current) {
    return (
      <AuthLayout
        icon="error"
        title={t(current.problem === 'notFound' ? 'viewer.notFound' : 'viewer.failed')}
        subtitle={t(current.problem === 'notFound' ? 'viewer.notFoundText' : openFailureText(current.problem))}
      />
    );
  }
  return <Viewer doc={current.doc} loadNode={loadNode} mapKey={`m-${url}`} sections={sections} answerQuiz={answer} mediaUrl={mediaUrl} />;
}
