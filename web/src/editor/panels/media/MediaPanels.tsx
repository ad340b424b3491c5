// The client's media library beside the map (its grid, or its templates): the library itself
// lives in editor/media/, as media fields open it in choosing mode too.
import { MediaLibrary } from '../../media/MediaLibrary';
import type { PanelProps } from '../types';

export function MediaLibraryPanel({ clientName, sectionHolder, closePanel }: PanelProps) {
  return <MediaLibrary clientName={clientName} startView="grid" lockedBy={sectionHolder} onClose={closePanel} />;
}

export function MediaTemplatesPanel({ clientName, closePanel }: PanelProps) {
  return <MediaLibrary clientName={clientName} startView="templates" lockedBy={null} onClose={closePanel} />;
}
