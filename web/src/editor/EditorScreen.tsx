import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import * as api from '../api';
import type { MapAccess } from '../api/document';
import { openFailure, openFailureText, type OpenFailure } from '../account/problems';
import { hasRole } from '../account/roles';
import { useSession } from '../account/useSession';
import { ButtonLink } from '../layout/Button';
import { ErrorState } from '../layout/States';
import { LoadingScreen } from '../layout/StatusScreen';
import { DOCUMENT_READ_MARK, markOpening } from '../map';
import { Editor } from './Editor';
import { editorMaps } from '../api/prefetch';
import { getSection, putSection } from '../api/sections';
import { DocumentStore, browserStorage, type StoreApi } from './store';
import styles from './Editor.module.css';

const storeApi: StoreApi = {
  getMap: api.getMap,
  getChanges: api.getChanges,
  patchElements: api.patchElements,
  patchGlobalDesign: api.patchGlobalDesign,
  createNode: api.createNode,
  cloneNode: api.cloneNode,
  deleteNode: api.deleteNode,
  patchNodeDesign: api.patchNodeDesign,
  createEdge: api.createEdge,
  patchEdgeDesign: api.patchEdgeDesign,
  restoreElements: api.restoreElements,
  createTemplate: api.createTemplate,
  updateTemplate: api.updateTemplate,
  deleteTemplate: api.deleteTemplate,
  getSection,
  putSection,
};

type Loaded = { mapId: number } & (
  { kind: 'failed'; failure: OpenFailure; deactivated?: boolean } | { kind: 'ready'; store: DocumentStore; access: MapAccess | null }
);

export default function EditorScreen() {
  const { t } = useTranslation();
  const { mapId: mapParam = '' } = useParams();
  const mapId = Number(mapParam);
  const session = useSession();
  const userId = session.user?.id ?? 0;
  const [result, setLoaded] = useState<Loaded | null>(null);
  const valid = Number.isInteger(mapId) && mapId > 0;

  useEffect(() => {
    if (!valid || userId === 0) return;
    const abort = new AbortController();
    let store: DocumentStore | null = null;
    void (async () => {
      try {
        const [doc, perms] = await Promise.all([
          editorMaps.take(mapId, abort.signal),
          api.getPermissions(mapId, abort.signal).catch(() => null),
        ]);
        if (abort.signal.aborted) return;
        markOpening(DOCUMENT_READ_MARK);
        store = new DocumentStore({ ...doc.data, revision: doc.revision }, { mapId, userId, api: storeApi, storage: browserStorage() });
        const access = perms?.users[`/api/v1/users/${userId}`] ?? null;
        setLoaded({ mapId, kind: 'ready', store, access });
      } catch (err) {
        if (abort.signal.aborted) return;
        setLoaded({
          mapId,
          kind: 'failed',
          failure: openFailure(err),
          deactivated: err instanceof api.ApiError && err.code === 'client_deactivated',
        });
      }
    })();
    return () => {
      abort.abort();
      if (store) {
        const s = store;
        void s.flush().finally(() => {
          s.dispose();
        });
      }
    };
  }, [mapId, userId, valid]);

  const loaded: Loaded | null = valid ? (result?.mapId === mapId ? result : null) : { mapId, kind: 'failed', failure: 'notFound' };
  if (!loaded || !session.user) return <LoadingScreen />;
  if (loaded.kind === 'failed') {
    return (
      <main className={styles.failed}>
        <ErrorState
          title={t(loaded.failure === 'notFound' ? 'editor.notFound' : 'editor.loadFailed')}
          text={t(
            loaded.deactivated
              ? 'errors.clientDeactivated'
              : loaded.failure === 'notFound'
                ? 'openFailure.mapNotFoundText'
                : openFailureText(loaded.failure),
          )}
          action={
            <ButtonLink to="/" variant="secondary">
              {t('editor.back')}
            </ButtonLink>
          }
          testId="editor-error"
        />
      </main>
    );
  }
  // The server's answer for this map decides (a guest raised to edit it edits); the role only
  // when the permissions could not be read.
  const canEdit = session.user.is_superuser || (loaded.access ? loaded.access === 'edit' : hasRole(session.role, 'student'));
  // The editor route needs a student (spec §6), or a guest an admin raised to edit this map.
  if (!session.user.is_superuser && !hasRole(session.role, 'student') && !canEdit) {
    return <Navigate to={session.clientName ? `/clients/${encodeURIComponent(session.clientName)}` : '/'} replace />;
  }
  return (
    <Editor
      key={mapId}
      store={loaded.store}
      user={session.user}
      role={session.role}
      clientName={session.clientName ?? ''}
      canEdit={canEdit}
    />
  );
}
