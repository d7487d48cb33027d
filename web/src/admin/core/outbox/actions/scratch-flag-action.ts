/** Scratch (reverted): flag a booking for follow-up from the phone, sent when online. */
import { z } from 'zod';
import { pb } from '@/lib/pb';
import { defineAction, nothingToUndo, serverRows, str, type ActionEntry } from '../action-spec';

export type ScratchFlagPayload = { bookingId: string; [key: string]: unknown };

const answerSchema = z.object({ booking: z.looseObject({ id: z.string(), updated_at: z.string() }), flagged: z.boolean() });

export const scratchFlagAction = defineAction({
  kind: 'scratch_flag',
  send: async (entry: ActionEntry<ScratchFlagPayload>) => answerSchema.parse(await pb.send('/api/fn/scratch-flag', { method: 'POST', body: { bookingId: entry.payload.bookingId }, requestKey: null })),
  async apply(mirror, _entry, answer) {
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: (p) => `Follow-up flag ${str(p.bookingId)}`.trim(),
});

declare module '../action-registry' {
  interface OutboxActions {
    scratch_flag: typeof scratchFlagAction;
  }
}
