/**
 * Where focus is when a new page's heading mounts. A page whose code or data arrives a moment
 * after the navigation must not pull focus out of what the person did meanwhile: opened a
 * menu or a dialog, or moved to another control (the sidebar's toggle, say). The heading takes
 * focus only when focus is still where the navigation left it, or nowhere.
 */
const CHOSEN_SINCE = '[role="menu"], [role="dialog"], [role="alertdialog"], dialog[open]';

let atNavigation: { key: string; active: Element | null } | undefined;

/** The app shell notes where focus is as each navigation (location key) commits. */
export function noteFocusAtNavigation(key: string, active: Element | null): void {
  atNavigation = { key, active };
}

export function headingMayTakeFocus(key: string, active: Element | null): boolean {
  if (active?.closest(CHOSEN_SINCE)) return false;
  // A heading that mounts with its navigation, before the shell has noted it.
  if (atNavigation?.key !== key) return true;
  return active === null || active === document.body || active === atNavigation.active;
}
