/** Scratch (reverted): POST /api/fn/scratch-flag, admin only, declared (docs/decisions/066). */
import { scratchFlagCommand, type ScratchFlagAnswer, type ScratchFlagInput, type ScratchFlagState } from '@domain/commands/scratch-flag-command';
import type { ServerCommand } from '../commands/run-command';
import { bookingField } from '../booking-row';

export const scratchFlag: ServerCommand<ScratchFlagInput, ScratchFlagState, never, ScratchFlagAnswer> = {
  command: scratchFlagCommand,
  path: '/api/fn/scratch-flag',
  caller: 'admin',
  load(tx, input) {
    try {
      const b = tx.findRecordById('bookings', input.bookingId);
      return { booking: { id: b.id, notes: bookingField(b, 'admin_notes') } };
    } catch {
      return { booking: null };
    }
  },
  respond: (app, a) => ({ booking: app.findRecordById('bookings', a.bookingId), flagged: a.flagged }),
};
