/// <reference path="../pb_hooks/types/types.d.ts" />
// "Forgot password?" for staff (docs/decisions/034):
// - the reset e-mail's words: PocketBase's default links to its own dashboard
//   ({APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}), where only superusers sign in; ours
//   links to the admin's own page. The hook that sends it (pb_hooks/src/lib/admin/
//   staff-password-reset.ts) fills {APP_URL} with the app's public origin (APP_URL), {TOKEN},
//   {APP_NAME} and {RECORD:…} as PocketBase does, so an edit in the dashboard applies;
// - a reset link lives 30 minutes (said in the e-mail; PocketBase's default, set here so the
//   two agree) and works once: the new password rotates the account's token key;
// - per-IP limits on asking for links and on using them (PocketBase's defaults have none:
//   "*:auth" is only the sign-ins); the per-account limit (3 e-mails an hour) is the hook's;
// - admins may read the mail outbox, but not the reset e-mails in it: each holds a live link
//   to another admin's account. Superusers still see them (the dashboard, and the only inbox
//   there is when SMTP is not configured).

const ADMIN = '@request.auth.collectionName = "staff" && @request.auth.role = "admin"';
const NOT_RESET_MAIL = 'kind != "staff_password_reset"';

const RESET_TEMPLATE = {
  subject: "Reset your {APP_NAME} admin password",
  body: `<p>Hello,</p>
<p>Someone, probably you, asked to reset the password of the {APP_NAME} admin account {RECORD:email}.</p>
<p><a href="{APP_URL}/admin/reset-password?token={TOKEN}">Choose a new password</a></p>
<p>If the button does not open, copy this address into your browser:<br>{APP_URL}/admin/reset-password?token={TOKEN}</p>
<p>The link works once, for 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p>{APP_NAME}</p>`,
};
const LINK_SECONDS = 1800;

const RULES = [
  { label: "*:requestPasswordReset", audience: "", maxRequests: 5, duration: 600 },
  { label: "*:confirmPasswordReset", audience: "", maxRequests: 10, duration: 600 },
];
const LABELS = RULES.map((r) => r.label);

migrate((app) => {
  const staff = app.findCollectionByNameOrId("staff");
  staff.resetPasswordTemplate = RESET_TEMPLATE;
  staff.passwordResetToken.duration = LINK_SECONDS;
  app.save(staff);

  const mail = app.findCollectionByNameOrId("mail_log");
  mail.listRule = `${ADMIN} && ${NOT_RESET_MAIL}`;
  mail.viewRule = `${ADMIN} && ${NOT_RESET_MAIL}`;
  app.save(mail);

  const settings = app.settings();
  const others = settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label));
  settings.rateLimits.rules = [...RULES, ...others];
  app.save(settings);
}, (app) => {
  // PocketBase's own defaults, from a new auth collection rather than a copy of their text.
  const defaults = new Collection({ type: "auth", name: "defaults" });
  const staff = app.findCollectionByNameOrId("staff");
  staff.resetPasswordTemplate = defaults.resetPasswordTemplate;
  staff.passwordResetToken.duration = defaults.passwordResetToken.duration;
  app.save(staff);

  const mail = app.findCollectionByNameOrId("mail_log");
  mail.listRule = ADMIN;
  mail.viewRule = ADMIN;
  app.save(mail);

  const settings = app.settings();
  settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => !LABELS.includes(r.label));
  app.save(settings);
});
