package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

const restoreReplicaUsage = `Usage: pocketbase restore-replica [--snapshot KEY] REPLICA NEW_DATA_DIR
       pocketbase restore-replica --list REPLICA

Rebuilds a data directory from a replica that "serve" keeps (docs/decisions/041): the newest
database snapshot, or the one --snapshot names (a key from --list), and every uploaded file it
needs. REPLICA is the replica directory (e.g. /var/lib/thoughtfully-adorned-replica) or "s3" for
the bucket of the REPLICA_S3_* variables. NEW_DATA_DIR must not exist or be empty; nothing else
is touched. Then start the server on it ("serve --dir NEW_DATA_DIR") or move it into the place
of the service's data directory while the service is stopped (README "Restore").
`

// s3Source is the REPLICA argument that means the REPLICA_S3_* bucket.
const s3Source = "s3"

// runRestoreReplica is `pocketbase restore-replica`. Like `restore`, it runs before PocketBase
// boots (booting would create a database in the new directory) and returns the exit code.
// getenv reads REPLICA_S3_* for an S3 replica.
func runRestoreReplica(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("restore-replica", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	list := flags.Bool("list", false, "")
	snapshotKey := flags.String("snapshot", "", "")
	help := flags.Bool("help", false, "")
	flags.BoolVar(help, "h", false, "")
	if err := flags.Parse(args); err != nil {
		fmt.Fprintf(stderr, "%v\n\n%s", err, restoreReplicaUsage)
		return 1
	}
	if *help {
		fmt.Fprint(stdout, restoreReplicaUsage)
		return 0
	}
	rest := flags.Args()
	if (*list && len(rest) != 1) || (!*list && len(rest) != 2) {
		fmt.Fprint(stderr, restoreReplicaUsage)
		return 1
	}
	ctx := context.Background()
	store, err := openReplicaSource(rest[0], getenv)
	if err != nil {
		fmt.Fprintf(stderr, "Restore failed: %v\n", err)
		return 1
	}
	defer store.close()
	if *list {
		return listReplica(ctx, store, stdout, stderr)
	}
	res, err := restoreReplica(ctx, store, *snapshotKey, rest[1])
	if err != nil {
		fmt.Fprintf(stderr, "Restore failed: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Restored %s (taken %s) and %d files from %s into %s.\n", res.snapshot.Key, res.snapshot.TakenAt.UTC().Format(time.RFC3339), res.files, store, rest[1])
	if res.newest {
		fmt.Fprintf(stdout, "The replica held every change committed before %s.\n", res.upTo.UTC().Format(time.RFC3339))
	}
	if len(res.missing) > 0 {
		fmt.Fprintf(stderr, "Warning: %d files the snapshot needs were missing from the replica: %s\n", len(res.missing), strings.Join(firstN(res.missing, 10), ", "))
	}
	fmt.Fprintf(stdout, "Start the server on it with --dir %s, or stop the service and move it into place (README \"Restore\").\n", rest[1])
	return 0
}

// openReplicaSource opens the replica named on the command line for reading: a directory with
// a manifest, or "s3" (the REPLICA_S3_* bucket).
func openReplicaSource(src string, getenv func(string) string) (replicaStore, error) {
	if src == s3Source {
		cfg := S3Env{
			Bucket:         getenv("REPLICA_S3_BUCKET"),
			Region:         getenv("REPLICA_S3_REGION"),
			Endpoint:       getenv("REPLICA_S3_ENDPOINT"),
			AccessKey:      getenv("REPLICA_S3_ACCESS_KEY"),
			Secret:         getenv("REPLICA_S3_SECRET"),
			ForcePathStyle: getenv("REPLICA_S3_FORCE_PATH_STYLE") == "true",
		}
		var missing []string
		for name, v := range map[string]string{"REPLICA_S3_BUCKET": cfg.Bucket, "REPLICA_S3_REGION": cfg.Region, "REPLICA_S3_ENDPOINT": cfg.Endpoint, "REPLICA_S3_ACCESS_KEY": cfg.AccessKey, "REPLICA_S3_SECRET": cfg.Secret} {
			if v == "" {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			sort.Strings(missing)
			return nil, fmt.Errorf("an S3 replica needs %s in the environment (e.g. set -a; . /etc/thoughtfully-adorned/production.env; set +a)", strings.Join(missing, ", "))
		}
		return openS3Store(cfg)
	}
	dir, err := filepath.Abs(src)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, manifestKey)); err != nil {
		return nil, fmt.Errorf("%s has no %s: it is not a replica directory (or use \"s3\" for the REPLICA_S3_* bucket)", dir, manifestKey)
	}
	// Read only: not openLocalStore, which tidies the directory.
	return &localStore{dir: dir}, nil
}

func listReplica(ctx context.Context, store replicaStore, stdout, stderr io.Writer) int {
	m, err := readManifest(ctx, store)
	if err != nil {
		fmt.Fprintf(stderr, "Cannot read the replica: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Replica %s: every change committed before %s, a pass every %d s.\n", store, m.UpTo.UTC().Format(time.RFC3339), m.IntervalSeconds)
	for _, s := range m.Snapshots {
		fmt.Fprintf(stdout, "  %s  taken %s  %d bytes  %d files\n", s.Key, s.TakenAt.UTC().Format(time.RFC3339), s.Bytes, len(m.filesFor(s)))
	}
	return 0
}

// restoreResult is what restoreReplica did.
type restoreResult struct {
	snapshot replicaSnapshot
	// newest: the snapshot is the newest, so the replica's UpTo applies to the restore.
	newest bool
	upTo   time.Time
	// files is how many uploaded files were written; missing, those the manifest lists but
	// the store no longer has.
	files   int
	missing []string
}

// restoreReplica writes a new data dir at dir (0700; files 0600) from store: the snapshot with
// key snapshotKey ("" for the newest) as data.db, checked against its SHA-256 and SQLite's
// header, and the files it needs under storage/. It refuses a directory with anything in it;
// on failure the half-written directory is removed again.
func restoreReplica(ctx context.Context, store replicaStore, snapshotKey, dir string) (res restoreResult, err error) {
	m, err := readManifest(ctx, store)
	if err != nil {
		return res, err
	}
	if len(m.Snapshots) == 0 {
		return res, fmt.Errorf("%s holds no snapshot yet", store)
	}
	res.snapshot, res.newest, res.upTo = m.Snapshots[0], true, m.UpTo
	if snapshotKey != "" {
		found := false
		for i, s := range m.Snapshots {
			if s.Key == snapshotKey {
				res.snapshot, res.newest, found = s, i == 0, true
			}
		}
		if !found {
			return res, fmt.Errorf("%s has no snapshot %q (see --list)", store, snapshotKey)
		}
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return res, fmt.Errorf("%s is not empty: restore into a new directory", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return res, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return res, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	if err := restoreSnapshot(ctx, store, res.snapshot, filepath.Join(dir, "data.db")); err != nil {
		return res, err
	}
	for _, rel := range m.filesFor(res.snapshot) {
		key := "storage/" + rel
		if !validReplicaKey(key) {
			return res, fmt.Errorf("the manifest names a file outside the data dir (%q)", rel)
		}
		err := copyFromStore(ctx, store, key, filepath.Join(dir, "storage", filepath.FromSlash(rel)), m.Files[rel].Size)
		if errors.Is(err, os.ErrNotExist) {
			res.missing = append(res.missing, rel)
			continue
		}
		if err != nil {
			return res, fmt.Errorf("restoring %s: %w", key, err)
		}
		res.files++
	}
	return res, nil
}

// restoreSnapshot decompresses snap from store into dest, checking the compressed bytes'
// SHA-256 against the manifest and that the result is a SQLite database.
func restoreSnapshot(ctx context.Context, store replicaStore, snap replicaSnapshot, dest string) error {
	if !validReplicaKey(snap.Key) {
		return fmt.Errorf("the manifest names a snapshot outside the replica (%q)", snap.Key)
	}
	r, err := store.open(ctx, snap.Key)
	if err != nil {
		return fmt.Errorf("reading %s: %w", snap.Key, err)
	}
	defer r.Close()
	hash := sha256.New()
	tee := io.TeeReader(r, hash)
	unpackErr := unpackGzip(tee, dest)
	// The digest covers every byte, read to the end even when unpacking stopped early, so
	// damage is named as such rather than as whatever gzip tripped on.
	if _, err := io.Copy(io.Discard, tee); err != nil {
		return fmt.Errorf("reading %s: %w", snap.Key, err)
	}
	if got := hex.EncodeToString(hash.Sum(nil)); got != snap.SHA256 {
		return fmt.Errorf("%s is damaged: its SHA-256 is %s, the manifest says %s", snap.Key, got, snap.SHA256)
	}
	if unpackErr != nil {
		return fmt.Errorf("decompressing %s: %w", snap.Key, unpackErr)
	}
	head := make([]byte, 16)
	f, err := os.Open(dest)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head, []byte("SQLite format 3\x00")) {
		return fmt.Errorf("%s does not hold a SQLite database", snap.Key)
	}
	return nil
}

// unpackGzip decompresses one gzip stream from r into a new file at dest.
func unpackGzip(r io.Reader, dest string) error {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return err
	}
	zr.Multistream(false)
	return writeNewFile(dest, zr)
}

// copyFromStore writes key to dest (its folders created 0700), checking its size in bytes.
// A key missing from the store is an error matching os.ErrNotExist, and writes nothing.
func copyFromStore(ctx context.Context, store replicaStore, key, dest string, size int64) error {
	r, err := store.open(ctx, key)
	if err != nil {
		return err
	}
	defer r.Close()
	if err := os.MkdirAll(filepath.Dir(dest), 0o700); err != nil {
		return err
	}
	if err := writeNewFile(dest, r); err != nil {
		return err
	}
	info, err := os.Stat(dest)
	if err != nil {
		return err
	}
	if info.Size() != size {
		return fmt.Errorf("%d bytes, the manifest says %d", info.Size(), size)
	}
	return nil
}

// writeNewFile copies r into a new file at dest (0600; an existing file is an error).
func writeNewFile(dest string, r io.Reader) error {
	return writeNew(dest, func(w io.Writer) error {
		_, err := io.Copy(w, r)
		return err
	})
}

func firstN(items []string, n int) []string {
	if len(items) > n {
		return append(items[:n:n], "…")
	}
	return items
}
