/**
 * Where focus is when a new page's heading mounts. A page whose code arrives a moment after the
 * navigation must not pull focus out of what the person opened meanwhile (a menu, a dialog):
 * the heading takes focus only when nothing of that kind holds it.
 */
const CHOSEN_SINCE = '[role="menu"], [role="dialog"], [role="alertdialog"], dialog[open]';

export function headingMayTakeFocus(active: Element | null): boolean {
  return !active?.closest(CHOSEN_SINCE);
}
