import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const pocketbase = process.env.PB_URL ?? 'http://127.0.0.1:8090';

// The React PWA (DESIGN.md "Shape"): built into web/dist, which PocketBase serves.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    // `npm run dev`: the API and uploaded files come from the PocketBase started beside Vite.
    proxy: { '/api': pocketbase, '/_': pocketbase },
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Thoughtfully Adorned – Christmas Tree Decorating',
        short_name: 'Adorned',
        description: 'Christmas tree decorating, installation and removal in Maryland. Book online.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fbf8f3',
        theme_color: '#1f3d2b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell is precached; the API and PocketBase's dashboard never fall back to it.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2}'],
        // Illustrations come in two formats and several widths: cache those actually shown, on
        // first use, instead of precaching every variant. Prerendered pages are for first loads.
        globIgnores: ['images/**', '_prerendered/**'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
            handler: 'CacheFirst',
            options: { cacheName: 'images', expiration: { maxEntries: 80, maxAgeSeconds: 60 * 60 * 24 * 30 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/_\//],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
  ],
});
