/**
 * The hooks' layers run one way (docs/architecture.md "Layers", the floors of pb_hooks/src/lib):
 * the imports of pb_hooks/src/lib, read with a regular expression over each file's import and
 * export lines, grouped by floor (a topic folder, or a file at lib/'s root). Two checks:
 * - no two topic folders import each other (a two-way pair);
 * - no import from a lower floor to a higher one.
 * Both allow none: what two topics share sits on a floor below them (`booking-store/`, `ledger/`,
 * `booking-changes/`), never in one of the two.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIB = join(ROOT, 'pb_hooks/src/lib');

/**
 * The floors of pb_hooks/src/lib, lowest first (docs/architecture.md "Layers"): a part imports
 * only parts on its own floor or below. A part is a topic folder (`bookings`) or a file at
 * lib/'s root (`clock.ts`).
 */
export const FLOORS: readonly (readonly string[])[] = [
  // Infrastructure: the clock, settings, requests and answers and who sent them, the log, record helpers (a record by id or field, or null; the ledger's rows).
  [
    'clock.ts',
    'settings.ts',
    'http.ts',
    'log.ts',
    'json-fields.ts',
    'records.ts',
    'kept.ts',
    'upload-room.ts',
    'anonymous-recipients.ts',
    'ledger-records.ts',
    'row-reader.ts',
    'booking-row.ts',
    'charge-row.ts',
    'consultation-row.ts',
    'waitlist-row.ts',
    'staff-auth.ts',
    'freed-slots.ts',
    'run-job.ts',
  ],
  // The mail outbox and transport, and the messages' wording.
  ['mail'],
  // The command runner.
  ['commands'],
  // A booking's records that every topic reads and writes: its row, its manage links, its history lines.
  ['booking-store'],
  // The ledger's writes: a booking's balance, damages and removal charges.
  ['ledger'],
  // The adapters of the commands that change a booking (move, cancel, add a removal): what they load, their mails, how they run.
  ['booking-changes'],
  // The topics: their routes, jobs, record hooks, command adapters and repositories.
  ['admin', 'bookings', 'calendar-feed', 'consultations', 'customers', 'my-booking', 'my-consultation', 'payments', 'reviews', 'seasons', 'waitlist'],
  // The bundles' entries, which export the handlers of pb_hooks/src/route-table.ts.
  ['app.ts', 'date-reads.ts'],
];

/** The floor of `part` (0 lowest), or -1 when FLOORS does not list it. */
export function floorOf(part: string, floors: readonly (readonly string[])[] = FLOORS): number {
  return floors.findIndex((floor) => floor.includes(part));
}

/** The part of lib/ a path relative to lib/ belongs to: its first folder, or the root file itself. */
export function partOf(relPath: string): string {
  return relPath.split('/')[0]!;
}

/** One import between two parts: `from` imports `to` in file `file` (relative to lib/). */
export interface PartImport {
  from: string;
  to: string;
  file: string;
}

/** The relative specifiers `source` imports or re-exports (`import … from './x'`, `export … from '../y'`, `import './z'`). */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const [, a, b] of source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+['"](\.[^'"]*)['"]|^\s*import\s+['"](\.[^'"]*)['"]/gm)) found.push((a ?? b)!);
  return found;
}

/** Every import between two different parts of lib/ (test files left out; imports leaving lib/ left out). */
export function partImports(lib: string = LIB): PartImport[] {
  const imports: PartImport[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const file = relative(lib, full);
        for (const spec of importSpecifiers(readFileSync(full, 'utf8'))) {
          const target = relative(lib, normalize(join(dirname(full), spec)));
          if (target.startsWith('..')) continue;
          const from = partOf(file);
          const to = partOf(target.endsWith('.ts') || target.includes('/') ? target : `${target}.ts`);
          if (from !== to) imports.push({ from, to, file });
        }
      }
    }
  };
  walk(lib);
  return imports;
}

/** The pairs of parts that import each other, each once as 'a <-> b' (a before b), sorted. */
export function twoWayPairs(imports: readonly PartImport[]): string[] {
  const edges = new Set(imports.map((i) => `${i.from} -> ${i.to}`));
  const pairs = new Set<string>();
  for (const { from, to } of imports) if (edges.has(`${to} -> ${from}`)) pairs.add(from < to ? `${from} <-> ${to}` : `${to} <-> ${from}`);
  return [...pairs].sort();
}

/** The part-to-part edges 'a -> b' that run from a lower floor to a higher one, sorted. */
export function upwardImports(imports: readonly PartImport[], floors: readonly (readonly string[])[] = FLOORS): string[] {
  const up = new Set<string>();
  for (const { from, to } of imports) if (floorOf(from, floors) < floorOf(to, floors)) up.add(`${from} -> ${to}`);
  return [...up].sort();
}

describe('the layers of pb_hooks/src/lib', () => {
  const imports = partImports();

  it('reads the imports and places every part on a floor', () => {
    expect(imports.length).toBeGreaterThan(100);
    const parts = new Set(readdirSync(LIB).filter((n) => n.endsWith('.ts') || statSync(join(LIB, n)).isDirectory()));
    const unplaced = [...parts].filter((p) => floorOf(p) < 0);
    expect(unplaced, `parts of pb_hooks/src/lib on no floor (add them to FLOORS and docs/architecture.md "Layers"): ${unplaced.join(', ')}`).toEqual([]);
  });

  it('has no two parts importing each other', () => {
    expect(twoWayPairs(imports)).toEqual([]);
  });

  it('has no import from a lower floor to a higher one', () => {
    expect(upwardImports(imports)).toEqual([]);
  });
});

describe('the layer check itself', () => {
  it('reads import, export and side-effect lines, relative ones only', () => {
    const source = `import { a } from './a';\nimport type { B } from '../b/b';\nexport { c } from '../c';\nimport '@domain/zod-config';\nimport './d';\nimport {\n  e,\n} from '../e/e';\n`;
    expect(importSpecifiers(source)).toEqual(['./a', '../b/b', '../c', './d', '../e/e']);
  });

  it('finds a two-way pair and an upward import', () => {
    const imports: PartImport[] = [
      { from: 'bookings', to: 'payments', file: 'bookings/x.ts' },
      { from: 'payments', to: 'bookings', file: 'payments/y.ts' },
      { from: 'mail', to: 'bookings', file: 'mail/z.ts' },
      { from: 'bookings', to: 'mail', file: 'bookings/w.ts' },
      { from: 'bookings', to: 'clock.ts', file: 'bookings/v.ts' },
      { from: 'booking-store', to: 'payments', file: 'booking-store/u.ts' },
      { from: 'ledger', to: 'booking-changes', file: 'ledger/t.ts' },
      { from: 'booking-changes', to: 'ledger', file: 'booking-changes/s.ts' },
    ];
    expect(twoWayPairs(imports)).toEqual(['booking-changes <-> ledger', 'bookings <-> mail', 'bookings <-> payments']);
    expect(upwardImports(imports)).toEqual(['booking-store -> payments', 'ledger -> booking-changes', 'mail -> bookings']);
  });
});
