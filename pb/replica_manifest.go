package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"time"
)

// manifestKey is the replica's table of contents, written after every snapshot and file it
// names: a snapshot or file the manifest does not name may be half-written and is ignored.
const manifestKey = "manifest.json"

// replicaFormat is the manifest's layout version; a restore refuses one it does not know.
const replicaFormat = 1

// Retention of snapshots (bounded: at most keepLast + 24 + 14 of them): every one of the last
// keepLast passes that changed the database, then the newest of each UTC hour for a day and of
// each UTC day for two weeks (as long as the daily backups are kept, docs/decisions/014).
const (
	keepLast   = 12
	keepHourly = 24 * time.Hour
	keepDaily  = 14 * 24 * time.Hour
)

// replicaManifest is manifest.json: what a replica holds (docs/decisions/041).
type replicaManifest struct {
	Format int `json:"format"`
	// UpTo is when the last complete pass started: every change committed before it, and every
	// file uploaded before it, is in the replica (the recovery point).
	UpTo time.Time `json:"upTo"`
	// IntervalSeconds is the writer's time between passes, in seconds.
	IntervalSeconds int `json:"intervalSeconds"`
	// Snapshots are the database copies, newest first.
	Snapshots []replicaSnapshot `json:"snapshots"`
	// Files are the uploaded files by their path under the data dir's storage/ (slashes).
	Files map[string]replicaFile `json:"files"`
	// Garbage are keys no longer listed, removed from the store after this manifest is
	// written; a removal that fails is tried again after the next one.
	Garbage []string `json:"garbage,omitempty"`
}

// replicaSnapshot is one copy of data.db, gzip-compressed.
type replicaSnapshot struct {
	Key     string    `json:"key"`
	TakenAt time.Time `json:"takenAt"`
	// Bytes is the size of the compressed object, in bytes; SHA256 its hex digest.
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// replicaFile is one uploaded file in the replica, under "storage/" + its path.
type replicaFile struct {
	// Size in bytes.
	Size int64 `json:"size"`
	// DeletedAt is when a pass found it gone from the data dir; it stays in the replica while a
	// kept snapshot may still name it.
	DeletedAt *time.Time `json:"deletedAt,omitempty"`
}

func newManifest() *replicaManifest {
	return &replicaManifest{Format: replicaFormat, Files: map[string]replicaFile{}}
}

// readManifest reads a store's manifest. A store without one answers an error matching
// fs.ErrNotExist; one of another format, an error saying so.
func readManifest(ctx context.Context, store replicaStore) (*replicaManifest, error) {
	r, err := store.open(ctx, manifestKey)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	m := newManifest()
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s/%s is not a replica manifest: %w", store, manifestKey, err)
	}
	if m.Format != replicaFormat {
		return nil, fmt.Errorf("%s/%s has format %d; this build reads format %d", store, manifestKey, m.Format, replicaFormat)
	}
	if m.Files == nil {
		m.Files = map[string]replicaFile{}
	}
	return m, nil
}

// loadOrNewManifest is the store's manifest, or an empty one when it has none yet.
func loadOrNewManifest(ctx context.Context, store replicaStore) (*replicaManifest, error) {
	m, err := readManifest(ctx, store)
	if errors.Is(err, fs.ErrNotExist) {
		return newManifest(), nil
	}
	return m, err
}

func writeManifest(ctx context.Context, store replicaStore, m *replicaManifest) error {
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return store.putBytes(ctx, manifestKey, data)
}

// retainSnapshots splits snapshots (newest first) into those to keep at now and those to
// delete, by the retention above. Both keep the newest-first order.
func retainSnapshots(snapshots []replicaSnapshot, now time.Time) (keep, drop []replicaSnapshot) {
	sorted := append([]replicaSnapshot(nil), snapshots...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].TakenAt.After(sorted[j].TakenAt) })
	hours, days := map[time.Time]bool{}, map[time.Time]bool{}
	for i, s := range sorted {
		age := now.Sub(s.TakenAt)
		hour, day := s.TakenAt.UTC().Truncate(time.Hour), s.TakenAt.UTC().Truncate(24*time.Hour)
		kept := i < keepLast
		// The first one met in a bucket is its newest.
		if age <= keepHourly && !hours[hour] {
			kept = true
		}
		if age <= keepDaily && !days[day] {
			kept = true
		}
		hours[hour], days[day] = true, true
		if kept {
			keep = append(keep, s)
		} else {
			drop = append(drop, s)
		}
	}
	return keep, drop
}

// filesFor is the files a restore of snap needs: those present when it was taken, i.e. not
// found deleted before it.
func (m *replicaManifest) filesFor(snap replicaSnapshot) []string {
	var paths []string
	for p, f := range m.Files {
		if f.DeletedAt == nil || f.DeletedAt.After(snap.TakenAt) {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	return paths
}
