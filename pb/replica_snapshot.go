package main

import (
	"compress/gzip"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// sourceDB is the replicator's own connection to the data dir's data.db: one connection held
// for the replicator's life, because SQLite's `PRAGMA data_version` only tells a connection
// about commits made by *other* connections since its own previous call. It never writes, and
// between passes it holds no transaction, so it never delays PocketBase's writes or
// checkpoints.
type sourceDB struct {
	db   *sql.DB
	conn *sql.Conn
}

// openSourceDB opens data.db in dataDir with the modernc SQLite driver PocketBase registers.
func openSourceDB(ctx context.Context, dataDir string) (*sourceDB, error) {
	dbPath := filepath.Join(dataDir, "data.db")
	if _, err := os.Stat(dbPath); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dbPath+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	return &sourceDB{db: db, conn: conn}, nil
}

func (s *sourceDB) close() error {
	s.conn.Close()
	return s.db.Close()
}

// dataVersion is SQLite's data_version on the held connection: it differs from the previous
// answer exactly when another connection committed a change in between.
func (s *sourceDB) dataVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.conn.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v)
	return v, err
}

// localSnapshot is a gzip-compressed copy of data.db in the data dir's temp folder.
type localSnapshot struct {
	path   string
	bytes  int64
	sha256 string
}

// snapshot writes a consistent copy of the database (`VACUUM INTO`: one read transaction, which
// under WAL neither blocks nor is blocked by writers) into the data dir's temp folder (which
// PocketBase empties at every start, so a crash leaves nothing behind), gzip-compresses it
// and returns it. The caller removes snap.path.
func (s *sourceDB) snapshot(ctx context.Context, dataDir string) (snap localSnapshot, err error) {
	tmpDir := filepath.Join(dataDir, core.LocalTempDirName)
	if err := os.MkdirAll(tmpDir, 0o700); err != nil {
		return snap, err
	}
	raw := filepath.Join(tmpDir, "replica_"+security.PseudorandomString(10)+".db")
	defer os.Remove(raw)
	if _, err := s.conn.ExecContext(ctx, "VACUUM INTO ?", raw); err != nil {
		return snap, fmt.Errorf("copying data.db: %w", err)
	}
	snap.path = raw + ".gz"
	defer func() {
		if err != nil {
			os.Remove(snap.path)
		}
	}()
	snap.bytes, snap.sha256, err = gzipFile(raw, snap.path)
	return snap, err
}

// gzipFile compresses src into dest (created 0600) and returns dest's size in bytes and hex
// SHA-256. BestSpeed: a pass runs every minute, and the database is small.
func gzipFile(src, dest string) (size int64, digest string, err error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, "", err
	}
	defer in.Close()
	out, err := os.OpenFile(dest, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return 0, "", err
	}
	defer out.Close()
	hash := sha256.New()
	counter := &countingWriter{w: io.MultiWriter(out, hash)}
	zw, _ := gzip.NewWriterLevel(counter, gzip.BestSpeed)
	if _, err := io.Copy(zw, in); err != nil {
		return 0, "", err
	}
	if err := zw.Close(); err != nil {
		return 0, "", err
	}
	return counter.n, hex.EncodeToString(hash.Sum(nil)), out.Close()
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
