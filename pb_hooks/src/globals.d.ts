/** Globals of PocketBase's JSVM (goja) not declared in its generated types.d.ts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a module's exports have whatever shape it gives them
declare function require(path: string): any;
declare const module: { exports: unknown };
/** Wraps a string in an io.Reader (bound in pb/main.go) for mail attachments. */
declare function $textReader(text: string): unknown;
/** The data disk's room for uploads (pb/disk_guard.go, bound in pb/main.go); see lib/upload-room.ts. */
declare function $uploadRoom(): unknown;
/** The JSVM's console (goja_nodejs), printing to PocketBase's output. */
declare const console: { log(...args: unknown[]): void; warn(...args: unknown[]): void; error(...args: unknown[]): void };
