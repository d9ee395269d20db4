import { useEffect, useRef } from 'react';

/**
 * Once a dialog closes, focus goes to the control that opened it, found by id rather than kept as
 * an element: the page may have drawn that control anew while the dialog was open (a read of the
 * page's data answering again), and focus on the element it replaced falls to <body>. When the
 * control is gone (the dialog's action removed it), the page's heading takes focus instead.
 */
export function useFocusAfterClose(open: boolean, openerId: string): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const target = document.getElementById(openerId) ?? document.querySelector<HTMLElement>('h1[tabindex]');
      target?.focus();
    }
    wasOpen.current = open;
  }, [open, openerId]);
}
