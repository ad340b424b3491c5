// Who is on the map and what this editor may do there: the live presence, and the editing right
// as the live channel changes it while the map is open.
import { useMemo, useSyncExternalStore } from 'react';
import type { User } from '../../api';
import { Presence } from './presence';

export function useEditorSession(user: User, mayEdit: boolean) {
  const presence = useMemo(() => new Presence(user.id), [user.id]);
  const people = useSyncExternalStore(presence.subscribe, presence.get);
  // Editing rights withdrawn while the map is open make it read-only at once (the server has
  // made the socket read-only and freed its locks); the canvas and channel are made again so.
  // Rights given while it is open (a per-map access raised) make it editable the same way.
  const canEdit = (mayEdit || people.raised) && !people.readOnly;
  const offline = people.connection === 'reconnecting' || people.connection === 'offline';
  return { presence, people, canEdit, offline };
}
