#!/usr/bin/env node
// @ts-check
/**
 * Builds only the web app, with its prerendered pages, into a folder (default web/dist):
 * `node scripts/build/build-web.mjs [outDir]`. Needs no browser (docs/decisions/019);
 * tests/server/prerender-no-browser.test.ts runs it where none can be found.
 */
import path from 'node:path';
import { buildWeb } from './build-steps.mjs';

await buildWeb(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
