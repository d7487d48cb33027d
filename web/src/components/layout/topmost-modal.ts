/** Whether `dialog` is an open modal dialog (`showModal()`), not a dialog merely `open`. */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.isConnected && dialog.matches(':modal');
  } catch {
    // An engine without `:modal` (older test DOMs): an open dialog in the page counts.
    return dialog.isConnected && dialog.open;
  }
}

/**
 * The modal dialog on top of the others, or null when none is open. `opened` is the caller's
 * record of open modals in the order they opened (the browser's top-layer order, which the DOM
 * does not expose); it is brought up to date from `dialogs`, every <dialog> in the page: closed
 * or removed ones leave it, newly open ones join at the top. Used by the Toaster
 * (top-layer-toaster.tsx) to live inside the dialog the person is looking at.
 */
export function topmostModal(opened: HTMLDialogElement[], dialogs: Iterable<HTMLDialogElement>): HTMLDialogElement | null {
  for (let i = opened.length - 1; i >= 0; i--) if (!isModal(opened[i]!)) opened.splice(i, 1);
  for (const d of dialogs) if (isModal(d) && !opened.includes(d)) opened.push(d);
  return opened.at(-1) ?? null;
}
