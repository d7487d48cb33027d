/**
 * The PocketBase JS SDK client for the app's own server (same origin). Imported only by
 * features that talk to the API (booking, payment, admin), never by the public pages.
 */
import PocketBase from 'pocketbase';
import { fetchWholeResponse } from './whole-response-fetch';

export const pb = new PocketBase(typeof window === 'undefined' ? 'http://127.0.0.1:8090' : window.location.origin);
// Several slot lists load at once; the SDK's default cancels duplicate requests.
pb.autoCancellation(false);
// A body cut off mid-answer is a network failure, not the SDK's empty success (whole-response-fetch.ts).
pb.beforeSend = (url, options) => ({ url, options: { ...options, fetch: options.fetch ?? fetchWholeResponse } });

// The user-facing message of a failed call, for the SDK's errors and the plain reads' alike.
export { errorMessage } from './api/get-json';
