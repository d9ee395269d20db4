/**
 * After a refused submit, focus goes to the first invalid field so keyboard and screen-reader
 * users land on it; on the next frame, once the fields carry the errors just set.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
