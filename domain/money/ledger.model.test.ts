/**
 * Model-based test of the lifecycle, the ledger and the policy together (docs/decisions/045):
 * random sequences of what happens to a booking run against the reference model of
 * tests/support/ledger-model.ts, which drives the domain functions as the server does. After
 * every step the invariants hold; a failure prints the shrunk sequence (fast-check's
 * counterexample). Fixed seed, 1,000 sequences; 50 of them (the first that pay a deposit in
 * their first two steps, replaySequences) are also replayed against the real server
 * (tests/server/ledger-replay.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commandsArbitrary,
  freshModel,
  LEDGER_SEED,
  ledgerSequences,
  kindsActedOn,
  ledgerViolations,
  observeModel,
  replaySequences,
  stepModel,
  type LedgerCommand,
} from '../../tests/support/ledger-model';

describe('the ledger, the lifecycle and the policy under random sequences', () => {
  it('keep their invariants after every step (1,000 sequences, fixed seed)', () => {
    fc.assert(
      fc.property(commandsArbitrary, (cmds) => {
        const m = freshModel();
        cmds.forEach((cmd, i) => {
          stepModel(m, cmd);
          expect(ledgerViolations(observeModel(m)), `after step ${i + 1} (${JSON.stringify(cmd)})`).toEqual([]);
        });
      }),
      { seed: LEDGER_SEED, numRuns: 1_000 },
    );
  });

  it('a paid booking cancelled by its customer in the window gives everything back, each by its own way', () => {
    const m = freshModel();
    for (const cmd of [{ c: 'deposit', method: 'cash' }, { c: 'addRemoval' }, { c: 'cancel', by: 'customer', refund: true }, { c: 'runRefunds' }] as LedgerCommand[]) {
      stepModel(m, cmd);
      expect(ledgerViolations(observeModel(m))).toEqual([]);
    }
    const refunds = m.movements.filter((mv) => mv.direction === 'refund').map((mv) => `${mv.kind} ${mv.method} ${mv.status}`);
    expect(refunds).toEqual(['removal payment_link succeeded', 'deposit cash to_return']);
  });

  it('the server replay takes sequences this test runs, each paying a deposit, every command among them', () => {
    const seen: LedgerCommand[][] = [];
    fc.assert(
      fc.property(commandsArbitrary, (cmds) => {
        seen.push(structuredClone(cmds));
      }),
      { seed: LEDGER_SEED, numRuns: 1_000 },
    );
    expect(ledgerSequences(1_000)).toEqual(seen);
    const replayed = replaySequences(50);
    expect(replayed).toHaveLength(50);
    for (const cmds of replayed) expect(seen).toContainEqual(cmds);
    // Every kind the model acts on in any of the 1,000 is acted on in the replayed ones.
    const acted = (seqs: LedgerCommand[][]) => [...new Set(seqs.flatMap((cmds) => [...kindsActedOn(cmds)]))].sort();
    const firstDepositByCard = (cmds: LedgerCommand[]) => cmds.find((c) => c.c === 'deposit')?.method === 'card_checkout';
    expect(acted(replayed)).toEqual(acted(seen.filter(firstDepositByCard)));
    expect(acted(replayed)).toEqual(expect.arrayContaining(['damages', 'ownerRefund', 'installDone', 'removalDone']));
    // The crew's done marks are among what the server replays, a removal's refused by the lifecycle too.
    const refusedRemoval = (cmds: readonly LedgerCommand[]) => {
      const m = freshModel();
      return cmds.some((cmd) => {
        const before = JSON.stringify(m.life);
        stepModel(m, cmd);
        return cmd.c === 'removalDone' && JSON.stringify(m.life) === before;
      });
    };
    expect(replayed.some(refusedRemoval)).toBe(true);
  });

  it("the crew's done marks go through the lifecycle: the removal is refused before the installation, then completes the booking", () => {
    const m = freshModel();
    for (const cmd of [{ c: 'deposit', method: 'card_checkout' }, { c: 'addRemoval' }, { c: 'removalDone' }] as LedgerCommand[]) stepModel(m, cmd);
    expect(m.life).toMatchObject({ status: 'confirmed', install: 'scheduled', removal: 'scheduled' });
    stepModel(m, { c: 'installDone' });
    expect(m.life).toMatchObject({ status: 'confirmed', install: 'done', removal: 'scheduled' });
    stepModel(m, { c: 'removalDone' });
    expect(m.life).toMatchObject({ status: 'completed', install: 'done', removal: 'done' });
  });

  it('the invariants catch a broken ledger: an excess kept with no refund queued', () => {
    const m = freshModel();
    stepModel(m, { c: 'deposit', method: 'card_checkout' });
    m.movements.push({ id: 'extra', kind: 'balance', method: 'cash', direction: 'payment', status: 'succeeded', amountCents: 200_000 });
    expect(ledgerViolations({ ...observeModel(m), tally: undefined })).toEqual([expect.stringMatching(/^excess with no refund queued/), 'receipts of extra (payment succeeded): 0, expected 1']);
  });
});
