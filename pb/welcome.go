package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// welcomeMessage is what the server prints when it starts, instead of PocketBase's banner and
// its superuser installer link (which also suggests a `go run .` that does not apply here):
// where the site is, whether payments are real, and how to create the first admin.
// admins is the number of staff admins; listening the address the server is bound to;
// setupCode the one-time code that creates the first admin (” when there is none).
func welcomeMessage(appName, siteURL, listening string, env ServerEnv, admins int, setupCode string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is running at %s (listening on %s)\n", appName, siteURL, listening)
	fmt.Fprintf(&b, "├─ Site:      %s/\n", siteURL)
	fmt.Fprintf(&b, "├─ Admin:     %s/admin/login\n", siteURL)
	fmt.Fprintf(&b, "└─ Dashboard: %s/_/ (PocketBase superusers: `pocketbase superuser upsert EMAIL PASSWORD`)\n", siteURL)
	for _, w := range env.Warnings {
		fmt.Fprintf(&b, "Warning: %s\n", w)
	}
	b.WriteString(paymentsLine(env) + "\n")
	if admins == 0 {
		fmt.Fprintf(&b, "No admin yet: open %s/setup-admin to create the first one.", siteURL)
		if env.AdminEmail != "" {
			fmt.Fprintf(&b, " It signs in as %s with a password shown once on that page.", env.AdminEmail)
		} else {
			b.WriteString(" Set ADMIN_EMAIL to the address it signs in with.")
		}
		b.WriteString("\n")
		if setupCode != "" {
			fmt.Fprintf(&b, "Setup code: %s (asked for on that page; also in the file %s of the data directory; it works once).\n", setupCode, setupCodeFile)
		}
	}
	return b.String()
}

// paymentsLine says whether checkouts take real money (docs/architecture.md reading 6).
func paymentsLine(env ServerEnv) string {
	if !env.DemoPayments() {
		return "Payments: Stripe Checkout."
	}
	line := "Payments: DEMO MODE – no card is charged. Checkouts end on a local page marked " +
		"\"Demo payment – no card is charged\" that confirms the booking as if it were paid."
	if env.Production {
		return line + " Production runs it only because ALLOW_DEMO_PAYMENTS=true."
	}
	return line + " Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments."
}

// printWelcome writes welcomeMessage to out and records the payment mode in the app's log
// (the dashboard's Logs), where a demo-mode production server is also visible.
func printWelcome(app core.App, out io.Writer, siteURL, listening string, env ServerEnv) {
	admins, err := app.CountRecords("staff", dbx.HashExp{"role": "admin"})
	if err != nil {
		admins = -1 // unknown: say nothing about the first admin
	}
	code := ""
	if admins == 0 {
		var err error
		if code, err = ensureSetupCode(app.DataDir()); err != nil {
			fmt.Fprintf(os.Stderr, "Could not write the first admin's setup code: %v\n", err)
		}
	} else if admins > 0 {
		removeSetupCode(app.DataDir())
	}
	fmt.Fprint(out, welcomeMessage(app.Settings().Meta.AppName, siteURL, listening, env, int(admins), code))
	if env.DemoPayments() {
		app.Logger().Warn("Payments are in demo mode: no card is charged", "production", env.Production)
	}
}
