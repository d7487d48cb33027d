package main

import (
	"net/http"
	"strings"
)

// Security headers of every response (docs/decisions/014-production.md).
const (
	referrerPolicy = "strict-origin-when-cross-origin"
	// Everything the site does not use is denied, to the page and to anything it embeds.
	permissionsPolicy = "accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), " +
		"fullscreen=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), " +
		"picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), " +
		"xr-spatial-tracking=()"
	// An uploaded file is never a page: no script, no subresource, a sandbox, never framed
	// (PocketBase's own file CSP plus frame-ancestors).
	fileCSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'"
	hsts    = "max-age=31536000"
)

// contentSecurityPolicy is the CSP of the site and the API: scripts only from our own files
// (no inline script anywhere; prerendered pages load the app through /start-app.js), styles
// from our files plus inline styles (React style attributes and the toast library's injected
// stylesheet; they cannot run code, and images, fonts and connections stay on our origin so
// CSS cannot send data elsewhere), and never framed. Stripe's origins are added only when
// payments go through Stripe (withStripe).
func contentSecurityPolicy(withStripe bool) string {
	script, connect, frame := "'self'", "'self'", "'none'"
	if withStripe {
		script += " https://js.stripe.com"
		connect += " https://api.stripe.com"
		frame = "https://js.stripe.com https://hooks.stripe.com"
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + script,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		"connect-src " + connect,
		"media-src 'self'",
		"object-src 'none'",
		"frame-src " + frame,
		"worker-src 'self'",
		"manifest-src 'self'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// securityHeaders sets the security headers on every response before next writes it, so they
// also reach errors, 404s and responses PocketBase writes itself. csp is the site's policy;
// uploaded files (/api/files/) get fileCSP (PocketBase then drops X-Frame-Options for them;
// frame-ancestors still refuses framing), and PocketBase's dashboard (/_/) keeps the CSP
// PocketBase gives it (its own scripts, also with frame-ancestors 'none'). HSTS is sent when
// the request came over TLS, or through a trusted proxy (behindProxy reports whether one is
// configured now) that says X-Forwarded-Proto: https.
func securityHeaders(next http.Handler, csp string, behindProxy func() bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		switch {
		case strings.HasPrefix(r.URL.Path, "/_/"):
		case strings.HasPrefix(r.URL.Path, "/api/files/"):
			h.Set("Content-Security-Policy", fileCSP)
		default:
			h.Set("Content-Security-Policy", csp)
		}
		h.Set("Referrer-Policy", referrerPolicy)
		h.Set("Permissions-Policy", permissionsPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.TLS != nil || (behindProxy() && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")) {
			h.Set("Strict-Transport-Security", hsts)
		}
		next.ServeHTTP(w, r)
	})
}
