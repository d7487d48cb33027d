/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** The admin's ZIP subset, made at build time by web/vite.config.ts (docs/decisions/035). */
declare module 'virtual:nearby-zips' {
  import type { NearbyZipTable } from '@domain/place/zip-nearby';
  const table: NearbyZipTable;
  export default table;
}
