package main

// The data disk's room for uploads (docs/decisions/042-bounded-uploads.md): inspiration images
// and job photos are refused with a 507 while the data directory's file system has less free
// space than UPLOAD_MIN_FREE_MB (default 1024; 0 turns the guard off), so the little that is
// left stays for what the business cannot do without: checkouts, payments, the mail outbox.
// The JSVM cannot ask the file system, so the hooks call $uploadRoom() (bound in main.go), which
// answers from here. The free space counts the blocks available to an unprivileged process
// (statfs f_bavail), as `df` shows them.

import (
	"strconv"
	"strings"
)

// defaultUploadMinFreeMB is the guard's threshold when UPLOAD_MIN_FREE_MB is unset.
const defaultUploadMinFreeMB = 1024

const bytesPerMB = 1024 * 1024

// uploadMinFreeMB reads UPLOAD_MIN_FREE_MB through getenv: whole MB (1,048,576 bytes), 0 for
// off; unset or malformed gives the default (pb_hooks/src/env/server-env.ts refuses a malformed
// value before the server starts).
func uploadMinFreeMB(getenv func(string) string) uint64 {
	raw := strings.TrimSpace(getenv("UPLOAD_MIN_FREE_MB"))
	if raw == "" {
		return defaultUploadMinFreeMB
	}
	n, err := strconv.ParseUint(raw, 10, 64)
	if err != nil || n > 1<<40 {
		return defaultUploadMinFreeMB
	}
	return n
}

// uploadRoomAnswer is what $uploadRoom() returns to the hooks: `enough` false means refuse the
// upload. A file system that cannot be asked counts as enough (with `error` set for the log):
// a full disk still fails the write itself, which answers 5xx (internal_errors.go).
func uploadRoomAnswer(freeBytes uint64, statErr error, minFreeMB uint64) map[string]any {
	answer := map[string]any{"enough": true, "freeMB": int64(-1), "minFreeMB": int64(minFreeMB)}
	if minFreeMB == 0 {
		return answer
	}
	if statErr != nil {
		answer["error"] = statErr.Error()
		return answer
	}
	answer["freeMB"] = int64(freeBytes / bytesPerMB)
	answer["enough"] = freeBytes >= minFreeMB*bytesPerMB
	return answer
}

// uploadRoom is the $uploadRoom the JSVM gets: each call asks the file system of the data
// directory (dataDir is called then, after the --dir flag has been read) for its free space.
// The threshold is read once, from the environment the server started with.
func uploadRoom(dataDir func() string, getenv func(string) string) func() map[string]any {
	minFreeMB := uploadMinFreeMB(getenv)
	return func() map[string]any {
		if minFreeMB == 0 {
			return uploadRoomAnswer(0, nil, 0)
		}
		free, err := diskFreeBytes(dataDir())
		return uploadRoomAnswer(free, err, minFreeMB)
	}
}
