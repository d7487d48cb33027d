package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// replicator copies the database and the uploaded files of a data dir to one or more replica
// stores, every interval (docs/decisions/041-continuous-replication.md). One pass:
//
//  1. PRAGMA data_version; when the database changed since a store's last snapshot (or this
//     process has made none there yet), a consistent snapshot (VACUUM INTO, gzip);
//  2. a walk of storage/ (after the snapshot: a file is written before the record that names
//     it commits, so every file the snapshot names is found);
//  3. per store: new files uploaded, files gone marked deleted, the snapshot uploaded, the
//     manifest written, and only then the old snapshots and the files no kept snapshot names
//     removed (so a manifest never names a removed object).
//
// A store that fails is logged and tried again at the next pass; the server never stops for it.
type replicator struct {
	dataDir  string
	interval time.Duration
	targets  []*replicaTarget
	logger   *slog.Logger
	// problems receives failed passes too (stderr: the service's journal), since a replica that
	// silently stopped is the failure this exists to prevent.
	problems func(format string, args ...any)
	now      func() time.Time

	source *sourceDB
}

// replicaTarget is a store and what this process knows of it.
type replicaTarget struct {
	store    replicaStore
	manifest *replicaManifest
	// version is the data_version its newest snapshot was taken at; valid only with versionOK.
	version   int64
	versionOK bool
	// lastOK is when its last successful pass started.
	lastOK  time.Time
	failing bool
}

// passReport is what one store's pass did, for the log.
type passReport struct {
	snapshot      string
	snapshotBytes int64
	copied        int
	removed       int
}

func (r passReport) changed() bool { return r.snapshot != "" || r.copied > 0 || r.removed > 0 }

// run makes a pass every interval until ctx ends, then one last pass (bounded by finalWait) so
// a clean stop loses nothing, and closes its stores.
func (r *replicator) run(ctx context.Context, finalWait time.Duration) {
	ticker := time.NewTicker(r.interval)
	defer ticker.Stop()
	r.pass(ctx)
	for {
		select {
		case <-ctx.Done():
			final, cancel := context.WithTimeout(context.Background(), finalWait)
			r.pass(final)
			cancel()
			r.close()
			return
		case <-ticker.C:
			r.pass(ctx)
		}
	}
}

func (r *replicator) close() {
	if r.source != nil {
		r.source.close()
		r.source = nil
	}
	for _, t := range r.targets {
		t.store.close()
	}
}

// pass makes one replication pass to every store; failures are logged, never returned.
func (r *replicator) pass(ctx context.Context) {
	in, err := r.prepare(ctx)
	if in.snap != nil {
		defer os.Remove(in.snap.path)
	}
	for _, t := range r.targets {
		var report passReport
		terr := err
		if terr == nil {
			report, terr = t.sync(ctx, in)
		}
		r.logPass(t, in.started, report, terr)
	}
}

// prepare reads the database's version, takes a snapshot when some store needs one, and lists
// the uploaded files.
func (r *replicator) prepare(ctx context.Context) (in passInput, err error) {
	in.started, in.interval = r.now(), r.interval
	in.storageDir = filepath.Join(r.dataDir, core.LocalStorageDirName)
	if r.source == nil {
		if r.source, err = openSourceDB(ctx, r.dataDir); err != nil {
			return in, fmt.Errorf("opening data.db: %w", err)
		}
		for _, t := range r.targets {
			t.versionOK = false
		}
	}
	if in.version, err = r.source.dataVersion(ctx); err != nil {
		// A broken connection is reopened at the next pass, and every store then snapshots.
		r.source.close()
		r.source = nil
		return in, fmt.Errorf("reading data_version: %w", err)
	}
	for _, t := range r.targets {
		if t.needsSnapshot(in.version) {
			snap, err := r.source.snapshot(ctx, r.dataDir)
			if err != nil {
				return in, err
			}
			in.snap = &snap
			break
		}
	}
	if in.files, err = listStorage(in.storageDir); err != nil {
		return in, fmt.Errorf("listing storage/: %w", err)
	}
	in.walkedAt = r.now()
	return in, nil
}

// listStorage is every uploaded file under dir (slash path → size in bytes), without
// PocketBase's thumbnails (thumbs_* folders, made again on demand) and the temp files of
// uploads in progress (*.tmp). A missing dir is empty.
func listStorage(dir string) (map[string]int64, error) {
	files := map[string]int64{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // the dir itself, or a record's folder deleted during the walk
			}
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), "thumbs_") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.HasSuffix(d.Name(), ".tmp") {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = info.Size()
		return nil
	})
	return files, err
}

// logPass records one store's pass in PocketBase's log: the recovery point (the interval) and
// the lag (how old the replica's newest data was when it landed). Passes that changed nothing
// are logged at debug level; failures also go to problems.
func (r *replicator) logPass(t *replicaTarget, started time.Time, report passReport, err error) {
	now := r.now()
	if err != nil && errors.Is(err, context.Canceled) {
		return // a stop cut this pass short; the final pass follows
	}
	if err != nil {
		behind := "nothing replicated yet by this process"
		if !t.lastOK.IsZero() {
			behind = fmt.Sprintf("the replica is %.0f s behind", now.Sub(t.lastOK).Seconds())
		}
		r.logger.Error("Replication pass failed; retrying at the next pass", "replica", t.store.String(), "error", err.Error(), "behindSeconds", secondsSince(t.lastOK, now))
		r.problems("Replication to %s failed (%s; next try in %d s): %v\n", t.store, behind, int(r.interval/time.Second), err)
		t.failing = true
		return
	}
	if t.failing {
		r.problems("Replication to %s works again.\n", t.store)
		t.failing = false
	}
	t.lastOK = started
	level := slog.LevelDebug
	if report.changed() {
		level = slog.LevelInfo
	}
	r.logger.Log(context.Background(), level, "Replicated",
		"replica", t.store.String(),
		"recoveryPointSeconds", int(r.interval/time.Second),
		"lagSeconds", now.Sub(started).Seconds(),
		"snapshot", report.snapshot,
		"snapshotBytes", report.snapshotBytes,
		"filesCopied", report.copied,
		"removed", report.removed,
	)
}

