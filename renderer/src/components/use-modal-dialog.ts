import { useEffect, useRef, type RefObject } from "react";
import { focusableIn } from "../app/focus-regions.js";
import { wrappedTabTarget } from "./tab-wrap.js";

/**
 * Makes a `<dialog>` a modal that behaves: opened with `showModal` (the rest of the page goes inert),
 * focus moved into it (`initialFocus`, or its first focusable element), Tab and Shift+Tab kept inside,
 * Esc closing it, and focus given back to what had it before — the button that opened it.
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  onClose: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    (initialFocus?.current ?? focusableIn(element)[0])?.focus();
    // Esc fires `cancel`; the dialog closes through React (which unmounts it), not by itself.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    // A browser may close it anyway (a second Esc without user activation): follow it.
    const onNativeClose = () => close.current();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const focusable = focusableIn(element);
      const index = focusable.indexOf(document.activeElement as HTMLElement);
      const target = wrappedTabTarget(index, focusable.length, event.shiftKey);
      if (target === undefined) return;
      event.preventDefault();
      focusable[target]?.focus();
    };
    element.addEventListener("cancel", onCancel);
    element.addEventListener("close", onNativeClose);
    element.addEventListener("keydown", onKeyDown);
    return () => {
      element.removeEventListener("cancel", onCancel);
      element.removeEventListener("close", onNativeClose);
      element.removeEventListener("keydown", onKeyDown);
      if (element.open) element.close();
      opener?.focus();
    };
  }, [dialog, initialFocus]);
}
