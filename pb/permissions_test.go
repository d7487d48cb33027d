//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOwnerOnlyTightensAnExistingDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pb_data")
	os.MkdirAll(filepath.Join(dir, "storage", "c"), 0o755)
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Join(dir, "storage", "c"), 0o755)
	for _, f := range []string{"data.db", "data.db-wal", filepath.Join("storage", "c", "a.png")} {
		os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644)
		os.Chmod(filepath.Join(dir, f), 0o644)
	}
	if err := ownerOnly(dir); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]os.FileMode{
		dir: 0o700, filepath.Join(dir, "storage", "c"): 0o700,
		filepath.Join(dir, "data.db"): 0o600, filepath.Join(dir, "data.db-wal"): 0o600, filepath.Join(dir, "storage", "c", "a.png"): 0o600,
	} {
		if m := mode(t, p); m != want {
			t.Errorf("%s: %o, want %o", p, m, want)
		}
	}
}