// secondsSince is now − t in seconds, or -1 when t is zero (never).
func secondsSince(t, now time.Time) float64 {
	if t.IsZero() {
		return -1
	}
	return now.Sub(t).Seconds()
}

// snapshotKey names a snapshot taken at t ("snapshots/data-20261220T101500.000Z.db.gz"),
// never one of existing (two passes in one millisecond must not share an object).
func snapshotKey(t time.Time, existing []replicaSnapshot) string {
	base := "snapshots/data-" + t.UTC().Format("20060102T150405.000Z")
	key := base + ".db.gz"
	for n := 1; slices.ContainsFunc(existing, func(s replicaSnapshot) bool { return s.Key == key }); n++ {
		key = fmt.Sprintf("%s-%d.db.gz", base, n)
	}
	return key
}

func (t *replicaTarget) needsSnapshot(version int64) bool {
	return !t.versionOK || t.version != version
}

// passInput is what a pass found in the data dir, the same for every store.
type passInput struct {
	// started is the pass's start: the manifest's UpTo once everything is stored.
	started  time.Time
	interval time.Duration
	version  int64
	// snap is the new snapshot, or nil when the database did not change for any store.
	snap *localSnapshot
	// storageDir is the data dir's storage/; files its files (slash path → size in bytes),
	// listed at walkedAt.
	storageDir string
	files      map[string]int64
	walkedAt   time.Time
}

// sync brings one store up to this pass (see replicator).
func (t *replicaTarget) sync(ctx context.Context, in passInput) (report passReport, err error) {
	if t.manifest == nil {
		m, err := loadOrNewManifest(ctx, t.store)
		if err != nil {
			return report, err
		}
		t.manifest = m
	}
	m := t.manifest

	// Files first: on a failure the manifest still records what was copied (with the old
	// snapshots and UpTo, which stay true), so a large first copy is never started over.
	for rel, size := range in.files {
		if f, ok := m.Files[rel]; ok && f.Size == size && f.DeletedAt == nil {
			continue
		}
		if err := t.store.put(ctx, "storage/"+rel, filepath.Join(in.storageDir, filepath.FromSlash(rel))); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue // deleted since the walk: the next pass marks it
			}
			if report.copied > 0 {
				_ = writeManifest(ctx, t.store, m)
			}
			return report, fmt.Errorf("copying storage/%s: %w", rel, err)
		}
		m.Files[rel] = replicaFile{Size: size}
		// A file back under a path that was waiting for removal (a data dir restored from an
		// older snapshot) must not be removed.
		m.Garbage = slices.DeleteFunc(m.Garbage, func(k string) bool { return k == "storage/"+rel })
		report.copied++
	}
	for rel, f := range m.Files {
		if _, ok := in.files[rel]; !ok && f.DeletedAt == nil {
			at := in.walkedAt
			f.DeletedAt = &at
			m.Files[rel] = f
		}
	}

	if t.needsSnapshot(in.version) {
		if in.snap == nil {
			return report, errors.New("no snapshot was taken")
		}
		s := replicaSnapshot{Key: snapshotKey(in.started, m.Snapshots), TakenAt: in.started, Bytes: in.snap.bytes, SHA256: in.snap.sha256}
		if err := t.store.put(ctx, s.Key, in.snap.path); err != nil {
			return report, fmt.Errorf("storing %s: %w", s.Key, err)
		}
		m.Snapshots = append([]replicaSnapshot{s}, m.Snapshots...)
		report.snapshot, report.snapshotBytes = s.Key, s.Bytes
	}

	// Old snapshots, and files found deleted before the oldest kept snapshot was taken (named by
	// none of them), leave the manifest now and the store once that manifest is written: a
	// manifest never names a removed object.
	keep, drop := retainSnapshots(m.Snapshots, in.started)
	m.Snapshots = keep
	for _, s := range drop {
		m.Garbage = append(m.Garbage, s.Key)
	}
	if len(keep) > 0 {
		oldest := keep[len(keep)-1].TakenAt
		for rel, f := range m.Files {
			if f.DeletedAt != nil && f.DeletedAt.Before(oldest) {
				delete(m.Files, rel)
				m.Garbage = append(m.Garbage, "storage/"+rel)
			}
		}
	}

	m.UpTo, m.IntervalSeconds = in.started, int(in.interval/time.Second)
	if err := writeManifest(ctx, t.store, m); err != nil {
		// m stays as it is in memory; the next pass writes it again.
		return report, fmt.Errorf("writing the manifest: %w", err)
	}
	var left []string
	for _, key := range m.Garbage {
		if err := t.store.remove(ctx, key); err != nil {
			left = append(left, key) // tried again after the next manifest
			continue
		}
		report.removed++
	}
	m.Garbage = left
	t.version, t.versionOK = in.version, true
	return report, nil
}
