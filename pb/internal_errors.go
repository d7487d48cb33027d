package main

// Our own failures answer 5xx, never 4xx (docs/decisions/022-internal-failures.md).
//
// PocketBase's router turns any error a handler returns that is not a *router.ApiError into a
// 400 'Something went wrong while processing your request.', and its record routes wrap a failed
// write in a 400 ApiError. A 4xx tells a client "your request was wrong, do not send it again":
// with the data disk full, the admin phone's outbox set its queued on-site work aside as refused.
// internalErrors makes a storage failure (full disk, locked or read-only database, I/O error)
// or an outside service that did not answer (a timeout, a refused connection) a 503 the caller
// retries, with a safe sentence, logged to stderr too, since the log database sits on the same
// disk. Everything else passes unchanged: our own ApiErrors, and PocketBase's 400 for errors
// that are the caller's (a record that fails validation, a body that cannot be read).

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// The sentences the caller sees; the cause goes to the logs only.
const (
	storageFailureMessage = "The server cannot save right now. Please try again in a moment."
	unhealthyMessage      = "The server cannot write to its data directory."
)

// storageFailureMarks are the texts of SQLite's and the file system's errors that mean the
// write failed on our side and may work if tried again (modernc.org/sqlite reports the SQLite
// result code's text, e.g. "database or disk is full (13)").
var storageFailureMarks = []string{
	"database or disk is full",
	"sqlite_full",
	"disk i/o error",
	"sqlite_ioerr",
	"database is locked",
	"database table is locked",
	"sqlite_busy",
	"sqlite_locked",
	"readonly database",
	"read-only file system",
	"no space left on device",
	"disk quota exceeded",
	"unable to open database file",
	// An outside service (Stripe, SMTP, a distance provider) that did not answer in time.
	"context deadline exceeded",
	"i/o timeout",
	"connection refused",
}

// isStorageFailure reports whether err (or an error it wraps) is a failed write of ours.
func isStorageFailure(err error) bool {
	if err == nil {
		return false
	}
	text := strings.ToLower(err.Error())
	for _, mark := range storageFailureMarks {
		if strings.Contains(text, mark) {
			return true
		}
	}
	return false
}

// classifyError returns the error to answer instead of err, and whether err was our own
// failure (to be logged); err itself otherwise.
func classifyError(err error) (error, bool) {
	if err == nil {
		return nil, false
	}
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		if apiErr.Status >= 500 {
			return err, false
		}
		raw, _ := apiErr.RawData().(error)
		if isStorageFailure(raw) {
			return router.NewApiError(http.StatusServiceUnavailable, storageFailureMessage, nil), true
		}
		return err, false
	}
	if errors.Is(err, sql.ErrNoRows) {
		return err, false // PocketBase answers 404: a record the caller named does not exist
	}
	if isStorageFailure(err) {
		return router.NewApiError(http.StatusServiceUnavailable, storageFailureMessage, nil), true
	}
	// A validation error or an unreadable body: PocketBase's 400 is right.
	return err, false
}

// internalErrors is the router middleware that applies classifyError to every route's answer.
func internalErrors(stderr io.Writer) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		err := e.Next()
		answer, ours := classifyError(err)
		if ours {
			fmt.Fprintf(stderr, "%s %s failed: %v\n", e.Request.Method, e.Request.URL.Path, err)
			e.App.Logger().Error("Request failed on the server's side", "method", e.Request.Method, "path", e.Request.URL.Path, "error", err.Error())
		}
		return answer
	}
}

// dataDirWritable writes, syncs and removes a small file in dir: what every save needs.
func dataDirWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".health-*")
	if err != nil {
		return err
	}
	name := f.Name()
	defer os.Remove(name)
	// More than a byte, so a full disk cannot hide in a block already allocated.
	if _, err := f.Write(make([]byte, 4096)); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// healthProbe answers GET /api/health with 503 while the data dir cannot be written (a full
// disk, a read-only remount), so an uptime monitor sees what every save would hit; else
// PocketBase's own health answer.
func healthProbe(stderr io.Writer) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if e.Request.URL.Path != "/api/health" || (e.Request.Method != http.MethodGet && e.Request.Method != http.MethodHead) {
			return e.Next()
		}
		if err := dataDirWritable(filepath.Clean(e.App.DataDir())); err != nil {
			fmt.Fprintf(stderr, "health: the data directory cannot be written: %v\n", err)
			return router.NewApiError(http.StatusServiceUnavailable, unhealthyMessage, nil)
		}
		return e.Next()
	}
}
