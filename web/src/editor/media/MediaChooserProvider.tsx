// Gives the editor's forms the media-choosing mode: a field's choose() opens the library as a
// dialog; choosing hands the asset to the field and closes it, cancel closes it and changes nothing.
import { useMemo, useState, type ReactNode } from 'react';
import type { ChooseRequest, MediaChooser } from './mediaChooser';
import { MediaChooserContext } from './mediaChooser';
import { MediaLibrary } from './MediaLibrary';

export function MediaChooserProvider({ clientName, children }: { clientName: string; children: ReactNode }) {
  const [request, setRequest] = useState<ChooseRequest | null>(null);
  const chooser = useMemo<MediaChooser>(() => ({ clientName, choose: setRequest }), [clientName]);
  return (
    <MediaChooserContext.Provider value={chooser}>
      {children}
      {request && (
        <MediaLibrary
          clientName={clientName}
          choosing={{
            ...request,
            onChoose: (asset) => {
              setRequest(null);
              request.onChoose(asset);
            },
          }}
          onClose={() => {
            setRequest(null);
          }}
        />
      )}
    </MediaChooserContext.Provider>
  );
}
