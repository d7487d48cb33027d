/**
 * The owner answers consultation requests (docs/decisions/033): confirm, move to another free
 * Wednesday slot, mark done, cancel; each e-mails the customer once (the calendar file under one
 * UID at a rising SEQUENCE, METHOD:CANCEL on cancel), a replay changes nothing, and the
 * refusals say why. Who may call: tests/server/admin-access.test.ts.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSULTATION_STATUS_MESSAGES as M } from '../../domain/consultations/consultation-status';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { itipProblems } from '../support/itip';
import { consultationRequest } from './review-fixtures';
import { callFn, clearCollections, request, superuser } from './support';

const su = superuser();
let admin: SignedInStaff;
let seq = 0;

beforeAll(async () => {
  admin = await signedInStaff('admin');
});
beforeEach(() => clearCollections('consultation_requests'));

const answer = (body: Record<string, unknown>, key = `consult-${Date.now()}-${++seq}`) =>
  request({ method: 'POST', route: '/api/fn/consultations/status', token: admin.token, headers: { 'Idempotency-Key': key }, body });
const mails = (id: string) => su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'consultation_update'", { id }), sort: 'created_at' });
const icsOf = (m: Record<string, unknown>) => ((m.attachment_data as { content: string }[] | null) ?? [])[0]?.content ?? '';

async function requested(over: Record<string, unknown> = {}): Promise<string> {
  const res = await callFn('POST', '/api/fn/consultation-request', consultationRequest({ customerEmail: `consult.${++seq}@example.com`, ...over }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

describe('answering a consultation request', () => {
  it('confirm (twice: once), move to another Wednesday, cancel: each mailed once with one UID and a rising SEQUENCE', async () => {
    const id = await requested({ date: '2026-11-25', timeSlot: '10:30' });
    for (let i = 0; i < 2; i++) expect((await answer({ id, action: 'confirm' })).body.consultation).toMatchObject({ status: 'confirmed', ics_sequence: 1 });
    const moved = await answer({ id, action: 'reschedule', date: '2026-12-02', timeSlot: '14:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.consultation).toMatchObject({ status: 'confirmed', consultation_date: '2026-12-02', consultation_time_slot: '14:00', ics_sequence: 2 });
    expect((await answer({ id, action: 'cancel' })).body.consultation).toMatchObject({ status: 'cancelled', ics_sequence: 3 });
    expect((await answer({ id, action: 'cancel' })).status).toBe(200);

    const sent = await mails(id);
    expect(sent.map((m) => m.subject)).toEqual([
      'Your consultation is confirmed: Wednesday, November 25, 2026 at 10:30 AM',
      'Your consultation has moved: Wednesday, December 2, 2026 at 2:00 PM',
      'Your consultation is cancelled',
    ]);
    expect(sent.map((m) => [/SEQUENCE:(\d+)/.exec(icsOf(m))?.[1], /METHOD:(\w+)/.exec(icsOf(m))?.[1]])).toEqual([
      ['1', 'REQUEST'],
      ['2', 'REQUEST'],
      ['3', 'CANCEL'],
    ]);
    // iTIP (RFC 5546): each file has what its METHOD requires, read by ical.js.
    for (const m of sent) expect(itipProblems(icsOf(m))).toEqual([]);
    expect(new Set(sent.map((m) => /UID:([^\r\n]+)/.exec(icsOf(m))?.[1])).size).toBe(1);
    expect(icsOf(sent[1]!)).toContain('DTSTART;TZID=America/New_York:20261202T140000');
    // The old slot is free again for someone else.
    expect((await callFn('POST', '/api/fn/consultation-request', consultationRequest({ date: '2026-11-25', timeSlot: '10:30', customerEmail: 'next.consult@example.com' }))).status).toBe(200);
  });

  it('mark done: a thank-you with the way to book, no calendar file; then nothing else changes it', async () => {
    const id = await requested({ date: '2026-11-25', timeSlot: '11:00' });
    expect((await answer({ id, action: 'complete' })).body.consultation.status).toBe('completed');
    const [thanks] = await mails(id);
    expect(thanks!.subject).toMatch(/^Thank you for your consultation/);
    expect(thanks!.body).toContain('/booking');
    expect(icsOf(thanks!)).toBe('');
    expect(await answer({ id, action: 'cancel' })).toMatchObject({ status: 409, body: { message: M.done } });
  });

  it('refuses a taken slot, a day that is not a Wednesday, a missing slot, an unknown action or request', async () => {
    const a = await requested({ date: '2026-11-25', timeSlot: '09:00' });
    await requested({ date: '2026-11-25', timeSlot: '09:30' });
    expect(await answer({ id: a, action: 'reschedule', date: '2026-11-25', timeSlot: '09:30' })).toMatchObject({ status: 409, body: { message: M.taken } });
    expect((await answer({ id: a, action: 'reschedule', date: '2026-11-26', timeSlot: '10:00' })).body.message).toBe('Consultations are held on Wednesdays only.');
    expect((await answer({ id: a, action: 'reschedule', date: '2026-12-02' })).body.message).toBe(M.slot);
    expect((await answer({ id: a, action: 'approve' })).body.message).toBe(M.action);
    expect((await answer({ id: 'nosuchconsult12', action: 'confirm' })).status).toBe(404);
    expect((await su.collection('consultation_requests').getOne(a)).status).toBe('pending');
    expect(await mails(a)).toHaveLength(0);
  });
});
