/**
 * Zod compiles object parsers with `new Function` when the page allows it, and probes for that
 * by calling it. The Content-Security-Policy allows no eval (docs/decisions/014-production.md),
 * so the probe alone is reported as a violation. Jitless parsing is the same validation without
 * eval. Imported first by main.tsx, before any schema parses.
 */
import { config } from 'zod';

config({ jitless: true });
