/**
 * After a refused submit, focus goes to the first refused field, the scope choice included
 * (a group carries its error by aria-describedby, so its first box takes the focus).
 */
export function focusFirstRefused(form: HTMLFormElement | null): void {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus(),
  );
}
