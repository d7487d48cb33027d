package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sqliteHeader = "SQLite format 3\x00rest of the database"

// makeZip writes a zip with the given entries (name → content) and returns its path.
func makeZip(t *testing.T, entries map[string]string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "backup.zip")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func mode(t *testing.T, p string) os.FileMode {
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode().Perm()
}

func TestRestoreUnpacksABackupOwnerOnly(t *testing.T) {
	archive := makeZip(t, map[string]string{"data.db": sqliteHeader, "auxiliary.db": sqliteHeader, "storage/c1/r1/a.png": "png"})
	dir := filepath.Join(t.TempDir(), "restored")
	var out, errOut bytes.Buffer
	if code := runRestore([]string{archive, dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "Restored "+archive+" into "+dir+" (3 files).") {
		t.Errorf("stdout = %q", out.String())
	}
	got, err := os.ReadFile(filepath.Join(dir, "storage", "c1", "r1", "a.png"))
	if err != nil || string(got) != "png" {
		t.Errorf("file = %q, %v", got, err)
	}
	for p, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, "storage", "c1"): 0o700, filepath.Join(dir, "data.db"): 0o600} {
		if m := mode(t, p); m != want {
			t.Errorf("%s mode %o, want %o", p, m, want)
		}
	}
}

func TestRestoreRefuses(t *testing.T) {
	good := makeZip(t, map[string]string{"data.db": sqliteHeader})
	full := t.TempDir()
	os.WriteFile(filepath.Join(full, "data.db"), []byte("live"), 0o600)
	for _, tc := range []struct {
		name, archive, dir, want string
	}{
		{"a directory with data in it", good, full, "is not empty: restore into a new directory"},
		{"an archive without data.db", makeZip(t, map[string]string{"other.txt": "x"}), filepath.Join(t.TempDir(), "new"), "has no data.db at its root"},
		{"a data.db that is not SQLite", makeZip(t, map[string]string{"data.db": "hello"}), filepath.Join(t.TempDir(), "new"), "has no data.db at its root"},
		{"an entry outside the data dir", makeZip(t, map[string]string{"data.db": sqliteHeader, "../evil": "x"}), filepath.Join(t.TempDir(), "new"), "holds an entry outside the data dir"},
		{"a file that is not a zip", writeScript(t, "not a zip"), filepath.Join(t.TempDir(), "new"), "is not a readable zip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := runRestore([]string{tc.archive, tc.dir}, &out, &errOut); code != 1 {
				t.Fatalf("exit %d", code)
			}
			if !strings.Contains(errOut.String(), tc.want) {
				t.Errorf("stderr = %q, want %q", errOut.String(), tc.want)
			}
			if tc.dir != full {
				if _, err := os.Stat(filepath.Join(tc.dir, "..", "evil")); err == nil {
					t.Error("an entry escaped the data dir")
				}
				if _, err := os.Stat(tc.dir); err == nil {
					t.Error("a failed restore left its directory behind")
				}
			}
		})
	}
	if got, _ := os.ReadFile(filepath.Join(full, "data.db")); string(got) != "live" {
		t.Error("the live data was touched")
	}
}

func TestBackupZipRestores(t *testing.T) {
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "data.db"), []byte(sqliteHeader), 0o600)
	os.WriteFile(filepath.Join(src, "auxiliary.db"), []byte(sqliteHeader), 0o600)
	storage := filepath.Join(t.TempDir(), "storage")
	os.MkdirAll(filepath.Join(storage, "col", "rec"), 0o700)
	os.WriteFile(filepath.Join(storage, "col", "rec", "img.png"), []byte("image"), 0o600)
	archive := filepath.Join(t.TempDir(), "b.zip")
	if err := writeBackupZip(archive, src, []string{"data.db", "auxiliary.db"}, storage); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "restored")
	if n, err := restoreBackup(archive, dir); err != nil || n != 3 {
		t.Fatalf("restored %d files, %v", n, err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "storage", "col", "rec", "img.png")); string(got) != "image" {
		t.Errorf("image = %q", got)
	}
}
