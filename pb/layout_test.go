package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFindLayout(t *testing.T) {
	release := t.TempDir()
	os.Mkdir(filepath.Join(release, "pb_hooks"), 0o700)
	repo := t.TempDir()
	for _, d := range []string{"bin", "pb", "pb_hooks"} {
		os.Mkdir(filepath.Join(repo, d), 0o700)
	}
	elsewhere := t.TempDir()
	for _, tc := range []struct {
		name, exeDir string
		want         layout
	}{
		{"a release", release, layout{filepath.Join(release, "pb_hooks"), filepath.Join(release, "pb_migrations"), filepath.Join(release, "pb_public"), filepath.Join(release, "pb_data")}},
		{"the repository's bin/", filepath.Join(repo, "bin"), layout{filepath.Join(repo, "pb_hooks"), filepath.Join(repo, "pb_migrations"), filepath.Join(repo, "web", "dist"), filepath.Join(repo, "pb_data")}},
		{"anywhere else", elsewhere, layout{"", "", filepath.Join("web", "dist"), filepath.Join(elsewhere, "pb_data")}},
	} {
		if got := findLayout(tc.exeDir); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
