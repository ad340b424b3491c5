/** Below this viewport width the app shows the large-screen notice instead of itself. */
export const MIN_SCREEN_WIDTH = 900;

export const LARGE_SCREEN_QUERY = `(min-width: ${MIN_SCREEN_WIDTH}px)`;
