package main

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func TestApplySMTPTakesMailFromsAddressAndName(t *testing.T) {
	t.Setenv("SMTP_HOST", "smtp.example.com")
	settings := &core.Settings{}
	settings.Meta.SenderName = "Support"
	if !applySMTP(settings, &MailFromEnv{Address: "bookings@example.com", Name: "Thoughtfully Adorned"}) {
		t.Fatal("applySMTP reported no change")
	}
	if settings.Meta.SenderAddress != "bookings@example.com" || settings.Meta.SenderName != "Thoughtfully Adorned" {
		t.Errorf("sender = %q <%s>", settings.Meta.SenderName, settings.Meta.SenderAddress)
	}

	// An address alone leaves the name as it is (the hooks send under the business's name
	// while it is PocketBase's default).
	settings.Meta.SenderName = "Support"
	applySMTP(settings, &MailFromEnv{Address: "hello@example.com"})
	if settings.Meta.SenderAddress != "hello@example.com" || settings.Meta.SenderName != "Support" {
		t.Errorf("sender = %q <%s>", settings.Meta.SenderName, settings.Meta.SenderAddress)
	}
}

func TestApplySMTPWithoutHostChangesNothing(t *testing.T) {
	t.Setenv("SMTP_HOST", "")
	settings := &core.Settings{}
	if applySMTP(settings, &MailFromEnv{Address: "bookings@example.com", Name: "X"}) || settings.Meta.SenderAddress != "" {
		t.Errorf("changed without SMTP_HOST: %+v", settings.Meta)
	}
}
