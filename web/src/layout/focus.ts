/** How many frames to wait for React to mark the problems before giving up. */
const MAX_FRAMES = 10;

/** Moves focus to the form's first field marked invalid, once React has marked it. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  // The problems are marked once React renders, which may come a frame or more after the call
  // (its scheduler runs apart from animation frames). By then the user may have moved on to
  // another field, and their typing must not land where focus was moved behind their back.
  const before = document.activeElement;
  const attempt = (framesLeft: number) => {
    requestAnimationFrame(() => {
      if (document.activeElement !== before) return;
      const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) field.focus();
      else if (framesLeft > 1) attempt(framesLeft - 1);
    });
  };
  attempt(MAX_FRAMES);
}
