// @ts-check
/**
 * The machine's own speed, so the suite's times compare across machines (docs/benchmarks.md):
 * a short fixed CPU loop (SHA-256 over a 64 KiB buffer, 1,500 times, one core) timed five
 * times, the best kept, with the load average when it ran. A figure of 1.00 is the reference
 * machine's loop (the 2-core development machine, quiet); 0.50 means this machine, or its load,
 * ran the loop half as fast, so its suite times are expected to be about twice as long.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';

/** Milliseconds the reference machine's best loop takes (measured there, quiet). */
export const REFERENCE_LOOP_MS = 66;

/**
 * Times the fixed loop.
 * @returns {{ loopMs: number, speed: number, cores: number, load: number }} the best of five
 *   runs in milliseconds, the speed relative to the reference machine, the core count and the
 *   1-minute load average at the time
 */
export function machineSpeed() {
  const buffer = Buffer.alloc(64 * 1024, 7);
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const started = process.hrtime.bigint();
    let digest = buffer;
    for (let i = 0; i < 1500; i++) digest = createHash('sha256').update(buffer).update(digest).digest();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { loopMs: best, speed: REFERENCE_LOOP_MS / best, cores: os.cpus().length, load: os.loadavg()[0] ?? 0 };
}

/** The one line `npm test` and the benches print: `machine speed 1.02 (loop 186 ms, 2 cores, load 0.4)`. */
export function machineSpeedLine() {
  const m = machineSpeed();
  return `machine speed ${m.speed.toFixed(2)} (loop ${m.loopMs.toFixed(0)} ms, ${m.cores} cores, load ${m.load.toFixed(1)})`;
}
