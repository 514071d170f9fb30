import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to whatever opened a dialog when it closes. Radix does it only for its own Trigger; our
 * dialogs are opened by the caller's state (a table row's button, a menu), so the opener is remembered the
 * moment the dialog opens (a layout effect runs before Radix moves focus inside) and given back on close.
 * Pass the returned handler as the content's `onCloseAutoFocus`.
 */
export const useFocusReturn = (open: boolean) => {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
};
