package main

import (
	"io/fs"
	"path/filepath"
)

// ownerOnly makes everything under dataDir readable by its owner only (directories 0700,
// files 0600): the umask (restrictNewFiles) covers what this process creates; this covers what
// an older build or another tool created before (data.db used to be 0644). Errors on single
// entries are returned after the walk so one odd file does not stop the others.
func ownerOnly(dataDir string) error {
	var firstErr error
	err := filepath.WalkDir(dataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if info.Mode().Perm() != want {
			if err := chmod(p, want); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return firstErr
}
