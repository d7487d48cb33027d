package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/security"
)

// replicaStore is one place a replica is kept: a local directory or an S3-compatible bucket
// (docs/decisions/041-continuous-replication.md). Keys are slash-separated paths relative to
// the replica's root: "manifest.json", "snapshots/data-….db.gz", "storage/<collection>/<record>/<file>".
type replicaStore interface {
	// put stores the file at src under key, replacing what was there, all or nothing.
	put(ctx context.Context, key, src string) error
	// putBytes stores data under key, all or nothing.
	putBytes(ctx context.Context, key string, data []byte) error
	// open reads key. A missing key is an error matching fs.ErrNotExist.
	open(ctx context.Context, key string) (io.ReadCloser, error)
	// remove deletes key; a missing key is not an error.
	remove(ctx context.Context, key string) error
	// String names the store in messages: its directory, or s3://bucket.
	String() string
	close() error
}

// validReplicaKey reports whether key is a clean relative slash path that stays inside the
// replica: keys also come from a manifest read back from storage, which must not be able to
// make a restore write outside its directory.
func validReplicaKey(key string) bool {
	return key != "" && key == path.Clean(key) && !path.IsAbs(key) && key != ".." && !strings.HasPrefix(key, "../") && !strings.Contains(key, `\`)
}

// tempSuffix marks a localStore file being written; one left by a crash is removed at open.
const tempSuffix = ".replica-tmp"

// localStore keeps a replica in a directory, every write durable (fsync) and atomic (a temp file
// renamed into place), so a crash in the middle of a pass never leaves half a snapshot.
type localStore struct{ dir string }

// openLocalStore creates dir (0700) if needed and removes the temp files an interrupted pass
// left behind.
func openLocalStore(dir string) (*localStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.HasSuffix(d.Name(), tempSuffix) {
			os.Remove(p)
		}
		return nil
	})
	return &localStore{dir: dir}, nil
}

func (s *localStore) String() string { return s.dir }

func (s *localStore) close() error { return nil }

func (s *localStore) target(key string) (string, error) {
	if !validReplicaKey(key) {
		return "", fmt.Errorf("%q is not a replica key", key)
	}
	return filepath.Join(s.dir, filepath.FromSlash(key)), nil
}

func (s *localStore) put(ctx context.Context, key, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return s.write(key, in)
}

func (s *localStore) putBytes(ctx context.Context, key string, data []byte) error {
	return s.write(key, bytes.NewReader(data))
}

// write copies r to a temp file beside key's place, syncs it, renames it into place and syncs
// the directory, so the new name survives a power cut too.
func (s *localStore) write(key string, r io.Reader) (err error) {
	dest, err := s.target(key)
	if err != nil {
		return err
	}
	dir := filepath.Dir(dest)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp := dest + "." + security.PseudorandomString(8) + tempSuffix
	out, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = io.Copy(out, r); err != nil {
		return err
	}
	if err = out.Sync(); err != nil {
		return err
	}
	if err = out.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, dest); err != nil {
		return err
	}
	return syncDir(dir)
}

func (s *localStore) open(ctx context.Context, key string) (io.ReadCloser, error) {
	p, err := s.target(key)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

// remove deletes key and then its parent directories while they are empty (a deleted
// record's folder), never the replica's root.
func (s *localStore) remove(ctx context.Context, key string) error {
	p, err := s.target(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for dir := filepath.Dir(p); dir != s.dir && strings.HasPrefix(dir, s.dir+string(filepath.Separator)); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil {
			break
		}
	}
	return nil
}

// syncDir flushes a directory's entries (a rename) to disk.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// s3Store keeps a replica in an S3-compatible bucket through PocketBase's own S3 client
// (tools/filesystem), the one its backups and file storage use. An S3 PUT is atomic.
type s3Store struct {
	fsys   *filesystem.System
	bucket string
}

// openS3Store connects to the bucket of cfg (nothing is sent until the first call).
func openS3Store(cfg S3Env) (*s3Store, error) {
	fsys, err := filesystem.NewS3(cfg.Bucket, cfg.Region, cfg.Endpoint, cfg.AccessKey, cfg.Secret, cfg.ForcePathStyle)
	if err != nil {
		return nil, err
	}
	return &s3Store{fsys: fsys, bucket: cfg.Bucket}, nil
}

func (s *s3Store) String() string { return "s3://" + s.bucket }

func (s *s3Store) close() error { return s.fsys.Close() }

func (s *s3Store) put(ctx context.Context, key, src string) error {
	if !validReplicaKey(key) {
		return fmt.Errorf("%q is not a replica key", key)
	}
	file, err := filesystem.NewFileFromPath(src)
	if err != nil {
		return err
	}
	s.fsys.SetContext(ctx)
	return s.fsys.UploadFile(file, key)
}

func (s *s3Store) putBytes(ctx context.Context, key string, data []byte) error {
	if !validReplicaKey(key) {
		return fmt.Errorf("%q is not a replica key", key)
	}
	s.fsys.SetContext(ctx)
	return s.fsys.Upload(data, key)
}

func (s *s3Store) open(ctx context.Context, key string) (io.ReadCloser, error) {
	s.fsys.SetContext(ctx)
	r, err := s.fsys.GetReader(key)
	if errors.Is(err, filesystem.ErrNotFound) {
		return nil, fmt.Errorf("%s/%s: %w", s, key, fs.ErrNotExist)
	}
	return r, err
}

func (s *s3Store) remove(ctx context.Context, key string) error {
	s.fsys.SetContext(ctx)
	if err := s.fsys.Delete(key); err != nil && !errors.Is(err, filesystem.ErrNotFound) {
		return err
	}
	return nil
}
