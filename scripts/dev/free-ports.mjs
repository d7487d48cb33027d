// @ts-check
/**
 * `node scripts/dev/free-ports.mjs N [--below-ephemeral]`: prints N distinct free TCP ports on
 * 127.0.0.1, one a line; with --below-ephemeral from BELOW_EPHEMERAL (scripts/lib/server.mjs),
 * where no port the OS picks can clash with them. For callers that must stay synchronous
 * (playwright.config.ts runs it with execFileSync).
 */
import { BELOW_EPHEMERAL, freePorts } from '../lib/server.mjs';

const count = Number(process.argv[2] ?? 1);
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: node scripts/dev/free-ports.mjs <count ≥ 1>');
  process.exit(2);
}
console.log((await freePorts(count, process.argv.includes('--below-ephemeral') ? BELOW_EPHEMERAL : undefined)).join('\n'));
