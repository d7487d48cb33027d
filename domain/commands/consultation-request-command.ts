/**
 * A customer asks for a free design consultation (docs/product.md §2 Consultation request;
 * POST /api/fn/consultation-request, on the runner: pb_hooks/src/lib/consultations/
 * consultation-request-route.ts). Pure: the server reads the state inside the transaction.
 *
 * Refused, in this order: 400 a date the season refuses (not a Wednesday in the window, past or
 * blocked; domain/schedule/season.ts); 409 a time inside the consultation notice
 * (domain/schedule/notice.ts); 429 a caller who already has its pending upcoming requests
 * (OWNERSHIP_MESSAGES.tooManyConsultations); 409 the slot taken (CONSULTATION_SLOT_TAKEN), or
 * too little time to drive from the owner's other consultation that day, naming the times
 * that fit (domain/schedule/consultation-choices.ts). Else the request is made `pending` with
 * its manage link's row, and two e-mails are queued with it: the customer's confirmation and
 * the business's notice. Naturally idempotent: a second identical request finds its slot taken.
 */
import { OWNERSHIP_MESSAGES } from '../booking/ownership';
import { CONSULTATION_SLOT_TAKEN, parseConsultationRequest, type ConsultationRequest } from '../consultations/consultation';
import { ConsultationStatus } from '../consultations/consultation-status';
import { consultationLinkExpiresAtMs } from '../consultations/consultation-link';
import { consultationChoices } from '../schedule/consultation-choices';
import { consultationInsideNotice, noticeRefusal } from '../schedule/notice';
import type { PlacedVisit, TravelCheck } from '../schedule/travel-buffer';
import { pbDate, refuse, type Change, type Command, type Refusal } from './command';

/** What the server reads for a request, inside its transaction. */
export interface ConsultationRequestState {
  /** The season's sentence for the date (400), or null when it may be asked for. */
  dateProblem: string | null;
  /** The owner's consultation notice, hours (docs/decisions/052). */
  noticeHours: number;
  /** Whether the caller (by e-mail, phone or connection) already has its pending upcoming requests. */
  capped: boolean;
  /** Slots ('HH:MM') of the date held by requests that are not cancelled. */
  taken: ReadonlySet<string>;
  /** The owner's other consultations that day, for the drive between them. */
  others: readonly PlacedVisit[];
  /** The request's ZIP, the travel buffer and the centroids (domain/schedule/travel-buffer.ts). */
  travel: TravelCheck | null;
  /** The new request's id, its manage link's raw token and SHA-256, and the link's page (made by the server as it loads). */
  newId: string;
  manageToken: string;
  tokenHash: string;
  manageUrl: string;
  /** The connection's address (PocketBase's RealIP), stored with the request. */
  clientIp: string;
}

/** One e-mail of a new request: the customer's confirmation or the business's notice. */
export interface ConsultationRequestedMail {
  consultationId: string;
  copy: 'customer' | 'business';
  manageUrl: string;
}

/** 200 { id, date: 'YYYY-MM-DD', timeSlot: 'HH:MM', status: ConsultationStatus.Pending, manageToken }. */
export interface ConsultationRequestAnswer {
  id: string;
  date: string;
  timeSlot: string;
  status: typeof ConsultationStatus.Pending;
  manageToken: string;
}

/** The refusal of `input` in `state` at `nowMs` (the order of the file's comment), or null when it is taken. */
export function consultationRequestRefusal(state: ConsultationRequestState, input: ConsultationRequest, nowMs: number): Refusal | null {
  if (state.dateProblem) return refuse(400, state.dateProblem);
  if (consultationInsideNotice(input.date, input.timeSlot, nowMs, state.noticeHours)) return refuse(409, noticeRefusal('consultation', state.noticeHours));
  if (state.capped) return refuse(429, OWNERSHIP_MESSAGES.tooManyConsultations);
  if (state.taken.has(input.timeSlot)) return refuse(409, CONSULTATION_SLOT_TAKEN);
  const choices = consultationChoices(input.date, state.taken, state.others, nowMs, state.noticeHours, state.travel);
  if (choices.some((c) => c.id === input.timeSlot && c.available)) return null;
  const fit = choices.filter((c) => c.available).map((c) => c.label);
  return refuse(
    409,
    `That consultation time leaves too little time to drive from our visit nearby. ${fit.length > 0 ? `Times that fit that day: ${fit.join(', ')}.` : 'No other time that day fits; please choose another day.'}`,
  );
}

export const consultationRequestCommand: Command<ConsultationRequest, ConsultationRequestState, ConsultationRequestedMail, ConsultationRequestAnswer> = {
  name: 'consultation-request',
  parse: (body) => parseConsultationRequest(body),
  idempotency: { by: 'natural', header: 'none', why: 'a request sent again finds its slot taken (409); the partial unique index on the slot keeps one' },
  decide(state, input, nowMs) {
    const refusal = consultationRequestRefusal(state, input, nowMs);
    if (refusal) return refusal;
    const id = state.newId;
    const changes: Change[] = [
      {
        op: 'create',
        collection: 'consultation_requests',
        id,
        fields: {
          customer_name: input.customerName,
          customer_email: input.customerEmail,
          customer_phone: input.customerPhone,
          customer_address: input.customerAddress,
          consultation_date: input.date,
          consultation_time_slot: input.timeSlot,
          notes: input.notes,
          status: ConsultationStatus.Pending,
          client_ip: state.clientIp,
        },
      },
      // Its manage link, stored as a hash with the request (consultation-links.ts).
      { op: 'create', collection: 'consultation_links', fields: { consultation: id, token_hash: state.tokenHash, expires_at: pbDate(consultationLinkExpiresAtMs(input.date)) } },
    ];
    return {
      changes,
      mails: [
        { consultationId: id, copy: 'customer', manageUrl: state.manageUrl },
        { consultationId: id, copy: 'business', manageUrl: state.manageUrl },
      ],
      answer: { id, date: input.date, timeSlot: input.timeSlot, status: ConsultationStatus.Pending, manageToken: state.manageToken },
    };
  },
};
