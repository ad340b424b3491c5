import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api';
import type { MapDocument, Node } from '../api/document';
import { getPublicNodeContent } from '../api/publishing';
import { publicMaps } from '../api/prefetch';
import { LOGIN_PATH } from '../account/guard';
import { ErrorState } from '../layout/States';
import { LoadingScreen } from '../layout/StatusScreen';
import { Viewer } from './Viewer';

type Loaded = { url: string } & ({ doc: MapDocument } | { problem: 'signIn' | 'notFound' | 'failed' });

/** A published map at its public address (/m/:url): its live version, for the readers its access mode admits. */
export default function PublicMapScreen() {
  const { t } = useTranslation();
  const { url = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    publicMaps.take(url, abort.signal).then(
      (doc) => {
        setLoaded({ url, doc });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const status = err instanceof ApiError ? err.status : 0;
        setLoaded({ url, problem: status === 401 ? 'signIn' : status === 404 ? 'notFound' : 'failed' });
      },
    );
    return () => {
      abort.abort();
    };
  }, [url]);

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

  const current = loaded?.url === url ? loaded : null;
  if (!current) return <LoadingScreen />;
  if ('problem' in current) {
    if (current.problem === 'signIn') {
      return (
        <ErrorState
          title={t('viewer.signInTitle')}
          text={t('viewer.signInText')}
          action={<Link to={LOGIN_PATH}>{t('viewer.signIn')}</Link>}
        />
      );
    }
    return <ErrorState title={t(current.problem === 'notFound' ? 'viewer.notFound' : 'viewer.failed')} text={t('viewer.notFoundText')} />;
  }
  return <Viewer doc={current.doc} loadNode={loadNode} mapKey={`m-${url}`} />;
}
