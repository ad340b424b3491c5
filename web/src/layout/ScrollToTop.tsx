import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Resets the scroll position on every navigation, as the spec asks. */
export function ScrollToTop() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}
