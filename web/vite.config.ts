import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { ADMIN_MANIFEST_HREF, INSPIRATION_IMAGE_CACHE } from './src/admin/device/pwa-constants.ts';
import { BUSINESS } from '../domain/business.ts';
import type * as ZipNearby from '../domain/place/zip-nearby.ts';
import { ADMIN_CORE_CHUNK, adminCoreModules, adminImportOf, isAdminSide, staticReachOf } from '../scripts/build/admin-startup-chunks.ts';

const pocketbase = process.env.PB_URL ?? 'http://127.0.0.1:8090';

/**
 * The browser's build, not the server entry's: scripts/build/prerender.mjs builds
 * src/entry-server.tsx with this config too, for node, with no HTML and no public files.
 */
const clientBuild: Plugin['apply'] = (_config, env) => env.command === 'build' && !env.isSsrBuild;

/**
 * The installable app is the owner's admin (docs/decisions/016): its manifest is
 * linked only by the admin's pages (web/src/admin/device/app-manifest.ts adds the
 * link), so the public pages offer customers no install of a back office. vite-plugin-pwa
 * writes the link into the HTML shell; this takes it out again (the prerendered public pages
 * are made from that shell).
 */
function manifestLinkOnlyInAdmin(): Plugin {
  return {
    name: 'manifest-link-only-in-admin',
    apply: clientBuild,
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/\s*<link rel="manifest"[^>]*>/g, ''),
    },
  };
}

// The React PWA (docs/architecture.md "Shape"): built into web/dist, which PocketBase serves.
/**
 * The page the service worker answers navigations with: the plain app shell. It cannot be
 * index.html: PocketBase (Go's file server) answers /index.html with a redirect to /, which is
 * the prerendered home page, so the precached "shell" was the home page's markup, and every
 * navigation under the service worker, offline too, first painted the home page and fetched its
 * images. A copy under another name is served as it is (docs/decisions/016).
 */
const APP_SHELL = 'app-shell.html';
function appShellCopy(): Plugin {
  return {
    name: 'app-shell-copy',
    apply: clientBuild,
    enforce: 'post',
    writeBundle: {
      order: 'post',
      handler(options) {
        const dir = options.dir ?? 'dist';
        copyFileSync(path.join(dir, 'index.html'), path.join(dir, APP_SHELL));
      },
    },
  };
}

/**
 * `virtual:nearby-zips`: the ZIP centroids within 150 road miles of the base ZIP
 * (domain/place/zip-nearby.ts), cut from the server's full table (domain/data/zip-centroids.json,
 * which the web app must not ship) whenever the app is built or served, so the subset always
 * matches the table and the base ZIP. The admin's day imports it on demand for the drive
 * between visits, as a chunk of its own (docs/decisions/035).
 */
const NEARBY_ZIPS = 'virtual:nearby-zips';
function nearbyZips(): Plugin {
  const resolved = `\0${NEARBY_ZIPS}`;
  const source = fileURLToPath(new URL('../domain/data/zip-centroids.json', import.meta.url));
  let code: Promise<string> | null = null;
  return {
    name: 'nearby-zips',
    resolveId: (id) => (id === NEARBY_ZIPS ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      this.addWatchFile(source);
      code ??= (async () => {
        // Through Vite's module runner: domain/ imports without file extensions, which the
        // config's own loader is to stop resolving.
        const { module } = await runnerImport<typeof ZipNearby>(fileURLToPath(new URL('../domain/place/zip-nearby.ts', import.meta.url)));
        const { centroids } = JSON.parse(readFileSync(source, 'utf8')) as { centroids: Record<string, string> };
        return `export default ${JSON.stringify(module.nearbyZipTable(centroids, BUSINESS.baseZip))};`;
      })();
      return code;
    },
  };
}

/**
 * The code the admin's routes share at start in one chunk rather than Rolldown's several small
 * ones, without a byte more for any public page (scripts/build/admin-startup-chunks.ts): read
 * from the build's module graph once it is complete, before the chunks are cut.
 */
