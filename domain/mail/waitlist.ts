/**
 * What the waitlist's e-mails say (the waitlist contract): joined (with the 'Leave the
 * waitlist' link), an offer ('Book it', 'No thanks', held until a time), and an offer that ended
 * because its time went another way. The server composes them (pb_hooks/src/lib/mail/waitlist.ts)
 * and queues each once under its own key. Dates `YYYY-MM-DD` and slots '9-12' in
 * America/New_York; instants epoch ms. Pure.
 */
import { businessToday, type Ymd } from '../schedule/calendar';
import { formatSlotRange, visitName, type VisitKind } from '../schedule/slots';
import { formatNewYorkTime, waitlistDay } from '../waitlist/waitlist';

/** The words of one waitlist e-mail: subject, lines, and its buttons' labels. */
export interface WaitlistLetter {
  subject: string;
  lines: string[];
}

/** The confirmation of joining the waitlist for `date` (a `kind` visit). */
export function joinedLetter(date: Ymd, kind: VisitKind, moving: boolean): WaitlistLetter {
  const day = waitlistDay(date);
  return {
    subject: `You're on the waitlist for ${day}`,
    lines: [
      moving
        ? `You're on the waitlist to move your ${visitName(kind)} to ${day}. We'll e-mail you if a time frees up.`
        : `You're on the waitlist for ${withArticle(visitName(kind))} on ${day}. We'll e-mail you if a time frees up.`,
      'People are offered a freed time in the order they joined. You can leave the waitlist at any time with the button below.',
    ],
  };
}

/** `word` after its indefinite article: 'an installation', 'a removal'. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** An offer of `slotId` on `date`, held until `expiresAtMs`. */
export function offerLetter(date: Ymd, kind: VisitKind, slotId: string, expiresAtMs: number, moving: boolean): WaitlistLetter {
  const day = waitlistDay(date);
  const until = `${waitlistDay(businessToday(new Date(expiresAtMs)))}, ${formatNewYorkTime(expiresAtMs)}`;
  return {
    subject: `A time freed up on ${day}`,
    lines: [
      `Good news: ${withArticle(visitName(kind))} time freed up on ${day}, ${formatSlotRange(slotId)}.`,
      `We're holding it for you until ${until}. ${moving ? 'Move your visit' : 'Book it'} before then, or tell us 'No thanks' so the next person in line can have it.`,
    ],
  };
}

/** The offer of `slotId` on `date` ended: the time went another way. */
export function offerEndedLetter(date: Ymd, slotId: string): WaitlistLetter {
  const day = waitlistDay(date);
  return {
    subject: `The time on ${day} is no longer available`,
    lines: [`Sorry: the time we offered you on ${day}, ${formatSlotRange(slotId)}, is no longer available.`, "You're still on the waitlist for that day, in the same place in line."],
  };
}

/** The button labels of the e-mails. */
export const WAITLIST_BUTTONS = { leave: 'Leave the waitlist', book: 'Book it', move: 'Move my visit', decline: 'No thanks' } as const;
