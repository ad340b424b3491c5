/** Below this viewport width the app shows the large-screen notice instead of itself. */
export const MIN_SCREEN_WIDTH = 900;

export const LARGE_SCREEN_QUERY = `(min-width: ${MIN_SCREEN_WIDTH}px)`;

/**
 * Whether the screen at this path needs a large screen: only the editor does. Everything a person
 * reaches from an e-mail (registration, an invitation, a password reset), the account pages and
 * the published map work on a phone.
 */
export function needsLargeScreen(pathname: string): boolean {
  return pathname === '/editor' || pathname.startsWith('/editor/');
}
