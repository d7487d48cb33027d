/**
 * Names shared by the build (web/vite.config.ts: the manifest's file, a Workbox cache) and the
 * admin's code at run time. No imports: the Vite config loads this file in Node.
 */

/** Where the admin app's web manifest is served (docs/decisions/016). */
export const ADMIN_MANIFEST_HREF = '/admin.webmanifest';

/** The service worker's cache of customers' inspiration images (CacheFirst). */
export const INSPIRATION_IMAGE_CACHE = 'inspiration-images';
