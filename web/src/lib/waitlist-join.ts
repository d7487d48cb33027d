/**
 * What a full day offers in the booking wizard and on the manage page's move form: 'Join the
 * waitlist for this day' (the waitlist contract, "UI"). A context in lib/, as WizardFinish is, so
 * the booking and my-booking features carry no waitlist code and the waitlist feature imports
 * neither: the routes provide the waitlist's (lazily loaded) join form. Without a provider (the
 * owner's phone booking) a full day offers nothing.
 */
import { createContext, type ComponentType } from 'react';

/** The wizard's choices at join (web/src/features/booking/store.ts before the contact step), kept with the entry. */
export interface WaitlistJoinChoices {
  package?: string;
  size?: string;
  addons?: { id: string; quantity: number }[];
  luxe?: boolean;
  removal?: boolean;
  extraTree?: boolean;
  keepOrnaments?: boolean;
  luxeKeepOrnaments?: number;
}

export interface WaitlistJoinProps {
  /** The full day, YYYY-MM-DD (New York). */
  date: string;
  kind: 'install' | 'removal';
  /** A tree size id ('7.5-9ft'). */
  size: string;
  /** A package slug ('' when the join is a manage page's move). */
  packageSlug: string;
  choices: WaitlistJoinChoices;
  /** The contact already typed, to start the form with. */
  contact?: { name: string; email: string; phone: string };
  /** The manage link's token: waiting to move that booking's `kind` visit. */
  bookingToken?: string;
}

export const WaitlistJoin = createContext<ComponentType<WaitlistJoinProps> | null>(null);

// A day the waitlist is offered for: domain/schedule/full-days.ts (the calendars mark it too).
export { isFullDay } from '@domain/schedule/full-days';
