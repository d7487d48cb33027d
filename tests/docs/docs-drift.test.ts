/**
 * Docs that cannot drift: docs/product.md's route table against web/src/lib/paths.ts, the paths
 * docs/architecture.md names against the tree as it is when the test runs, every `/api/fn/`
 * route, job and collection of the server named in the docs, and the decision records against
 * their one-page form (docs/architecture.md "Conventions").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { loadRouteTable } from '../../scripts/build/hook-registrations.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Every route as the build registers it: route-table.ts's and the declared ones of pb_hooks/src/lib/ (docs/decisions/066). */
const { ROUTES, JOBS } = await loadRouteTable();
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** A route as both sides write it: no query or anchor, each `:param`, `{param}` or `<param>` one `:param`. */
export function normalizeRoute(route: string): string {
  const bare = route.trim().split(/[?#\s]/)[0]!;
  const params = bare.replace(/:[A-Za-z_]\w*|\{[^}]*\}|<[^>]*>/g, ':param');
  return params.length > 1 ? params.replace(/\/+$/, '') : params;
}

/** The routes of the first Markdown table under `heading`, as written: each row whose first cell starts with '/'. */
export function routeTableRoutes(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`No heading "${heading}"`);
  const lines = markdown.slice(start).split('\n').slice(1);
  const first = lines.findIndex((l) => l.trim().startsWith('|'));
  const routes: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.trim().startsWith('|')) break;
    const cell = line.split('|')[1]!.trim().replace(/`/g, '');
    if (cell.startsWith('/')) routes.push(cell);
  }
  return routes;
}

/**
 * Every file and folder of the repository as it is now (folders with a trailing '/'): what git
 * tracks or would track (`git ls-files --cached --others --exclude-standard`), so folders another
 * change has just added count and what is built or installed (gitignored) does not, in a fresh
 * clone as in a built one. Without git, a walk of the tree without the usual build outputs.
 */
function treeEntries(): Set<string> {
  const entries = new Set<string>();
  const add = (file: string) => {
    entries.add(file);
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) entries.add(`${parts.slice(0, i).join('/')}/`);
  };
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    for (const file of listed.split('\0')) if (file && existsSync(join(ROOT, file))) add(file);
    return entries;
  } catch {
    // The build outputs and installs of .gitignore.
    const skip = new Set(['.git', 'node_modules', 'bin', 'release', 'test-results', 'playwright-report', '.tmp', 'web/dist', 'web/dev-dist', 'pb_hooks/lib', 'pb_hooks/types']);
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        const rel = relative(ROOT, full);
        if (skip.has(rel) || name === 'node_modules' || name.startsWith('pb_data') || name.endsWith('.pb.js')) continue;
        if (statSync(full).isDirectory()) walk(full);
        else add(rel);
      }
    };
    walk(ROOT);
    return entries;
  }
}

const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|go|css|html|yml|yaml|sh|service|example)$/;

/**
 * The backticked mentions of `markdown` outside code blocks that look like repository paths: a
 * name with a file extension, a name ending in '/', or a name with a '/' whose first part is a
 * top-level entry of the repository (`web/src/admin`). Left out: URL paths ('/api/…'),
 * patterns and placeholders (`*`, `<name>`, `${…}`), and anything with spaces or a colon.
 * Files the build writes (gitignored) are named in plain text, not in backticks.
 */
export function pathMentions(markdown: string, topLevel: ReadonlySet<string>): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  const found = new Set<string>();
  for (const [, raw] of prose.matchAll(/`([^`\n]+)`/g)) {
    const token = raw!.trim();
    if (!/^[\w.@-]+(\/[\w.@-]*)*$/.test(token) || token.startsWith('/')) continue;
    const looksLikePath = FILE_EXTENSION.test(token) || token.endsWith('/') || (token.includes('/') && topLevel.has(token.split('/')[0]!));
    if (looksLikePath) found.add(token);
  }
  return [...found];
}

/**
 * Where a relative mention may start from: the repository root, then the folders whose files
 * docs/architecture.md names by their short paths (`core/db.ts`, `payments/settle-payment.ts`,
 * `lib/paths.ts`, `route-table.ts`).
 */
const ROOTS = ['', 'web/src/', 'web/src/admin/', 'web/src/admin/core/', 'pb_hooks/src/', 'pb_hooks/src/lib/', 'scripts/'];

