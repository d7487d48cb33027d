/**
 * How fast this host is, for the browser benches (`npm run bench:admin -- --slow`, and the
 * public pages' bench alike): Lighthouse's benchmark index of the host, measured the way
 * Lighthouse measures it (its own `computeBenchmarkIndex`, run inside a page of the browser
 * under test, unthrottled), and the CPU slowdown that makes this host stand in for the phone
 * the targets are set for (docs/benchmarks.md: a benchmark index of about 1,300, slowed 4 x as
 * Lighthouse's mobile profile does).
 *
 * Loaded by the bench scripts (plain Node ES modules) through Vite's module runner.
 */
import type { Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The benchmark index of the phone the admin's targets are set for (docs/benchmarks.md). */
export const REFERENCE_INDEX = 1300;

/** Lighthouse's mobile CPU slowdown, applied to a host of REFERENCE_INDEX. */
export const REFERENCE_SLOWDOWN = 4;

/**
 * The host's benchmark index (a plain number, about 1,000–3,000 for today's laptops and
 * phones; higher is faster), measured in `page` (a blank page will do; about one second) by
 * Lighthouse's own `computeBenchmarkIndex` (lighthouse/core/lib/page-functions.js), as
 * Lighthouse does before each run. Measure before any CPU throttling is set on the page.
 */
export async function benchmarkIndexIn(page: Page): Promise<number> {
  // The function's own source, run in the page (it uses nothing from outside itself).
  return page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`) as Promise<number>;
}

/**
 * The CPU throttling rate that makes a host of benchmark index `index` as slow as the
 * reference phone: REFERENCE_SLOWDOWN x (index / REFERENCE_INDEX), never below 1 (Chromium's
 * rate 1 is no throttling). A host of index 2,600 gets 8; one of 1,300, 4.
 */
export function slowdownFor(index: number): number {
  if (!Number.isFinite(index) || index <= 0) throw new RangeError(`not a benchmark index: ${index}`);
  return Math.max(1, (REFERENCE_SLOWDOWN * index) / REFERENCE_INDEX);
}

/**
 * Slows `page`'s CPU by `rate` (Chromium's DevTools protocol, Emulation.setCPUThrottlingRate;
 * 1 is none). Set it before the navigation to measure; it lasts for the page's life.
 */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
