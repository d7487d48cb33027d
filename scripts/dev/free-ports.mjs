// @ts-check
/**
 * `node scripts/dev/free-ports.mjs N`: prints N distinct free TCP ports on 127.0.0.1, one a line.
 * For callers that must stay synchronous (playwright.config.ts runs it with execFileSync).
 */
import { freePorts } from '../lib/server.mjs';

const count = Number(process.argv[2] ?? 1);
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: node scripts/dev/free-ports.mjs <count ≥ 1>');
  process.exit(2);
}
console.log((await freePorts(count)).join('\n'));
