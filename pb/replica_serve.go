package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// defaultReplicaInterval is the time between passes without REPLICA_INTERVAL_SECONDS.
const defaultReplicaInterval = 60 * time.Second

// finalPassWait bounds the last pass at a clean stop, within systemd's TimeoutStopSec (20 s,
// deploy/thoughtfully-adorned.service).
const finalPassWait = 10 * time.Second

// registerReplication makes `serve` replicate the database and the uploaded files while it
// runs (docs/decisions/041-continuous-replication.md): every cfg.IntervalSeconds to the local
// replica directory (unless REPLICA_DIR=off) and to S3-compatible storage (REPLICA_S3_*). The
// first pass runs at start, the last at a clean stop. A replica directory inside the data dir
// is refused at start: losing the data dir would lose it too.
func registerReplication(app core.App, cfg ReplicaEnv, stdout, stderr io.Writer) {
	var stop context.CancelFunc
	done := make(chan struct{})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		r, err := newReplicator(se.App, cfg, stderr)
		if err != nil {
			return err
		}
		if err := se.Next(); err != nil {
			if r != nil {
				r.close()
			}
			return err
		}
		if r == nil {
			fmt.Fprintln(stdout, "Replication is off (REPLICA_DIR=off): only the daily backups protect the data.")
			return nil
		}
		where := make([]string, len(r.targets))
		for i, t := range r.targets {
			where[i] = t.store.String()
		}
		fmt.Fprintf(stdout, "Replicating the database and uploaded files every %d s to %s (restore: pocketbase restore-replica).\n", int(r.interval/time.Second), strings.Join(where, " and "))
		if se.App.Settings().S3.Enabled {
			fmt.Fprintln(stdout, "Uploaded files are kept on S3 storage (PocketBase settings), so the replica holds the database only.")
		}
		se.App.Logger().Info("Replication on", "replicas", where, "recoveryPointSeconds", int(r.interval/time.Second))
		ctx, cancel := context.WithCancel(context.Background())
		stop = cancel
		go func() {
			defer close(done)
			r.run(ctx, finalPassWait)
		}()
		return nil
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if stop != nil {
			stop()
			<-done
			stop = nil
		}
		return e.Next()
	})
}

// newReplicator is the replicator of cfg for app's data dir, or nil when cfg names no replica.
func newReplicator(app core.App, cfg ReplicaEnv, stderr io.Writer) (*replicator, error) {
	dataDir, err := filepath.Abs(app.DataDir())
	if err != nil {
		return nil, err
	}
	r := &replicator{
		dataDir:  dataDir,
		interval: defaultReplicaInterval,
		logger:   app.Logger(),
		problems: func(format string, args ...any) { fmt.Fprintf(stderr, format, args...) },
		now:      time.Now,
	}
	if cfg.IntervalSeconds > 0 {
		r.interval = time.Duration(cfg.IntervalSeconds) * time.Second
	}
	if !cfg.Off {
		dir, err := replicaDir(dataDir, cfg.Dir)
		if err != nil {
			return nil, err
		}
		store, err := openLocalStore(dir)
		if err != nil {
			return nil, fmt.Errorf("cannot use the replica directory %s: %w", dir, err)
		}
		r.targets = append(r.targets, &replicaTarget{store: store})
	}
	if cfg.S3 != nil {
		store, err := openS3Store(*cfg.S3)
		if err != nil {
			return nil, fmt.Errorf("cannot use the S3 replica: %w", err)
		}
		r.targets = append(r.targets, &replicaTarget{store: store})
	}
	if len(r.targets) == 0 {
		return nil, nil
	}
	return r, nil
}

// replicaDir is the local replica directory (absolute): dir, or by default the data dir's path
// with "-replica" appended (/var/lib/thoughtfully-adorned → /var/lib/thoughtfully-adorned-replica).
// It refuses the data dir itself or a directory inside it.
func replicaDir(dataDir, dir string) (string, error) {
	if dir == "" {
		return filepath.Clean(dataDir) + "-replica", nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(dataDir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("REPLICA_DIR %s is inside the data dir %s: losing the data dir would lose the replica too; choose a directory elsewhere, ideally on another disk", abs, dataDir)
	}
	return abs, nil
}
