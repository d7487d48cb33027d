/**
 * What the booking wizard's last step offers in place of 'Pay Deposit': nothing (the website:
 * the customer pays online), or the owner's deposit choice when the admin books a customer who
 * phoned (docs/decisions/037). A context in lib/, so the public wizard carries no admin code and
 * the admin imports nothing of the wizard: the route composes them.
 */
import { createContext, type ComponentType } from 'react';
import type { PriceQuote } from '@domain/money/pricing';
import type { BookingRequestInput } from '@domain/booking/schemas';

export interface WizardFinishProps {
  quote: PriceQuote | null;
  /** Every choice and contact detail is given. */
  ready: boolean;
  /** The booking request of the wizard's choices, null until it is priced. */
  request: BookingRequestInput | null;
  /** The Idempotency-Key of this attempt at `body`, kept with the wizard: the same body gets the same key, also after a lost answer. */
  attemptKey: (body: unknown) => string;
  /** The attempt's request ended with HTTP `status` (0: no answer): a final answer frees the key; a success also starts the wizard afresh. */
  attemptEnded: (status: number) => void;
}

export const WizardFinish = createContext<ComponentType<WizardFinishProps> | null>(null);
