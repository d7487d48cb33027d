/**
 * The booking calendar's reads load a small hooks bundle (docs/decisions/018): a JSVM runtime
 * PocketBase builds for one request when its pool is busy must load it in well under a
 * millisecond, so it must not pull in zod or the ZIP-code table that make lib/app.js 1.3 MB.
 * Builds pb_hooks/src/lib/date-reads.ts in memory with the build's own options.
 */
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { hookLibraryOptions } from './build-steps.mjs';

describe('the date-reads hooks bundle', () => {
  it('stays small: no zod, no ZIP-code table, under 50 kB', async () => {
    const result = await esbuild.build({ ...hookLibraryOptions('date-reads'), write: false, metafile: true });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.filter((f) => f.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.filter((f) => f.includes('zip-centroids'))).toEqual([]);
    expect(result.outputFiles![0]!.contents.length).toBeLessThan(50_000);
  });
});
