package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestSetupCode(t *testing.T) {
	dir := t.TempDir()
	code, err := ensureSetupCode(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$`).MatchString(code) {
		t.Fatalf("code %q is not 12 unambiguous characters in fours", code)
	}
	info, err := os.Stat(filepath.Join(dir, setupCodeFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the file must exist with mode 0600: %v %v", info, err)
	}
	again, _ := ensureSetupCode(dir)
	if again != code {
		t.Fatalf("a restart changed the code: %q then %q", code, again)
	}
	other, _ := ensureSetupCode(t.TempDir())
	if other == code {
		t.Fatal("two installs got the same code")
	}
	if normalizeSetupCode(" abcd-efgh jkmn\n") != "ABCDEFGHJKMN" {
		t.Fatal("normalize must ignore case, dashes and spaces")
	}
	removeSetupCode(dir)
	if _, err := os.Stat(filepath.Join(dir, setupCodeFile)); !os.IsNotExist(err) {
		t.Fatal("the code outlived its removal")
	}
	// A damaged file is replaced by a fresh code.
	os.WriteFile(filepath.Join(dir, setupCodeFile), []byte("x"), 0o644)
	fresh, _ := ensureSetupCode(dir)
	if len(normalizeSetupCode(fresh)) != setupCodeLength {
		t.Fatalf("damaged file gave %q", fresh)
	}
}
