import { z } from 'zod';

/**
 * What the reset page hands the login page in the router's state when it sends the person there
 * (docs/decisions/034): the password was just changed, and the account's address for the form.
 */
const loginArrivalSchema = z.object({ passwordChanged: z.literal(true), email: z.string() });

export type LoginArrival = z.infer<typeof loginArrivalSchema>;

/** The arrival in router state `state`, or null for any other state (a plain visit, a reload). */
export function loginArrivalOf(state: unknown): LoginArrival | null {
  const parsed = loginArrivalSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
