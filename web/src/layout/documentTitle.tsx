// The browser tab's title: the screen's name from its route, or what the screen names itself
// (a map's name), followed by the app's name.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { OwnTitle, type TitleHandle } from './useDocumentTitle';

function routeTitleKey(matches: readonly { handle: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<TitleHandle> | undefined;
    if (typeof handle?.title === 'string') return handle.title;
  }
  return null;
}

/** Sets document.title for the routes beneath it; a screen may name itself with useDocumentTitle. */
export function DocumentTitle({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const key = routeTitleKey(useMatches());
  const [own, setOwn] = useState<string | null>(null);
  const screen = own ?? (key ? t(key as never) : null);
  const app = t('app.name');
  useEffect(() => {
    document.title = screen ? `${screen} · ${app}` : app;
  }, [screen, app]);
  return <OwnTitle.Provider value={setOwn}>{children}</OwnTitle.Provider>;
}
