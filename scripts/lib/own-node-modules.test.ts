import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertOwnNodeModules } from './own-node-modules.mjs';

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'own-node-modules-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('assertOwnNodeModules', () => {
  it('accepts a checkout with its own node_modules folder', () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'node_modules'));
    expect(() => assertOwnNodeModules(root)).not.toThrow();
  });

  it('refuses node_modules linked from another checkout', () => {
    const other = tempDir();
    mkdirSync(path.join(other, 'node_modules'));
    const root = tempDir();
    symlinkSync(path.join(other, 'node_modules'), path.join(root, 'node_modules'));
    expect(() => assertOwnNodeModules(root)).toThrow(/shared with another checkout/);
  });

  it('refuses a checkout without node_modules', () => {
    expect(() => assertOwnNodeModules(tempDir())).toThrow(/npm ci/);
  });
});
