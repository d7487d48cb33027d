// @ts-check
/**
 * `npm start`: builds everything, then runs PocketBase on http://127.0.0.1:8090 (PORT to
 * change it) with its data in ./pb_data (PB_DATA_DIR to change it), serving the app.
 * SKIP_BUILD=1 skips the build; PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD create a
 * superuser first.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, PB_BIN } from '../build/build-steps.mjs';
import { ROOT } from '../lib/run.mjs';
import { serveArgs, upsertSuperuser } from '../lib/server.mjs';

const port = Number(process.env.PORT ?? 8090);
const dataDir = path.resolve(ROOT, process.env.PB_DATA_DIR ?? 'pb_data');

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the server, hooks and web app…');
  await buildAll();
}
if (process.env.PB_SUPERUSER_EMAIL && process.env.PB_SUPERUSER_PASSWORD) {
  await upsertSuperuser(dataDir, process.env.PB_SUPERUSER_EMAIL, process.env.PB_SUPERUSER_PASSWORD);
}

console.log(`\nStarting the app at http://127.0.0.1:${port} (data in ${path.relative(ROOT, dataDir) || '.'})\n`);
const child = spawn(PB_BIN, serveArgs(port, dataDir), { cwd: ROOT, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
