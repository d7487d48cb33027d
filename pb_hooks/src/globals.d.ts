/** Globals of PocketBase's JSVM (goja) not declared in its generated types.d.ts. */
declare function require(path: string): any;
declare const module: { exports: unknown };
