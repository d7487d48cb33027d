package main

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

func TestRedactURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/api/health", "/api/health"},
		{"/api/fn/review-link?token=abc&probe=1", "/api/fn/review-link?token=REDACTED&probe=1"},
		{"/api/fn/demo-checkout?session_id=cs_1", "/api/fn/demo-checkout?session_id=REDACTED"},
		{"https://shop.example/submit-review?token=a&password=b&x=1", "https://shop.example/submit-review?token=REDACTED&password=REDACTED&x=1"},
		{"/api/files/c/r/a.png?thumb=100x100&token=jwt", "/api/files/c/r/a.png?thumb=100x100&token=REDACTED"},
		{"/calendar.ics?Secret%5FKey=x", "/calendar.ics?Secret%5FKey=REDACTED"},
		{"/api/collections/bookings/records?filter=a&sort=-created", "/api/collections/bookings/records?filter=a&sort=-created"},
		{"/x?flag&token", "/x?flag&token"},
	} {
		if got := redactURL(tc.in); got != tc.want {
			t.Errorf("redactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRedactRequestLog(t *testing.T) {
	l := &core.Log{
		Message: "GET /api/fn/review-link?token=s3cr%65t",
		Data: types.JSONMap[any]{
			"url":     "/api/fn/review-link?token=s3cr%65t",
			"referer": "https://shop.example/submit-review?token=s3cret",
			"status":  200,
		},
	}
	e := new(core.ModelEvent)
	e.Model = l
	if err := redactRequestLog(e); err != nil {
		t.Fatal(err)
	}
	if l.Message != "GET /api/fn/review-link?token=REDACTED" {
		t.Errorf("message = %q", l.Message)
	}
	if l.Data["url"] != "/api/fn/review-link?token=REDACTED" || l.Data["referer"] != "https://shop.example/submit-review?token=REDACTED" {
		t.Errorf("data = %v", l.Data)
	}
}
