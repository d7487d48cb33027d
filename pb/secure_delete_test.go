package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// fileHolds writes a customer's row (a short value and a long one, the long one on overflow
// pages), overwrites both with placeholders and deletes a second row, checkpoints as
// PocketBase's backup does, and says whether data.db or its WAL still hold the erased text.
func fileHolds(t *testing.T, connect func(string) (*dbx.DB, error)) bool {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data.db")
	db, err := connect(path)
	if err != nil {
		t.Fatal(err)
	}
	const secret = "erin.forgetme@example.com"
	long := strings.Repeat("Hello Erin Forgetme, your tree is booked. ", 200) + secret
	for _, q := range []string{
		"CREATE TABLE mail (id TEXT PRIMARY KEY, too TEXT, body TEXT)",
		"INSERT INTO mail VALUES ('m1', '" + secret + "', '" + long + "')",
		"INSERT INTO mail VALUES ('m2', '" + secret + "', '" + long + "')",
		"UPDATE mail SET too = 'erased-m1@erased.invalid', body = '' WHERE id = 'm1'",
		"DELETE FROM mail WHERE id = 'm2'",
		"PRAGMA wal_checkpoint(TRUNCATE)",
	} {
		if _, err := db.NewQuery(q).Execute(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(secret)) || bytes.Contains(b, []byte("Erin Forgetme")) {
			return true
		}
	}
	return false
}

func TestSecureDeleteZeroesErasedValues(t *testing.T) {
	if fileHolds(t, secureDeleteDBConnect) {
		t.Fatal("with secure_delete, the erased values are still in the database file")
	}
}

// Why the change: PocketBase's own connection leaves them in free space, and its scheduled
// backup zips the file as it is.
func TestDefaultConnectKeepsErasedValues(t *testing.T) {
	if !fileHolds(t, core.DefaultDBConnect) {
		t.Skip("this SQLite build zeroes freed space by itself: secure_delete is then only a guarantee")
	}
}

func TestSecureDeletePragmasKeepPocketBasesOwn(t *testing.T) {
	db, err := secureDeleteDBConnect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for pragma, want := range map[string]string{"secure_delete": "1", "journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000", "synchronous": "1"} {
		var got string
		if err := db.NewQuery("PRAGMA " + pragma).Row(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %q, want %q", pragma, got, want)
		}
	}
}
