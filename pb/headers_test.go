package main

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestContentSecurityPolicy(t *testing.T) {
	demo := contentSecurityPolicy(false)
	stripe := contentSecurityPolicy(true)
	for _, tc := range []struct {
		name      string
		csp       string
		want      []string
		forbidden []string
	}{
		{"demo: our origin only", demo,
			[]string{"script-src 'self';", "connect-src 'self';", "frame-src 'none';", "frame-ancestors 'none'", "object-src 'none'"},
			[]string{"stripe", "'unsafe-eval'", "script-src 'self' 'unsafe-inline'"}},
		{"stripe: Stripe's origins for Stripe.js", stripe,
			[]string{"script-src 'self' https://js.stripe.com;", "connect-src 'self' https://api.stripe.com;", "frame-src https://js.stripe.com https://hooks.stripe.com;", "frame-ancestors 'none'"},
			[]string{"'unsafe-eval'", "script-src 'self' 'unsafe-inline'"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range tc.want {
				if !strings.Contains(tc.csp, w) {
					t.Errorf("%q lacks %q", tc.csp, w)
				}
			}
			for _, f := range tc.forbidden {
				if strings.Contains(tc.csp, f) {
					t.Errorf("%q contains %q", tc.csp, f)
				}
			}
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	const csp = "default-src 'self'"
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Like PocketBase's file route: its own CSP only when none is set yet.
		if w.Header().Get("Content-Security-Policy") == "" {
			w.Header().Set("Content-Security-Policy", "pocketbase's")
		}
		w.WriteHeader(http.StatusOK)
	})
	for _, tc := range []struct {
		name        string
		path        string
		tls         bool
		proto       string
		behindProxy bool
		wantCSP     string
		wantHSTS    string
	}{
		{"a page over http", "/", false, "", false, csp, ""},
		{"a page over TLS", "/booking", true, "", false, csp, hsts},
		{"https from a trusted proxy", "/", false, "https", true, csp, hsts},
		{"a client's own X-Forwarded-Proto without a proxy", "/", false, "https", false, csp, ""},
		{"http from a trusted proxy", "/", false, "http", true, csp, ""},
		{"an uploaded file", "/api/files/c/r/a.png", false, "", false, fileCSP, ""},
		{"PocketBase's dashboard keeps its own CSP", "/_/", false, "", false, "pocketbase's", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tc.path, nil)
			if tc.tls {
				req.TLS = &tls.ConnectionState{}
			}
			if tc.proto != "" {
				req.Header.Set("X-Forwarded-Proto", tc.proto)
			}
			rec := httptest.NewRecorder()
			securityHeaders(ok, csp, func() bool { return tc.behindProxy }).ServeHTTP(rec, req)
			h := rec.Header()
			if got := h.Get("Content-Security-Policy"); got != tc.wantCSP {
				t.Errorf("CSP = %q, want %q", got, tc.wantCSP)
			}
			if got := h.Get("Strict-Transport-Security"); got != tc.wantHSTS {
				t.Errorf("HSTS = %q, want %q", got, tc.wantHSTS)
			}
			for name, want := range map[string]string{
				"Referrer-Policy":            referrerPolicy,
				"Permissions-Policy":         permissionsPolicy,
				"X-Content-Type-Options":     "nosniff",
				"X-Frame-Options":            "DENY",
				"Cross-Origin-Opener-Policy": "same-origin",
			} {
				if got := h.Get(name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
		})
	}
}
