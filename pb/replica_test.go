package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// photoApp is a PocketBase app on a temp data dir with a "photos" collection (title, image),
// the shape of inspiration_images.
func photoApp(t *testing.T) *core.BaseApp {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: filepath.Join(t.TempDir(), "pb_data")})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.ResetBootstrapState() })
	if err := app.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	photos := core.NewBaseCollection("photos")
	photos.Fields.Add(&core.TextField{Name: "title"}, &core.FileField{Name: "image", MaxSelect: 1, MaxSize: 1 << 20})
	if err := app.Save(photos); err != nil {
		t.Fatal(err)
	}
	return app
}

// addPhoto stores a record with a file and returns it.
func addPhoto(t *testing.T, app core.App, title string) *core.Record {
	t.Helper()
	photos, err := app.FindCollectionByNameOrId("photos")
	if err != nil {
		t.Fatal(err)
	}
	file, err := filesystem.NewFileFromBytes([]byte("picture of "+title), title+".png")
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(photos)
	rec.Set("title", title)
	rec.Set("image", file)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// fileKey is the storage path of a record's image.
func fileKey(rec *core.Record) string {
	return rec.BaseFilesPath() + "/" + rec.GetString("image")
}

// stepClock is a clock that moves on by step at every reading.
func stepClock(start time.Time, step time.Duration) func() time.Time {
	now := start
	return func() time.Time {
		now = now.Add(step)
		return now
	}
}

// testReplicator replicates app's data dir to stores, collecting the problems it reports.
func testReplicator(app core.App, now func() time.Time, stores ...replicaStore) (*replicator, *[]string) {
	problems := &[]string{}
	r := &replicator{dataDir: app.DataDir(), interval: time.Second, logger: app.Logger(), now: now,
		problems: func(format string, args ...any) { *problems = append(*problems, fmt.Sprintf(format, args...)) }}
	for _, s := range stores {
		r.targets = append(r.targets, &replicaTarget{store: s})
	}
	return r, problems
}

func localReplica(t *testing.T) *localStore {
	t.Helper()
	s, err := openLocalStore(filepath.Join(t.TempDir(), "replica"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func manifestOf(t *testing.T, s replicaStore) *replicaManifest {
	t.Helper()
	m, err := readManifest(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// titlesIn lists the photo titles of a restored data dir's database.
func titlesIn(t *testing.T, dir string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(dir, "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT title FROM photos ORDER BY title")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var titles []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		titles = append(titles, s)
	}
	return titles
}

func TestReplicationSnapshotsOnlyWhatChangedAndRestores(t *testing.T) {
	ctx := context.Background()
	app := photoApp(t)
	holly := addPhoto(t, app, "holly")
	store := localReplica(t)
	r, problems := testReplicator(app, time.Now, store)
	defer r.close()

	r.pass(ctx)
	first := manifestOf(t, store)
	if len(first.Snapshots) != 1 || first.Files[fileKey(holly)].Size == 0 || first.IntervalSeconds != 1 {
		t.Fatalf("first pass: %+v", first)
	}

	r.pass(ctx) // nothing changed: no new snapshot, but the recovery point moves on
	idle := manifestOf(t, store)
	if len(idle.Snapshots) != 1 || !idle.UpTo.After(first.UpTo) {
		t.Fatalf("idle pass: %d snapshots, upTo %v after %v", len(idle.Snapshots), idle.UpTo, first.UpTo)
	}

	ivy := addPhoto(t, app, "ivy")
	if err := app.Delete(holly); err != nil {
		t.Fatal(err)
	}
	r.pass(ctx)
	m := manifestOf(t, store)
	if len(m.Snapshots) != 2 || m.Files[fileKey(ivy)].Size == 0 || m.Files[fileKey(holly)].DeletedAt == nil {
		t.Fatalf("after a change: %+v", m)
	}
	if len(*problems) > 0 {
		t.Fatalf("problems: %v", *problems)
	}

	// The newest snapshot: ivy only, with her file.
	newest := filepath.Join(t.TempDir(), "newest")
	res, err := restoreReplica(ctx, &localStore{dir: store.dir}, "", newest)
	if err != nil {
		t.Fatal(err)
	}
	if got := titlesIn(t, newest); !slices.Equal(got, []string{"ivy"}) || !res.newest || !res.upTo.Equal(m.UpTo) {
		t.Errorf("newest restore: titles %v, result %+v", got, res)
	}
	if b, err := os.ReadFile(filepath.Join(newest, "storage", filepath.FromSlash(fileKey(ivy)))); err != nil || string(b) != "picture of ivy" {
		t.Errorf("ivy's file: %q, %v", b, err)
	}

	// The first snapshot still has holly, and the replica still has her file.
	older := filepath.Join(t.TempDir(), "older")
	if _, err := restoreReplica(ctx, store, first.Snapshots[0].Key, older); err != nil {
		t.Fatal(err)
	}
	if got := titlesIn(t, older); !slices.Equal(got, []string{"holly"}) {
		t.Errorf("older restore: %v", got)
	}
	if _, err := os.Stat(filepath.Join(older, "storage", filepath.FromSlash(fileKey(holly)))); err != nil {
		t.Errorf("holly's file: %v", err)
	}
	for p, want := range map[string]os.FileMode{older: 0o700, filepath.Join(older, "data.db"): 0o600, filepath.Join(older, "storage", filepath.FromSlash(fileKey(holly))): 0o600} {
		if got := mode(t, p); got != want {
			t.Errorf("mode of %s = %o, want %o", p, got, want)
		}
	}
}

func TestReplicationKeepsABoundedHistoryAndDropsFilesNoSnapshotNeeds(t *testing.T) {
	ctx := context.Background()
	app := photoApp(t)
	holly := addPhoto(t, app, "holly")
	store := localReplica(t)
	// Two weeks and a day between passes: only the last keepLast snapshots stay.
	r, _ := testReplicator(app, stepClock(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), 15*24*time.Hour), store)
	defer r.close()
	r.pass(ctx)
	if err := app.Delete(holly); err != nil {
		t.Fatal(err)
	}
	for i := range keepLast + 2 {
		r.pass(ctx)
		addPhoto(t, app, fmt.Sprintf("photo-%02d", i))
	}
	r.pass(ctx)
	m := manifestOf(t, store)
	if len(m.Snapshots) != keepLast {
		t.Errorf("%d snapshots kept, want %d", len(m.Snapshots), keepLast)
	}
	entries, _ := os.ReadDir(filepath.Join(store.dir, "snapshots"))
	if len(entries) != keepLast {
		t.Errorf("%d snapshot objects, want %d", len(entries), keepLast)
	}
	if _, ok := m.Files[fileKey(holly)]; ok {
		t.Errorf("holly's file is still listed")
	}
	if _, err := os.Stat(filepath.Join(store.dir, "storage", filepath.FromSlash(fileKey(holly)))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("holly's file is still in the replica: %v", err)
	}
	if _, err := os.Stat(filepath.Join(store.dir, "storage", holly.Collection().Id, holly.Id)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("holly's empty folder is still in the replica: %v", err)
	}
}

// flakyStore fails its first failures writes, like a full disk or an S3 outage.
type flakyStore struct {
	replicaStore
	failures int
}

func (s *flakyStore) fail() error {
	if s.failures > 0 {
		s.failures--
		return errors.New("disk full")
	}
	return nil
}

func (s *flakyStore) put(ctx context.Context, key, src string) error {
	if err := s.fail(); err != nil {
		return err
	}
	return s.replicaStore.put(ctx, key, src)
}

func (s *flakyStore) putBytes(ctx context.Context, key string, data []byte) error {
	if err := s.fail(); err != nil {
		return err
	}
	return s.replicaStore.putBytes(ctx, key, data)
}

func TestAFailedPassIsReportedAndRetried(t *testing.T) {
	ctx := context.Background()
	app := photoApp(t)
	addPhoto(t, app, "holly")
	local := localReplica(t)
	store := &flakyStore{replicaStore: local, failures: 1}
	r, problems := testReplicator(app, time.Now, store)
	defer r.close()

	r.pass(ctx)
	if len(*problems) != 1 || !strings.Contains((*problems)[0], "Replication to "+local.dir+" failed (nothing replicated yet by this process; next try in 1 s): copying storage/") {
		t.Fatalf("problems = %q", *problems)
	}
	if _, err := readManifest(ctx, local); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a failed first pass wrote a manifest: %v", err)
	}
	r.pass(ctx)
	if len(*problems) != 2 || (*problems)[1] != "Replication to "+local.dir+" works again.\n" {
		t.Fatalf("problems = %q", *problems)
	}
	if m := manifestOf(t, local); len(m.Snapshots) != 1 || len(m.Files) == 0 {
		t.Fatalf("after the retry: %+v", m)
	}

	// A failed manifest write is retried, and the snapshot it would have listed is listed then.
	addPhoto(t, app, "ivy")
	r.targets[0].store = &manifestFails{store}
	r.pass(ctx)
	if len(*problems) != 3 || !strings.Contains((*problems)[2], "writing the manifest: no space left") {
		t.Fatalf("problems = %q", *problems)
	}
	r.targets[0].store = store
	r.pass(ctx)
	m := manifestOf(t, local)
	entries, _ := os.ReadDir(filepath.Join(local.dir, "snapshots"))
	if len(m.Snapshots) != len(entries) || len(entries) < 2 {
		t.Errorf("%d snapshots listed, %d stored", len(m.Snapshots), len(entries))
	}
}

// manifestFails writes everything but the manifest.
type manifestFails struct{ replicaStore }

func (s *manifestFails) putBytes(ctx context.Context, key string, data []byte) error {
	if key == manifestKey {
		return errors.New("no space left")
	}
	return s.replicaStore.putBytes(ctx, key, data)
}

func TestRetainSnapshots(t *testing.T) {
	now := time.Date(2026, 12, 20, 12, 0, 30, 0, time.UTC)
	var snaps []replicaSnapshot
	// One a minute for three days, newest first.
	for i := range 3 * 24 * 60 {
		at := now.Add(-time.Duration(i) * time.Minute)
		snaps = append(snaps, replicaSnapshot{Key: at.Format(time.RFC3339), TakenAt: at})
	}
	keep, drop := retainSnapshots(snaps, now)
	if len(keep)+len(drop) != len(snaps) {
		t.Fatalf("%d + %d != %d", len(keep), len(drop), len(snaps))
	}
	// The last 12 minutes; then each hour's newest back to 24 h ago (12:00 is in the last 12);
	// then each day's newest (the 19th's 23:59 is also hour 23's; the 17th's is 3 days old,
	// within two weeks).
	var got []string
	for _, s := range keep {
		got = append(got, s.TakenAt.Format("02 15:04"))
	}
	want := []string{"20 12:00", "20 11:59", "20 11:58", "20 11:57", "20 11:56", "20 11:55", "20 11:54", "20 11:53", "20 11:52", "20 11:51", "20 11:50", "20 11:49"}
	for h := 10; h >= 0; h-- {
		want = append(want, fmt.Sprintf("20 %02d:59", h))
	}
	for h := 23; h >= 13; h-- {
		want = append(want, fmt.Sprintf("19 %02d:59", h))
	}
	want = append(want, "19 12:59", "18 23:59", "17 23:59")
	if !slices.Equal(got, want) {
		t.Errorf("kept\n%v\nwant\n%v", got, want)
	}
	if len(keep) > keepLast+24+14 {
		t.Errorf("kept %d, more than the bound", len(keep))
	}
}

func TestReplicaDir(t *testing.T) {
	cases := []struct{ dataDir, dir, want, err string }{
		{"/var/lib/thoughtfully-adorned", "", "/var/lib/thoughtfully-adorned-replica", ""},
		{"/var/lib/thoughtfully-adorned/", "", "/var/lib/thoughtfully-adorned-replica", ""},
		{"/var/lib/thoughtfully-adorned", "/mnt/disk2/replica", "/mnt/disk2/replica", ""},
		{"/var/lib/thoughtfully-adorned", "/var/lib/thoughtfully-adorned", "", "is inside the data dir"},
		{"/var/lib/thoughtfully-adorned", "/var/lib/thoughtfully-adorned/replica", "", "is inside the data dir"},
		{"/srv/pb", "/srv/pb..old", "/srv/pb..old", ""},
	}
	for _, c := range cases {
		got, err := replicaDir(c.dataDir, c.dir)
		if got != c.want || (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("replicaDir(%q, %q) = %q, %v", c.dataDir, c.dir, got, err)
		}
	}
}

func TestRestoreReplicaRefusesWhatItCannotTrust(t *testing.T) {
	ctx := context.Background()
	app := photoApp(t)
	addPhoto(t, app, "holly")
	store := localReplica(t)
	r, _ := testReplicator(app, time.Now, store)
	r.pass(ctx)
	r.close()
	m := manifestOf(t, store)

	full := t.TempDir()
	os.WriteFile(filepath.Join(full, "data.db"), []byte("live"), 0o600)
	if _, err := restoreReplica(ctx, store, "", full); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("non-empty dir: %v", err)
	}
	if _, err := restoreReplica(ctx, store, "snapshots/nope.db.gz", filepath.Join(t.TempDir(), "x")); err == nil || !strings.Contains(err.Error(), "see --list") {
		t.Errorf("unknown snapshot: %v", err)
	}

	// A damaged snapshot: refused, and nothing is left behind.
	snapPath := filepath.Join(store.dir, filepath.FromSlash(m.Snapshots[0].Key))
	good, _ := os.ReadFile(snapPath)
	os.WriteFile(snapPath, append(append([]byte(nil), good...), 0), 0o600)
	dir := filepath.Join(t.TempDir(), "restored")
	if _, err := restoreReplica(ctx, store, "", dir); err == nil || !strings.Contains(err.Error(), "is damaged") {
		t.Errorf("damaged snapshot: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed restore left %s behind", dir)
	}
	os.WriteFile(snapPath, good, 0o600)

	// A manifest naming a file outside the replica.
	m.Files["../../escape"] = replicaFile{Size: 1}
	data, _ := json.Marshal(m)
	store.putBytes(ctx, manifestKey, data)
	if _, err := restoreReplica(ctx, store, "", filepath.Join(t.TempDir(), "y")); err == nil || !strings.Contains(err.Error(), "outside the data dir") {
		t.Errorf("escaping file: %v", err)
	}

	var out, errOut strings.Builder
	if code := runRestoreReplica([]string{t.TempDir(), filepath.Join(t.TempDir(), "z")}, os.Getenv, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "it is not a replica directory") {
		t.Errorf("not a replica: %d %q", code, errOut.String())
	}
	errOut.Reset()
	if code := runRestoreReplica([]string{"s3", filepath.Join(t.TempDir(), "z")}, func(string) string { return "" }, &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), "an S3 replica needs REPLICA_S3_ACCESS_KEY, REPLICA_S3_BUCKET, REPLICA_S3_ENDPOINT, REPLICA_S3_REGION, REPLICA_S3_SECRET") {
		t.Errorf("s3 without credentials: %d %q", code, errOut.String())
	}
}
