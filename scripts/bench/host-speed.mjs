// @ts-check
/**
 * bench/host-speed.ts for the bench scripts, which Node runs as plain JavaScript: loaded once
 * through Vite's module runner (as web/vite.config.ts loads domain/ modules).
 */
import { fileURLToPath, URL } from 'node:url';

/** @type {Promise<typeof import('../../bench/host-speed.ts')> | null} */
let loaded = null;

/** bench/host-speed.ts's exports. */
export function loadHostSpeed() {
  loaded ??= import('vite').then(async ({ runnerImport }) => {
    const { module } = await runnerImport(fileURLToPath(new URL('../../bench/host-speed.ts', import.meta.url)));
    return /** @type {typeof import('../../bench/host-speed.ts')} */ (module);
  });
  return loaded;
}
