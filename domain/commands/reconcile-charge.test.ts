import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES } from '../money/balance-charge';
import { reconcileDecision, type ListedIntent, type ReconcileFacts } from './reconcile-charge';

const facts = (over: Partial<ReconcileFacts> = {}): ReconcileFacts => ({ chargeId: 'c1', demo: false, customerId: 'cus_1', intents: [], ...over });
const intent = (status: ListedIntent['status'], over: Partial<ListedIntent> = {}): ListedIntent => ({ id: 'pi_1', status, chargeId: 'c1', failure: '', ...over });
const interrupted = { record: 'outcome', outcome: { status: 'failed', paymentIntentId: '', error: CHARGE_MESSAGES.interrupted } };

describe('the reconcile rule', () => {
  it.each([
    ['a demo charge never reached Stripe', facts({ demo: true }), interrupted],
    ['a booking without a saved customer', facts({ customerId: '' }), interrupted],
    ['Stripe could not be asked: nothing yet', facts({ intents: null }), { record: 'nothing' }],
    ['no intent names the charge: nothing was charged', facts({ intents: [intent('succeeded', { chargeId: 'other' })] }), interrupted],
    ['the intent succeeded', facts({ intents: [intent('succeeded')] }), { record: 'outcome', outcome: { status: 'succeeded', paymentIntentId: 'pi_1' } }],
    ['the bank still has it', facts({ intents: [intent('processing')] }), { record: 'outcome', outcome: { status: 'processing', paymentIntentId: 'pi_1' } }],
    [
      'declined, with the bank’s sentence',
      facts({ intents: [intent('requires_payment_method', { failure: 'Your card was declined.' })] }),
      { record: 'outcome', outcome: { status: 'failed', paymentIntentId: 'pi_1', error: 'Your card was declined.' } },
    ],
    ['failed without a sentence', facts({ intents: [intent('canceled')] }), { record: 'outcome', outcome: { status: 'failed', paymentIntentId: 'pi_1', error: CHARGE_MESSAGES.failed } }],
  ])('%s', (_name, f, expected) => {
    expect(reconcileDecision(f)).toEqual(expected);
  });
});