function adminStartupChunking(): Plugin {
  let core = new Set<string>();
  return {
    name: 'admin-startup-chunks',
    apply: clientBuild,
    buildEnd() {
      core = adminCoreModules(this.getModuleIds(), (id) => this.getModuleInfo(id));
    },
    outputOptions: (options) => ({
      ...options,
      // Only the modules named, without their imports: those a public page shares stay in their
      // own chunks, which the admin's core imports.
      codeSplitting: { groups: [{ name: (id) => (core.has(id) ? ADMIN_CORE_CHUNK : null), includeDependenciesRecursively: false }] },
    }),
  };
}

/**
 * The admin imports its own copies of the domain modules it shares with the public pages
 * (scripts/build/admin-startup-chunks.ts `adminImportOf`, docs/decisions/068), so they join the
 * admin's chunks instead of the dozen small chunks Rolldown cuts for the sets of pages that
 * share them; the public pages' chunks do not change. Not the modules the entry loads.
 */
function adminCopies(): Plugin {
  const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  let entryReach: Promise<Set<string>> | null = null;
  return {
    name: 'admin-copies',
    apply: clientBuild,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !isAdminSide(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      entryReach ??= staticReachOf(entry, async (id) => (await this.load({ id })).importedIds);
      const id = adminImportOf(resolved.id, await entryReach);
      return id === resolved.id ? resolved : { ...resolved, id };
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)), '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the app supports (es2022) knows <link rel="modulepreload">: Vite's polyfill
    // for it would only weigh on every page's first script (docs/architecture.md "What a page loads").
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev`: the API and uploaded files come from the PocketBase started beside Vite.
    proxy: { '/api': pocketbase, '/_': pocketbase },
  },
  plugins: [
    react(),
    nearbyZips(),
    adminCopies(),
    adminStartupChunking(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
      manifestFilename: ADMIN_MANIFEST_HREF.slice(1),
      // The owner's phone app (docs/decisions/016): opens on the dashboard; its scope is the
      // admin's pages only, so links to the public site (in e-mails, on the phone) still open
      // in the browser rather than being captured by the installed back office.
      manifest: {
        id: '/admin/',
        name: 'Thoughtfully Adorned Admin',
        short_name: 'Adorned Admin',
        description: "The season's schedule, bookings and on-site notes of Thoughtfully Adorned, on the owner's phone, also without a connection.",
        lang: 'en-US',
        dir: 'ltr',
        start_url: '/admin/dashboard',
        scope: '/admin/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#fbf8f3',
        theme_color: '#1f3d2b',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Made by scripts/images/make-app-screenshots.mjs from the real app.
        screenshots: [
          {
            src: '/screenshots/admin-booking-narrow.png',
            sizes: '1080x1920',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A booking at the door: mark the install done, add a note or a photo, also offline',
          },
          { src: '/screenshots/admin-schedule-wide.png', sizes: '1920x1080', type: 'image/png', form_factor: 'wide', label: "The season's schedule, day by day" },
        ],
      },
      workbox: {
        // The app shell is precached; the API and PocketBase's dashboard never fall back to it.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2}'],
        // Illustrations come in two formats and several widths: cache those actually shown, on
        // first use, instead of precaching every variant. Prerendered pages are for first loads.
        // The manifest's screenshots are only for the install dialog. index.html is not the shell
        // the worker serves (APP_SHELL is).
        globIgnores: ['images/**', '_prerendered/**', 'screenshots/**', 'index.html'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
            handler: 'CacheFirst',
            options: { cacheName: 'images', expiration: { maxEntries: 80, maxAgeSeconds: 60 * 60 * 24 * 30 } },
          },
          {
            // Customers' inspiration images, for the admin at the door: the admin fetches those
            // of the next 14 days' jobs ahead (admin/device/prefetch-inspiration.ts).
            // An image never changes under its URL (a new upload is a new record).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/files/inspiration_images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: INSPIRATION_IMAGE_CACHE,
              expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 45 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        navigateFallback: `/${APP_SHELL}`,
        navigateFallbackDenylist: [/^\/api\//, /^\/_\//],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
    manifestLinkOnlyInAdmin(),
    appShellCopy(),
  ],
});
