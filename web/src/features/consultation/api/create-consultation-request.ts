import type { ConsultationRequestInput } from '@domain/consultations/consultation';
import { pb } from '@/lib/pb';
import type { ConsultationStatus } from '@domain/consultations/consultation-status';

export interface ConsultationCreated {
  id: string;
  date: string;
  timeSlot: string;
  status: typeof ConsultationStatus.Pending;
  /** The request's manage link's token (/my-consultation?token=…), the one its e-mail carries. */
  manageToken?: string;
}

/**
 * POST /api/fn/consultation-request (docs/product.md §7 consultation_requests insert and
 * send-confirmation-email): stores the request and e-mails the confirmation. Rejects with a
 * ClientResponseError: 400 bad input, 409 slot just taken.
 */
export function createConsultationRequest(input: ConsultationRequestInput): Promise<ConsultationCreated> {
  return pb.send<ConsultationCreated>('/api/fn/consultation-request', { method: 'POST', body: input });
}
