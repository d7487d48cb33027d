package main

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// secretParam matches query parameter names whose values are credentials: review-link and
// calendar tokens, file tokens, Checkout session ids (they open a payment page), passwords,
// keys, codes and anything card-like. Matching is on a substring of the lower-cased name.
var secretParam = regexp.MustCompile(`token|session|passw|secret|key|code|otp|sig|auth|jwt|card|cvc|iban`)

// redactURL replaces the value of every secret query parameter in a URL or request URI with
// REDACTED ("…?token=abc&probe=1" → "…?token=REDACTED&probe=1"); the rest is kept as written.
func redactURL(raw string) string {
	base, query, found := strings.Cut(raw, "?")
	if !found {
		return raw
	}
	parts := strings.Split(query, "&")
	for i, part := range parts {
		name, _, hasValue := strings.Cut(part, "=")
		decoded, err := url.QueryUnescape(name)
		if err != nil {
			decoded = name
		}
		if hasValue && secretParam.MatchString(strings.ToLower(decoded)) {
			parts[i] = name + "=REDACTED"
		}
	}
	return base + "?" + strings.Join(parts, "&")
}

// redactRequestLog removes credentials from a request log before PocketBase stores it: its
// URL, referer and message (method + unescaped URL). Other logs are left alone. Bound to
// OnModelCreate of the logs table, so it covers every request whatever route served it.
func redactRequestLog(e *core.ModelEvent) error {
	if l, ok := e.Model.(*core.Log); ok && l.Data != nil {
		if u, ok := l.Data["url"].(string); ok {
			clean := redactURL(u)
			l.Data["url"] = clean
			if method, _, found := strings.Cut(l.Message, " "); found {
				if unescaped, err := url.PathUnescape(clean); err == nil {
					clean = unescaped
				}
				l.Message = method + " " + clean
			}
		}
		if ref, ok := l.Data["referer"].(string); ok {
			l.Data["referer"] = redactURL(ref)
		}
	}
	return e.Next()
}
