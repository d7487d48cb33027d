// @ts-check
/** `npm run build`: server binary, hook types, hooks and web app. */
import { buildAll } from './build-steps.mjs';

const started = Date.now();
await buildAll();
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
