import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as api from '../api';
import type { MapDocument, Node } from '../api/document';
import { ErrorState } from '../layout/States';
import { LoadingScreen } from '../layout/StatusScreen';
import { Viewer } from './Viewer';

/** A map's working copy as readers will see it once published: the viewer on GET /maps/{id}. */
export default function PreviewScreen() {
  const { t } = useTranslation();
  const { mapId: param = '' } = useParams();
  const mapId = Number(param);
  const valid = Number.isInteger(mapId) && mapId > 0;
  const [loaded, setLoaded] = useState<{ id: number; doc: MapDocument } | { id: number; failed: true } | null>(null);

  useEffect(() => {
    if (!valid) return;
    const abort = new AbortController();
    api.getMap(mapId, abort.signal).then(
      (res) => {
        setLoaded({ id: mapId, doc: res.data });
      },
      () => {
        if (!abort.signal.aborted) setLoaded({ id: mapId, failed: true });
      },
    );
    return () => {
      abort.abort();
    };
  }, [mapId, valid]);

  const loadNode = useCallback(async (id: number): Promise<Node> => api.getNode(mapId, id), [mapId]);

  const current = loaded?.id === mapId ? loaded : null;
  if (!valid || (current && 'failed' in current)) {
    return <ErrorState title={t('editor.notFound')} text={t('editor.loadFailedText')} />;
  }
  if (!current) return <LoadingScreen />;
  return <Viewer doc={current.doc} loadNode={loadNode} mapKey={`preview-${mapId}`} />;
}
