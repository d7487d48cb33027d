/**
 * "Slots were freed on these dates": told by a change after its commit (a cancel, a move, an
 * expired hold) and heard by the waitlist, which offers them to the people waiting
 * (waitlist/waitlist-offer-step.ts offerFreedSlots; the waitlist contract). The listener is
 * registered by the composition root (lib/app.ts), so the topics that free slots import no
 * waitlist code and the waitlist may import theirs (docs/architecture.md "Layers").
 */

/** Offers the slots freed on `dates` (`YYYY-MM-DD`, blanks ignored); returns how many offers were made. */
export type SlotsFreedListener = (app: CoreApp, dates: readonly (string | null | undefined)[]) => number;

let listener: SlotsFreedListener | null = null;

/** Sets the one listener (lib/app.ts, at the bundle's load). */
export function onSlotsFreed(next: SlotsFreedListener): void {
  listener = next;
}

/**
 * After the commit of a change that freed slots on `dates`: tells the listener. Returns its
 * count of offers, 0 without one. Best effort, as the listener is: the every-minute waitlist
 * job catches up on anything missed.
 */
export function slotsFreed(app: CoreApp, dates: readonly (string | null | undefined)[]): number {
  return listener ? listener(app, dates) : 0;
}
