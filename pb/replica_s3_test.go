package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// fakeS3 is an S3-compatible stand-in on 127.0.0.1 with one empty bucket, and the REPLICA_S3_*
// variables that point at it.
func fakeS3(t *testing.T, bucket string) (S3Env, map[string]string) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	cfg := S3Env{Bucket: bucket, Region: "us-east-1", Endpoint: srv.URL, AccessKey: "AK", Secret: "SK", ForcePathStyle: true}
	env := map[string]string{
		"REPLICA_S3_BUCKET": bucket, "REPLICA_S3_REGION": cfg.Region, "REPLICA_S3_ENDPOINT": cfg.Endpoint,
		"REPLICA_S3_ACCESS_KEY": cfg.AccessKey, "REPLICA_S3_SECRET": cfg.Secret, "REPLICA_S3_FORCE_PATH_STYLE": "true",
	}
	return cfg, env
}

func TestReplicationToS3AndRestoreFromIt(t *testing.T) {
	ctx := context.Background()
	app := photoApp(t)
	holly := addPhoto(t, app, "holly")
	cfg, env := fakeS3(t, "adorned-replica")
	s3, err := openS3Store(cfg)
	if err != nil {
		t.Fatal(err)
	}
	local := localReplica(t)
	r, problems := testReplicator(app, time.Now, local, s3)
	r.pass(ctx)
	ivy := addPhoto(t, app, "ivy")
	r.pass(ctx)
	defer r.close()
	if len(*problems) > 0 {
		t.Fatalf("problems: %v", *problems)
	}
	if m := manifestOf(t, s3); len(m.Snapshots) != 2 || len(m.filesFor(m.Snapshots[0])) < 2 {
		t.Fatalf("S3 manifest: %+v", m)
	}

	dir := filepath.Join(t.TempDir(), "from-s3")
	var out, errOut strings.Builder
	getenv := func(k string) string { return env[k] }
	if code := runRestoreReplica([]string{"s3", dir}, getenv, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "files from s3://adorned-replica into "+dir+".\nThe replica held every change committed before ") {
		t.Errorf("stdout = %q", out.String())
	}
	if got := titlesIn(t, dir); !slices.Equal(got, []string{"holly", "ivy"}) {
		t.Errorf("titles = %v", got)
	}
	for _, rec := range []string{fileKey(holly), fileKey(ivy)} {
		if _, err := os.Stat(filepath.Join(dir, "storage", filepath.FromSlash(rec))); err != nil {
			t.Errorf("file %s: %v", rec, err)
		}
	}

	out.Reset()
	if code := runRestoreReplica([]string{"--list", "s3"}, getenv, &out, &errOut); code != 0 || strings.Count(out.String(), "  snapshots/data-") != 2 {
		t.Errorf("--list: %d %q %q", code, out.String(), errOut.String())
	}
}
