/**
 * Times the admin's phone sends (docs/architecture.md "Admin data and sync"; docs/decisions/039):
 * when a job event happened (`occurredAt`), when a note was edited (`editedAt`). A phone's
 * clock can be wrong by years; a time the server cannot believe is replaced by its own. Pure:
 * the caller passes the server's "now".
 */

/** How far ahead of the server's clock a device's time may be (ms): ordinary drift, not a wrong clock. */
export const MAX_DEVICE_CLOCK_AHEAD_MS = 10 * 60 * 1000;

/** A device's time as the server keeps it. */
export interface CheckedDeviceTime {
  /** Epoch ms: the device's time, or the server's when that was out of bounds. */
  atMs: number;
  /** True when the device's time was replaced by the server's. */
  corrected: boolean;
}

/**
 * Checks `deviceMs` (epoch ms, as the phone sent it) against the server's clock `nowMs` and the
 * time the booking was created, `bookingCreatedMs` (epoch ms; NaN when unknown). The time is
 * kept when it lies in [created, now + MAX_DEVICE_CLOCK_AHEAD_MS], both ends included;
 * otherwise, and when it is not a number, the server's time replaces it.
 *
 * The lower end is the earlier of the creation and `now`: the creation stamp comes from the
 * database's own clock, and the server's clock may be behind it (frozen by APP_NOW, or stepped
 * back by NTP); the server's own time must always count as believable, or a correction would
 * produce a time the rule refuses.
 */
export function checkDeviceTime(deviceMs: number, nowMs: number, bookingCreatedMs: number): CheckedDeviceTime {
  const earliest = Number.isFinite(bookingCreatedMs) ? Math.min(bookingCreatedMs, nowMs) : -Infinity;
  const believable = Number.isFinite(deviceMs) && deviceMs >= earliest && deviceMs <= nowMs + MAX_DEVICE_CLOCK_AHEAD_MS;
  return believable ? { atMs: deviceMs, corrected: false } : { atMs: nowMs, corrected: true };
}
