package main

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

const restoreUsage = `Usage: pocketbase restore BACKUP.zip NEW_DATA_DIR

Unpacks a backup (made by the daily schedule, the dashboard or "pocketbase backup") into a new
data directory, readable by its owner only. NEW_DATA_DIR must not exist or be empty; nothing
else is touched. Then start the server on it ("serve --dir NEW_DATA_DIR") or move it into the
place of the service's data directory while the service is stopped (README "Restore").
`

// runRestore is `pocketbase restore BACKUP.zip NEW_DATA_DIR`. It runs before PocketBase boots
// (booting would create a database in the new directory) and returns the exit code.
func runRestore(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdout, restoreUsage)
		return 0
	}
	if len(args) != 2 {
		fmt.Fprint(stderr, restoreUsage)
		return 1
	}
	files, err := restoreBackup(args[0], args[1])
	if err != nil {
		fmt.Fprintf(stderr, "Restore failed: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Restored %s into %s (%d files).\nStart the server on it with --dir %s, or stop the service and move it into place (README \"Restore\").\n",
		args[0], args[1], files, args[1])
	return 0
}

// restoreBackup unpacks the backup zip at archive into dir (created 0700; files 0600) and
// returns how many files it wrote. It refuses a directory that has anything in it, an archive
// without a SQLite data.db at its root, and entries that would land outside dir. On failure
// the half-written directory is removed again.
func restoreBackup(archive, dir string) (files int, err error) {
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return 0, fmt.Errorf("%s is not a readable zip: %w", archive, err)
	}
	defer zr.Close()
	if !hasSQLiteDataDB(&zr.Reader) {
		return 0, fmt.Errorf("%s has no data.db at its root: it is not a backup of this server's data dir", archive)
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return 0, fmt.Errorf("%s is not empty: restore into a new directory", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	for _, f := range zr.File {
		name := path.Clean(f.Name)
		if path.IsAbs(f.Name) || name == ".." || strings.HasPrefix(name, "../") || strings.Contains(f.Name, `\`) {
			return files, fmt.Errorf("%s holds an entry outside the data dir (%q)", archive, f.Name)
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		if f.FileInfo().IsDir() {
			if err := os.MkdirAll(target, 0o700); err != nil {
				return files, err
			}
			continue
		}
		if !f.Mode().IsRegular() {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
			return files, err
		}
		if err := extractFile(f, target); err != nil {
			return files, err
		}
		files++
	}
	return files, nil
}

// hasSQLiteDataDB reports whether the archive has a data.db at its root that starts like a
// SQLite database.
func hasSQLiteDataDB(zr *zip.Reader) bool {
	for _, f := range zr.File {
		if f.Name != "data.db" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return false
		}
		defer rc.Close()
		head := make([]byte, 16)
		if _, err := io.ReadFull(rc, head); err != nil {
			return false
		}
		return bytes.Equal(head, []byte("SQLite format 3\x00"))
	}
	return false
}

func extractFile(f *zip.File, target string) (err error) {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return writeNewFile(target, rc) // replica_restore.go
}
