#!/usr/bin/env node
// @ts-check
// Writes the app icons only (favicon, manifest icons incl. maskable 192/512, apple-touch-icon)
// into web/public: run `node scripts/images/make-app-icons.mjs`. scripts/images/make-images.mjs writes them too,
// with every illustration (slower).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAppIcons } from './app-icons.mjs';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public');
await writeAppIcons(publicDir);
console.log('app icons written to', join(publicDir, 'icons'));
