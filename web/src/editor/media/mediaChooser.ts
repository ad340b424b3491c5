// Media-choosing mode: a field (a node's media, the map's background, the header's logo) asks the
// editor to open the library for it; the asset chosen there is handed back, cancel hands back
// nothing. The editor provides it (MediaChooserProvider); the fields only call choose().
import { createContext, useContext } from 'react';
import type { MediaAsset, MediaType } from '../../api/media';

export interface ChooseRequest {
  /** The field's name as its form shows it ("Media asset", "Logo"…), named in the library's hint. */
  field: string;
  /** The types the field can show; the library starts filtered to the first when only one fits. */
  types?: readonly MediaType[];
  onChoose: (asset: MediaAsset) => void;
}

export interface MediaChooser {
  /** The client whose library the editor's map uses. */
  clientName: string;
  choose: (request: ChooseRequest) => void;
}

export const MediaChooserContext = createContext<MediaChooser | null>(null);

/** The editor's chooser; null outside the editor (the fields then offer no library). */
export function useMediaChooser(): MediaChooser | null {
  return useContext(MediaChooserContext);
}
