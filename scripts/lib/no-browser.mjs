// @ts-check
/**
 * An environment in which no Chrome or Chromium can be found: PATH without any folder that
 * holds one, and CHROME_PATH, CHROMIUM_PATH and Playwright's browser folder pointing nowhere.
 * `npm test` builds the web app in it, so the build is proven to need no browser
 * (docs/decisions/019) without a second build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

/**
 * @param {NodeJS.ProcessEnv} env the environment to start from
 * @param {string} nowhere a folder path that holds no browser (it need not exist)
 * @returns {NodeJS.ProcessEnv}
 */
export function envWithoutBrowser(env, nowhere) {
  const PATH = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !BROWSERS.some((b) => existsSync(path.join(dir, b))))
    .join(path.delimiter);
  const chromium = path.join(nowhere, 'chromium');
  return { ...env, PATH, CHROME_PATH: chromium, CHROMIUM_PATH: chromium, PLAYWRIGHT_BROWSERS_PATH: nowhere };
}
