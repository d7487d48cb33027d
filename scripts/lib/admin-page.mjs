// @ts-check
/**
 * A browser page signed in as an admin for the scripts that drive the admin app (bench:admin,
 * bench:offline, make-app-screenshots): the PocketBase SDK's auth store is filled as a sign-in
 * leaves it (localStorage `pocketbase_auth`), on the app's origin, before the dashboard opens.
 */

/**
 * Opens `${origin}/admin/login` and stores `token` and `record` as the signed-in admin.
 * @param {import('@playwright/test').Page} page @param {string} origin
 * @param {string} token @param {unknown} record
 */
export async function storeAdminSession(page, origin, token, record) {
  await page.goto(`${origin}/admin/login`);
  await page.evaluate((auth) => localStorage.setItem('pocketbase_auth', auth), JSON.stringify({ token, record }));
}
