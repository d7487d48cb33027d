/**
 * Zod compiles object parsers with `new Function` when the page allows it, and probes for that
 * by calling it. The Content-Security-Policy allows no eval (docs/decisions/014-production.md),
 * so the probe alone is reported as a violation. Jitless parsing is the same validation without
 * eval. Imported first by the web app's main.tsx and entry-server.tsx, before any schema parses,
 * and by the hooks library (pb_hooks/src/lib/app.ts): each of PocketBase's 25 goja runtimes
 * would compile every schema's parser again, which made the first checkouts after a start
 * slower, and goja interprets the compiled parser anyway (docs/decisions/053-gc-pace.md).
 *
 * Set on zod's global configuration object directly (zod 4 keeps it on globalThis and reads it
 * back when it loads; zod-config.test.ts checks zod sees it) rather than through `config()`:
 * importing zod here would put its code and English messages in every page's first script
 * (about 4 kB gzipped), also on pages that validate nothing.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
export {};
