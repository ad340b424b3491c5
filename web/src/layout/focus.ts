/** Focuses the first field with a problem, in the order of the form, once it has rendered. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  // The problems are marked in the next frame; by then the user may have moved on to another
  // field, and their typing must not land where focus was moved behind their back.
  const before = document.activeElement;
  requestAnimationFrame(() => {
    if (document.activeElement !== before) return;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
