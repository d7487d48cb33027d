/**
 * Reading the repository's own source as text, for the architecture and lint tests that look for
 * a kind of line (a status written with a literal, a derived money field written outside its one
 * place: docs/architecture.md "One typed booking", docs/decisions/061).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A file's text by its path from the repository root. */
export const readSource = (file: string): string => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/**
 * Every line of `files` (paths from the repository root, read with `read`) that one of
 * `patterns` matches, trimmed, as `path:line: text` (lines count from 1); comment lines (starting
 * with `*`, `//` or `/*`) are passed over.
 */
export function matchingLines(files: readonly string[], patterns: readonly RegExp[], read: (file: string) => string = readSource): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return [];
        return patterns.some((p) => p.test(code)) ? [`${file}:${i + 1}: ${code}`] : [];
      }),
  );
}
