package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestIsBuildRecord(t *testing.T) {
	for path, want := range map[string]bool{
		"/.vite/manifest.json":           true,
		"/.vite":                         true,
		"/.vite/":                        true,
		"/assets/../.vite/manifest.json": true,
		"//.vite/prerendered.json":       true,
		"/.vitepress":                    false,
		"/assets/index-abc.js":           false,
		"/":                              false,
	} {
		if got := isBuildRecord(path); got != want {
			t.Errorf("isBuildRecord(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestIsFile(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "assets"), 0o700)
	os.WriteFile(filepath.Join(dir, "assets", "index-abc.js"), []byte("x"), 0o600)
	for path, want := range map[string]bool{
		"/assets/index-abc.js":        true,
		"/assets/missing.js":          false,
		"/assets":                     false,
		"/../assets/index-abc.js":     true, // cleaned inside the dir, never above it
		"/assets/../../etc/passwd.js": false,
	} {
		if got := isFile(dir, path); got != want {
			t.Errorf("isFile(%q) = %v, want %v", path, got, want)
		}
	}
}
