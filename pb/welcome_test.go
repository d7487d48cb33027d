package main

import (
	"strings"
	"testing"
)

func TestWelcomeMessage(t *testing.T) {
	demo := ServerEnv{Payments: "demo"}
	for _, tc := range []struct {
		name      string
		env       ServerEnv
		admins    int
		code      string
		want      []string
		forbidden []string
	}{
		{"a first start in development", demo, 0, "ABCD-EFGH-JKMN",
			[]string{
				"Setup code: ABCD-EFGH-JKMN (asked for on that page; also in the file setup-code of the data directory; it works once).\n",
				"Shop is running at http://127.0.0.1:8090 (listening on 127.0.0.1:8090)\n",
				"Payments: DEMO MODE – no card is charged.",
				"Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.",
				"No admin yet: open http://127.0.0.1:8090/setup-admin to create the first one. Set ADMIN_EMAIL",
			},
			[]string{"pbinstall", "go run"}},
		{"production allowed to run demo payments", ServerEnv{Payments: "demo", Production: true, AdminEmail: "owner@shop.example"}, 0, "ABCD-EFGH-JKMN",
			[]string{"Production runs it only because ALLOW_DEMO_PAYMENTS=true.", "It signs in as owner@shop.example with a password shown once on that page."},
			nil},
		{"Stripe with an admin", ServerEnv{Payments: "stripe", Warnings: []string{"APP_NOW freezes the server clock."}}, 1, "",
			[]string{"Payments: Stripe Checkout.", "Warning: APP_NOW freezes the server clock.\n"},
			[]string{"DEMO", "No admin yet"}},
		{"an unknown number of admins", demo, -1, "", nil, []string{"No admin yet", "Setup code"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := welcomeMessage("Shop", "http://127.0.0.1:8090", "127.0.0.1:8090", tc.env, tc.admins, tc.code)
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message lacks %q:\n%s", w, msg)
				}
			}
			for _, f := range tc.forbidden {
				if strings.Contains(msg, f) {
					t.Errorf("message contains %q:\n%s", f, msg)
				}
			}
		})
	}
}

func TestPublicURL(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  ServerEnv
		info serveInfo
		want string
	}{
		{"APP_URL wins", ServerEnv{AppOrigin: "https://shop.example"}, serveInfo{httpAddr: "127.0.0.1:9000"}, "https://shop.example"},
		{"a domain served with HTTPS", ServerEnv{}, serveInfo{domains: []string{"shop.example"}}, "https://shop.example"},
		{"the HTTP address", ServerEnv{}, serveInfo{httpAddr: "127.0.0.1:9000"}, "http://127.0.0.1:9000"},
		{"all interfaces", ServerEnv{}, serveInfo{httpAddr: "0.0.0.0:8080"}, "http://127.0.0.1:8080"},
		{"PocketBase's default", ServerEnv{}, serveInfo{}, "http://127.0.0.1:8090"},
		{"IPv6", ServerEnv{}, serveInfo{httpAddr: "[::1]:8080"}, "http://[::1]:8080"},
	} {
		if got := publicURL(tc.env, tc.info); got != tc.want {
			t.Errorf("%s: publicURL = %q, want %q", tc.name, got, tc.want)
		}
	}
}
