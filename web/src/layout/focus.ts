/** Focuses the first field with a problem, in the order of the form, once it has rendered. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