/** True when `mention` is a file or folder of `tree`, from one of ROOTS; a bare file name may be anywhere. */
export function resolves(mention: string, tree: ReadonlySet<string>): boolean {
  const candidates = mention.endsWith('/') ? [mention] : [mention, `${mention}/`];
  if (ROOTS.some((root) => candidates.some((c) => tree.has(root + c)))) return true;
  if (!mention.includes('/')) return [...tree].some((entry) => entry.endsWith(`/${mention}`) || entry.endsWith(`/${mention}/`));
  return false;
}

/** Words of `text` as `wc -w` counts them (runs of non-blank characters). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * The collections the migrations `dir` leave behind, in creation order: each `new Collection({
 * … name: "x" … })`, `baseCollection("x", …)` or `linkCollection("x", …)` (the frozen helpers of
 * pb_migrations/helpers/, docs/decisions/067-frozen-migration-helpers.md) in a migration's up
 * function (its first `(app) =>`), less those an up function deletes
 * (`app.delete(app.findCollectionByNameOrId("x"))`). Down functions undo and are not read.
 */
export function migratedCollections(dir: string): string[] {
  const live = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    const arrows = [...text.matchAll(/\(app\)\s*=>/g)].map((m) => m.index!);
    const up = text.slice(0, arrows[1] ?? text.length);
    for (const [, name] of up.matchAll(/(?:new Collection\(\{[^]*?\bname:\s*|\b(?:base|link)Collection\(\s*)["'](\w+)["']/g)) live.add(name!);
    for (const [, name] of up.matchAll(/app\.delete\(app\.findCollectionByNameOrId\(["'](\w+)["']\)\)/g)) live.delete(name!);
  }
  return [...live];
}

/**
 * Whether `markdown` names `name` in backticks: the name itself, or the name leading a longer
 * mention (`bookings.cancel_message`, `mail_log` rows, `/api/fn/jobs/deliver-mail`).
 */
export function namesInBackticks(markdown: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp('`(?:[^`\\n]*/)?' + escaped + '(?:[.?\\s(][^`\\n]*)?`').test(markdown);
}

/** A route of the table as the docs may name it: its whole path, or the part after `/api/fn/` (`admin-bookings/move`). */
export function routeNamed(markdown: string, path: string): boolean {
  return namesInBackticks(markdown, path) || namesInBackticks(markdown, path.replace(/^\/api\/fn\//, ''));
}

describe('the server named in docs/architecture.md or docs/product.md', () => {
  const docs = `${read('docs/architecture.md')}\n${read('docs/product.md')}`;

  it('names every /api/fn/ route of pb_hooks/src/route-table.ts and every declared route', () => {
    const paths = [...new Set(ROUTES.map((r) => r.path))];
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter((p) => !routeNamed(docs, p));
    expect(missing, `routes of pb_hooks/src/route-table.ts named in neither document: ${missing.join(', ')}`).toEqual([]);
  });

  it('names every job of pb_hooks/src/route-table.ts (JOBS)', () => {
    expect(JOBS.length).toBeGreaterThan(5);
    const missing = JOBS.map((j) => j.name).filter((name) => !namesInBackticks(docs, name));
    expect(missing, `jobs of pb_hooks/src/route-table.ts named in neither document: ${missing.join(', ')}`).toEqual([]);
  });

  it('names every collection the migrations create', () => {
    const collections = migratedCollections(join(ROOT, 'pb_migrations'));
    expect(collections).toContain('bookings');
    expect(collections).not.toContain('users');
    const missing = collections.filter((c) => !namesInBackticks(docs, c));
    expect(missing, `collections of pb_migrations/ named in neither document: ${missing.join(', ')}`).toEqual([]);
  });
});

describe('docs/product.md §2 route table', () => {
  const documented = routeTableRoutes(read('docs/product.md'), '### Route table');
  const real: string[] = Object.values(paths);
  const documentedSet = new Set(documented.map(normalizeRoute));
  const realSet = new Set(real.map(normalizeRoute));

  it('names every route of web/src/lib/paths.ts', () => {
    expect(documented.length).toBeGreaterThan(0);
    const missing = real.filter((r) => !documentedSet.has(normalizeRoute(r)));
    expect(missing, `routes of web/src/lib/paths.ts missing from docs/product.md §2's route table: ${missing.join(', ')}`).toEqual([]);
  });

  it('names no route that web/src/lib/paths.ts lacks', () => {
    const unknown = documented.filter((r) => !realSet.has(normalizeRoute(r)));
    expect(unknown, `docs/product.md §2's route table names routes that web/src/lib/paths.ts does not have: ${unknown.join(', ')}`).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('names only folders and files that are in the tree', () => {
    const tree = treeEntries();
    const topLevel = new Set(readdirSync(ROOT));
    const mentions = pathMentions(read('docs/architecture.md'), topLevel);
    expect(mentions.length).toBeGreaterThan(20);
    const absent = mentions.filter((m) => !resolves(m, tree));
    expect(absent, `docs/architecture.md names paths that are not in the tree: ${absent.join(', ')}`).toEqual([]);
  });
});

describe("the migrations' comments", () => {
  it('name only hooks and domain files that are in the tree', () => {
    const tree = treeEntries();
    const dir = join(ROOT, 'pb_migrations');
    const absent: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      // Full paths, and the hooks' `lib/…` short paths (from pb_hooks/src/).
      for (const [mention] of read(`pb_migrations/${file}`).matchAll(/\b(?:pb_hooks\/src\/|domain\/|lib\/)[\w/.-]+\.ts\b/g)) {
        const path = mention.startsWith('lib/') ? `pb_hooks/src/${mention}` : mention;
        if (!tree.has(path)) absent.push(`${file}: ${mention}`);
      }
    }
    expect(absent, `migrations name files that are not in the tree: ${absent.join(', ')}`).toEqual([]);
  });
});

describe('the documents cite decision records that exist', () => {
  it('every docs/decisions/NNN cited by README.md and docs/*.md is a record', () => {
    const numbers = new Set(readdirSync(join(ROOT, 'docs/decisions')).map((f) => f.slice(0, 3)));
    const cited = new Set<string>();
    for (const file of [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ]) {
      for (const [, list] of read(file).matchAll(/docs\/decisions\/(\d{3}(?:,\s*\d{3})*)/g)) {
        for (const n of list!.split(/,\s*/)) if (!numbers.has(n)) cited.add(`${file}: docs/decisions/${n}`);
      }
    }
    expect([...cited], `cited decision records that do not exist: ${[...cited].join('; ')}`).toEqual([]);
  });
});

describe('docs/decisions/', () => {
  const dir = join(ROOT, 'docs/decisions');
  const records = readdirSync(dir).filter((f) => f.endsWith('.md'));

  it('holds records', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(existsSync(join(ROOT, 'docs/benchmarks.md'))).toBe(true);
  });

  it('keeps every record to one page: at most 600 words', () => {
    const long = records.map((f) => ({ f, words: wordCount(readFileSync(join(dir, f), 'utf8')) })).filter((r) => r.words > 600);
    expect(
      long.map((r) => `${r.f} (${r.words} words)`),
      `decision records over 600 words: ${long.map((r) => `${r.f} (${r.words})`).join(', ')}`,
    ).toEqual([]);
  });

  it('marks every record that a later one amends or supersedes, in its first lines', () => {
    const byNumber = new Map(records.map((f) => [f.slice(0, 3), readFileSync(join(dir, f), 'utf8')]));
    const unmarked: string[] = [];
    for (const [number, text] of byNumber) {
      const status = /^- Status: ([\s\S]*?)(?:\n\n|\n#)/m.exec(text)?.[1] ?? '';
      // Each clause that starts with "amends" or "supersedes", up to a ';' or ')'.
      for (const [, clause] of status.matchAll(/\b(?:amends|supersedes)\b([^;)]*)/g)) {
        for (const [older] of clause!.matchAll(/\b\d{3}\b/g)) {
          const head = (byNumber.get(older) ?? '').split('\n## ')[0]!;
          const marked = new RegExp(`^Superseded (?:in part )?by [^\\n]*\\b${number}\\b`, 'm').test(head);
          if (!marked) unmarked.push(`${older} (by ${number})`);
        }
      }
    }
    expect(unmarked, `records amended or superseded by a later record without a 'Superseded in part by NNN: …' line at the top: ${unmarked.join(', ')}`).toEqual([]);
  });

  it('gives every record its date, status, context, decision and consequences', () => {
    const parts = [/^- Date: /m, /^- Status: /m, /^## Context$/m, /^## Decision$/m, /^## Consequences$/m];
    const incomplete = records.filter((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return parts.some((p) => !p.test(text));
    });
    expect(incomplete, `decision records without a date, status, Context, Decision or Consequences: ${incomplete.join(', ')}`).toEqual([]);
  });
});
