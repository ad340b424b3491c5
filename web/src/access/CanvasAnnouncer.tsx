// What screen readers hear of the canvas: the node the keyboard is on, and the keys it takes.
/** The live region of the canvas and the hint for its keys, both for screen readers only. */
export function CanvasAnnouncer({ announcement, hintId, hint }: { announcement: string; hintId: string; hint: string }) {
  return (
    <>
      <p id={hintId} className="visually-hidden">
        {hint}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="canvas-announcer">
        {announcement}
      </p>
    </>
  );
}
