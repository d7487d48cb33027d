import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { backoffDelay, BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './backoff';
import { classifyFailure, OFFLINE_MESSAGE, SERVER_TROUBLE_MESSAGE, SIGN_IN_MESSAGE } from './send-failure';

const sdkError = (status: number, message = '') => new ClientResponseError({ status, response: message ? { message } : {} });

describe('classifyFailure', () => {
  it.each<[string, unknown, string, string]>([
    ['a fetch TypeError', new TypeError('Failed to fetch'), 'retry', OFFLINE_MESSAGE],
    ["the SDK's status-0 error", sdkError(0), 'retry', OFFLINE_MESSAGE],
    ['a 500', sdkError(500, 'Something went wrong.'), 'retry', SERVER_TROUBLE_MESSAGE],
    ['a 503 with a message', sdkError(503, 'The payment service could not be reached.'), 'retry', SERVER_TROUBLE_MESSAGE],
    ['a 429', sdkError(429, 'Too many requests.'), 'retry', 'Too many requests.'],
    ['a 401', sdkError(401, 'The request requires valid record authorization token.'), 'sign_in', SIGN_IN_MESSAGE],
    ['a 409 still processing', sdkError(409, 'This request is still being processed. Please retry in a moment.'), 'retry', 'This request is still being processed. Please retry in a moment.'],
    ['a 409 refusal', sdkError(409, 'This booking has nothing left to pay.'), 'attention', 'This booking has nothing left to pay.'],
    ['a 403', sdkError(403, "You don't have admin privileges."), 'attention', "You don't have admin privileges."],
    ['a 404 without message', sdkError(404), 'attention', 'The server refused it (error 404).'],
  ])('%s → %s', (_name, err, action, message) => {
    expect(classifyFailure(err)).toMatchObject({ action, message });
  });
});

describe('backoffDelay', () => {
  it.each([
    [1, 0, BACKOFF_BASE_MS / 2],
    [1, 0.999999, BACKOFF_BASE_MS],
    [2, 0, BACKOFF_BASE_MS],
    [3, 0.5, BACKOFF_BASE_MS * 3],
    [40, 0, BACKOFF_CAP_MS / 2],
    [1000, 0.999999, BACKOFF_CAP_MS],
  ])('attempt %i, random %f → %i ms', (attempts, r, ms) => expect(backoffDelay(attempts, () => r)).toBe(ms));
});
