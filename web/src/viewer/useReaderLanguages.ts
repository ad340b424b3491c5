import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Language } from '../api';
import type { MapDocument } from '../api/document';
import { currentLanguage } from '../i18n';
import { readNodeLink, type NodeLink } from '../map/nodeLink';

/** The reader's languages in order: the chosen one, then the map's others. */
export function languageOrder(chosen: Language, mapLanguages: readonly Language[]): Language[] {
  return [chosen, ...mapLanguages.filter((l) => l !== chosen)];
}

export interface ReaderLanguages {
  /** The link the map was opened with (?node=&level=&lang=), read once. */
  link: NodeLink;
  /** The map's languages, English for a map that names none. */
  mapLanguages: Language[];
  /** The language the reader chose (the link's, the interface's if the map has it, else the map's first). */
  language: Language;
  setLanguage: (language: Language) => void;
  /** The chosen language first, then the map's others: what every text is looked up in. */
  languages: Language[];
}

/** The language the reader reads the map in, and the link the map was opened with. */
export function useReaderLanguages(doc: MapDocument): ReaderLanguages {
  const mapLanguages = useMemo<Language[]>(() => (doc.map.languages.length > 0 ? doc.map.languages : ['en']), [doc.map.languages]);
  // A link to a node (?node=&level=&lang=) is read as the map opens.
  const [searchParams] = useSearchParams();
  const [link] = useState(() => readNodeLink(searchParams, mapLanguages));
  const [language, setLanguage] = useState<Language>(() => {
    if (link.lang) return link.lang;
    const ui = currentLanguage();
    return mapLanguages.includes(ui) ? ui : (mapLanguages[0] ?? 'en');
  });
  const languages = useMemo(() => languageOrder(language, mapLanguages), [language, mapLanguages]);
  return { link, mapLanguages, language, setLanguage, languages };
}
