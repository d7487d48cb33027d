/**
 * The owner saves a season (POST /api/fn/seasons; domain/schedule/seasons.ts): a new season
 * year is created, an existing one updated under the edit rule (any field until the season's
 * first booking; after it only the installation and removal end dates, and only later).
 * Pure (domain/commands/command.ts).
 */
import type { ParseResult } from '../contact-schema';
import { isYmd } from '../schedule/calendar';
import type { ClosingHours } from '../schedule/slots';
import { renewalsOpenProblem, SEASON_MESSAGES, seasonEditProblem, seasonRecordProblem, type EarlyBird, type SeasonRecord } from '../schedule/seasons';
import { decided, refuse, type Command, type FieldValue } from './command';
import { trimmedText } from '../text';

/**
 * What the state loader found: the stored record of that year (with its id), whether the season
 * has a booking, and the last installation date of the season before it (seasons.ts lastInstallDate).
 */
export interface SeasonSaveState {
  existing: { id: string; season: SeasonRecord } | null;
  hasBooking: boolean;
  previousInstallEnd: string;
}

/** The answer: the year saved. */
export interface SeasonSaveAnswer {
  year: number;
}

/** The sentence for a body that is not a season at all. */
export const SEASON_SAVE_SHAPE = 'Send the season as { year, install, removal, consultation, workDays, closingHours, renewalsOpen, publicOpens, earlyBird }.';

function windowOf(v: unknown): { start: string; end: string } {
  const w = (v ?? {}) as { start?: unknown; end?: unknown };
  return { start: typeof w.start === 'string' ? w.start : '', end: typeof w.end === 'string' ? w.end : '' };
}

/**
 * Checks the body { year, install, removal, consultation: { start, end }, workDays: number[],
 * closingHours?: { [weekday 0–6]: hour 12–23 } (left out or {}: the pattern, docs/decisions/055),
 * renewalsOpen, publicOpens: 'YYYY-MM-DD' | '', earlyBird: { kind, value, until } | null }
 * (value: percent 1–50, or cents) into a season record; 400 sentences of SEASON_MESSAGES.
 */
export function parseSeasonSave(body: Record<string, unknown>): ParseResult<SeasonRecord> {
  if (typeof body.year !== 'number' || typeof body.install !== 'object' || typeof body.removal !== 'object' || typeof body.consultation !== 'object') {
    return { ok: false, message: SEASON_SAVE_SHAPE };
  }
  const eb = body.earlyBird as { kind?: unknown; value?: unknown; until?: unknown } | null | undefined;
  const earlyBird: EarlyBird | null = eb && eb.kind !== '' && eb.kind !== undefined ? { kind: eb.kind as EarlyBird['kind'], value: Number(eb.value), until: trimmedText(eb.until) } : null;
  const season: SeasonRecord = {
    year: body.year,
    install: windowOf(body.install),
    removal: windowOf(body.removal),
    consultation: windowOf(body.consultation),
    workDays: Array.isArray(body.workDays) ? [...new Set(body.workDays.map(Number))].sort((a, b) => a - b) : [],
    // Left out: {} (the pattern); anything but a map stays as sent for seasonRecordProblem's sentence.
    closingHours: (body.closingHours ?? {}) as ClosingHours,
    renewalsOpen: trimmedText(body.renewalsOpen),
    publicOpens: trimmedText(body.publicOpens),
    earlyBird,
  };
  const problem = seasonRecordProblem(season);
  return problem ? { ok: false, message: problem } : { ok: true, value: season };
}

/** The `seasons` record fields of `s`. */
export function seasonFields(s: SeasonRecord): Record<string, FieldValue> {
  return {
    year: s.year,
    install_start: s.install.start,
    install_end: s.install.end,
    removal_start: s.removal.start,
    removal_end: s.removal.end,
    consultation_start: s.consultation.start,
    consultation_end: s.consultation.end,
    work_days: [...s.workDays],
    closing_hours: { ...s.closingHours },
    renewals_open: isYmd(s.renewalsOpen) ? s.renewalsOpen : '',
    public_opens: isYmd(s.publicOpens) ? s.publicOpens : '',
    early_bird_kind: s.earlyBird?.kind ?? '',
    early_bird_value: s.earlyBird?.value ?? 0,
    early_bird_until: s.earlyBird?.until ?? '',
  };
}

export const seasonSaveCommand: Command<SeasonRecord, SeasonSaveState, never, SeasonSaveAnswer> = {
  name: 'season-save',
  parse: (body) => parseSeasonSave(body),
  idempotency: { by: 'natural', header: 'none', why: 'saving the same season again writes the same fields' },
  decide(state, input) {
    const problem = seasonEditProblem(state.existing?.season ?? null, input, state.hasBooking);
    // The shape was checked by parse; what is left is the edit rule, a state that forbids it.
    if (problem) return refuse(problem === SEASON_MESSAGES.locked(input.year) ? 409 : 400, problem);
    // Only a changed date is judged, so a season saved before the rule keeps saving its end dates.
    const renewalsChanged = input.renewalsOpen !== (state.existing?.season.renewalsOpen ?? '');
    const early = renewalsChanged ? renewalsOpenProblem(input, state.previousInstallEnd) : null;
    if (early) return refuse(400, early);
    const fields = seasonFields(input);
    const change = state.existing ? { op: 'update' as const, collection: 'seasons', id: state.existing.id, fields } : { op: 'create' as const, collection: 'seasons', fields };
    return decided([change], { year: input.year });
  },
};
