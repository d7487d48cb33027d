// @ts-check
/**
 * `npm run dev`: PocketBase on :8090 (restarts itself when the compiled hooks change), the hooks
 * recompiled whenever pb_hooks/src or domain/ changes, and Vite's dev server with hot reload on
 * :5173, proxying /api to PocketBase. Open http://127.0.0.1:5173.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { buildHooks, buildServer, generateHookTypes, PB_BIN } from '../build/build-steps.mjs';
import { ROOT } from '../lib/run.mjs';
import { serveArgs } from '../lib/server.mjs';

await buildServer();
await generateHookTypes();
await buildHooks();

/** @type {NodeJS.Timeout | undefined} */
let timer;
const rebuild = () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    buildHooks().then(
      () => console.log('[dev] hooks rebuilt'),
      (err) => console.error('[dev] hooks build failed:', err.message),
    );
  }, 150);
};
for (const dir of ['pb_hooks/src', 'domain']) watch(path.join(ROOT, dir), { recursive: true }, rebuild);

const pb = spawn(PB_BIN, serveArgs(8090, path.join(ROOT, 'pb_data'), { watchHooks: true }), { cwd: ROOT, stdio: 'inherit' });
const { createServer } = await import('vite');
const vite = await createServer({ configFile: path.join(ROOT, 'web', 'vite.config.ts'), server: { host: '127.0.0.1', port: 5173 } });
await vite.listen();
vite.printUrls();

const stop = () => {
  pb.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
