// A native <dialog> shown modal while its component is mounted: focus is trapped and the page
// behind is inert; unmounting closes it and gives the focus back to what had it. Escape asks
// onClose (the dialog does not close itself), so that the owner decides, as for its close button.
import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(onClose: () => void): {
  ref: RefObject<HTMLDialogElement | null>;
  onCancel: (event: { preventDefault(): void }) => void;
} {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);
  return {
    ref,
    onCancel: (event) => {
      event.preventDefault();
      onCloseRef.current();
    },
  };
}
