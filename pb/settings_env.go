package main

import (
	"os"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
)

// applyEnvSettings writes what the environment configures into PocketBase's settings, once per
// start: SMTP (applySMTP), the trusted proxy (TRUSTED_PROXY_HEADERS) and S3 storage for
// backups (BACKUP_S3_*). A variable left unset leaves its setting as it is, so what the owner
// configured in the dashboard stays. The values were checked by checkServerEnv.
func applyEnvSettings(app core.App, env ServerEnv) error {
	settings := app.Settings()
	changed := applySMTP(settings, env.MailFrom)
	if p := env.TrustedProxy; p != nil {
		settings.TrustedProxy.Headers = p.Headers
		settings.TrustedProxy.UseLeftmostIP = p.UseLeftmostIP
		changed = true
	}
	if s3 := env.BackupS3; s3 != nil {
		settings.Backups.S3 = core.S3Config{
			Enabled:        true,
			Bucket:         s3.Bucket,
			Region:         s3.Region,
			Endpoint:       s3.Endpoint,
			AccessKey:      s3.AccessKey,
			Secret:         s3.Secret,
			ForcePathStyle: s3.ForcePathStyle,
		}
		changed = true
	}
	if !changed {
		return nil
	}
	return app.Save(settings)
}

// applySMTP points PocketBase's mailer at SMTP_HOST (docs/architecture.md reading 7) when set, with
// SMTP_PORT (default 587), SMTP_USERNAME, SMTP_PASSWORD, SMTP_TLS ("true" for implicit TLS)
// and MAIL_FROM (from, as checkServerEnv split it): its address, and its display name when it
// has one (without one, the hooks send under the business's name, lib/mail/send-mail.ts).
// Without SMTP_HOST the settings are left alone: mail is only logged.
// Reports whether it changed the settings.
func applySMTP(settings *core.Settings, from *MailFromEnv) bool {
	host := os.Getenv("SMTP_HOST")
	if host == "" {
		return false
	}
	port := 587
	if p, err := strconv.Atoi(os.Getenv("SMTP_PORT")); err == nil && p > 0 {
		port = p
	}
	settings.SMTP.Enabled = true
	settings.SMTP.Host = host
	settings.SMTP.Port = port
	settings.SMTP.Username = os.Getenv("SMTP_USERNAME")
	settings.SMTP.Password = os.Getenv("SMTP_PASSWORD")
	settings.SMTP.TLS = os.Getenv("SMTP_TLS") == "true"
	if from != nil && from.Address != "" {
		settings.Meta.SenderAddress = from.Address
		if from.Name != "" {
			settings.Meta.SenderName = from.Name
		}
	}
	if settings.Meta.SenderAddress == "" {
		settings.Meta.SenderAddress = "bookings@localhost"
	}
	return true
}
