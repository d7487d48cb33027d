package main

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/tools/router"
)

func TestClassifyError(t *testing.T) {
	full := errors.New("database or disk is full (13)")
	cases := []struct {
		name   string
		err    error
		status int // 0: the error is answered unchanged
		ours   bool
	}{
		{"no error", nil, 0, false},
		{"a validation 400 stays", router.NewBadRequestError("Invalid.", validation.Errors{"x": errors.New("bad")}), 0, false},
		{"our own 409 stays", router.NewApiError(http.StatusConflict, "Taken.", nil), 0, false},
		{"a 503 of ours stays", router.NewApiError(http.StatusServiceUnavailable, "Stripe is down.", nil), 0, false},
		{"a record route's 400 around a full disk is a 503", router.NewBadRequestError("Failed to create record.", full), http.StatusServiceUnavailable, true},
		{"a full disk from a hook is a 503", fmt.Errorf("save: %w", full), http.StatusServiceUnavailable, true},
		{"a locked database is a 503", errors.New("database is locked (5) (SQLITE_BUSY)"), http.StatusServiceUnavailable, true},
		{"a read-only disk is a 503", errors.New("attempt to write a readonly database (8)"), http.StatusServiceUnavailable, true},
		{"no space for an upload is a 503", errors.New("write /data/storage/x: no space left on device"), http.StatusServiceUnavailable, true},
		{"a missing record stays PocketBase's 404", fmt.Errorf("find: %w", sql.ErrNoRows), 0, false},
		{"Stripe that did not answer is a 503", errors.New(`Post "https://api.stripe.com/v1/refunds": context deadline exceeded`), http.StatusServiceUnavailable, true},
		{"a record failing validation stays PocketBase's 400", validation.Errors{"photo": errors.New("mime type must be one of: image/jpeg")}, 0, false},
		{"an unreadable body stays PocketBase's 400", errors.New("invalid byte in chunk length"), 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ours := classifyError(c.err)
			if ours != c.ours {
				t.Fatalf("ours = %v, want %v", ours, c.ours)
			}
			if c.status == 0 {
				if fmt.Sprint(got) != fmt.Sprint(c.err) {
					t.Fatalf("got %v, want the error unchanged", got)
				}
				return
			}
			var apiErr *router.ApiError
			if !errors.As(got, &apiErr) || apiErr.Status != c.status {
				t.Fatalf("got %v, want a %d ApiError", got, c.status)
			}
			if apiErr.Message != storageFailureMessage {
				t.Fatalf("message %q leaks or is not a safe sentence", apiErr.Message)
			}
		})
	}
}

func TestDataDirWritable(t *testing.T) {
	dir := t.TempDir()
	if err := dataDirWritable(dir); err != nil {
		t.Fatalf("a writable dir: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("the probe left %d files behind", len(entries))
	}
	if err := dataDirWritable(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("a dir that cannot be written answered healthy")
	}
}
