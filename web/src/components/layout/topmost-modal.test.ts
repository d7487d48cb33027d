import { describe, expect, it } from 'vitest';
import { topmostModal } from './topmost-modal';

/** A stand-in dialog: `modal` says whether `:modal` matches now. */
function dialog(name: string, state = { modal: false, connected: true }) {
  return {
    name,
    state,
    get isConnected() {
      return state.connected;
    },
    get open() {
      return state.modal;
    },
    matches: (selector: string) => selector === ':modal' && state.modal,
  } as unknown as HTMLDialogElement & { state: { modal: boolean; connected: boolean } };
}

describe('topmostModal', () => {
  it('is null while no modal is open', () => {
    expect(topmostModal([], [dialog('a'), dialog('b')])).toBeNull();
  });

  it('is the last modal opened, whatever the DOM order, and the one below once it closes', () => {
    const details = dialog('details');
    const confirm = dialog('confirm');
    const all = [confirm, details]; // DOM order is not opening order
    const opened: HTMLDialogElement[] = [];
    details.state.modal = true;
    expect(topmostModal(opened, all)).toBe(details);
    confirm.state.modal = true;
    expect(topmostModal(opened, all)).toBe(confirm);
    confirm.state.modal = false;
    expect(topmostModal(opened, all)).toBe(details);
  });

  it('drops a modal removed from the page while open', () => {
    const a = dialog('a', { modal: true, connected: true });
    const opened: HTMLDialogElement[] = [];
    expect(topmostModal(opened, [a])).toBe(a);
    a.state.connected = false;
    expect(topmostModal(opened, [])).toBeNull();
    expect(opened).toEqual([]);
  });

  it('counts an open dialog as modal where `:modal` is not understood', () => {
    const old = {
      isConnected: true,
      open: true,
      matches: () => {
        throw new SyntaxError('unknown pseudo-class');
      },
    } as unknown as HTMLDialogElement;
    expect(topmostModal([], [old])).toBe(old);
  });
});
