import { createContext, useContext, useEffect } from 'react';

/** A route's handle: the catalog key of the screen's name (see DocumentTitle). */
export interface TitleHandle {
  title: string;
}

/** Sets (or with null, clears) the name a screen gives the page itself. */
export const OwnTitle = createContext<(title: string | null) => void>(() => undefined);

/** Names the page after something of the screen's own (a map's name) while it is shown. */
export function useDocumentTitle(title: string | null): void {
  const setOwn = useContext(OwnTitle);
  useEffect(() => {
    setOwn(title);
    return () => {
      setOwn(null);
    };
  }, [setOwn, title]);
}
