import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from './run.mjs';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A child that writes to stdout, waits, then writes to stderr, and exits with `code`. */
const child = (code: number) => ['-e', `process.stdout.write('first line\\n'); setTimeout(() => { process.stderr.write('second line\\n'); process.exit(${code}); }, 200);`];

describe('run with held output', () => {
  it('prints the whole output, stdout and stderr, in one block once the command has ended', async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const done = run(process.execPath, child(0), { held: true });
    await new Promise((r) => setTimeout(r, 100));
    // Nothing yet while the command runs, though it has written its first line.
    expect(writes).toEqual([]);
    await expect(done).resolves.toBe('');
    expect(writes).toEqual(['first line\nsecond line\n']);
  });

  it('prints the held output of a command that fails, and still rejects', async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    await expect(run(process.execPath, child(3), { held: true })).rejects.toThrow(/exited with 3/);
    expect(writes).toEqual(['first line\nsecond line\n']);
  });
});
