package main

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/spf13/cobra"
)

// backupName is the name PocketBase accepts for a backup (apis/backup_create.go).
var backupName = regexp.MustCompile(`^[a-z0-9_-]+\.zip$`)

// newBackupCommand is `pocketbase backup [name.zip]` (`npm run backup`): a backup of the data
// dir now, whether the server runs or not, in PocketBase's own backup format and place
// (pb_data/backups, or the S3 storage of the backups settings), so the dashboard lists it and
// `pocketbase restore` or the dashboard can restore it. Exits 1 on failure.
func newBackupCommand(app core.App) *cobra.Command {
	return &cobra.Command{
		Use:          "backup [name.zip]",
		Short:        "Makes a backup of the data dir now (safe while the server runs)",
		Args:         cobra.MaximumNArgs(1),
		SilenceUsage: true,
		Run: func(c *cobra.Command, args []string) {
			name := "pb_backup_" + time.Now().UTC().Format("20060102150405") + ".zip"
			if len(args) == 1 {
				name = args[0]
			}
			where, err := snapshotBackup(c.Context(), app, name)
			if err != nil {
				fmt.Fprintf(os.Stderr, "Backup failed: %v\n", err)
				os.Exit(1)
			}
			fmt.Printf("Backup %s written to %s\n", name, where)
		},
	}
}

// snapshotBackup writes a backup named name: a consistent copy of data.db and auxiliary.db
// (SQLite's VACUUM INTO, a read transaction that another process's writes do not disturb,
// unlike copying the files) and every uploaded file under storage/. Returns where it went.
//
// PocketBase's own CreateBackup blocks writes with a transaction of the process that runs it,
// which protects nothing when the server is another process; hence this.
func snapshotBackup(ctx context.Context, app core.App, name string) (string, error) {
	if !backupName.MatchString(name) {
		return "", fmt.Errorf("%q is not a backup name (lower-case letters, digits, _ and -, ending in .zip)", name)
	}
	tmp := filepath.Join(app.DataDir(), core.LocalTempDirName, "backup_"+security.PseudorandomString(8))
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)

	dbs := map[string]dbx.Builder{"data.db": app.NonconcurrentDB(), "auxiliary.db": app.AuxNonconcurrentDB()}
	for file, db := range dbs {
		if _, err := db.NewQuery("VACUUM INTO {:path}").Bind(dbx.Params{"path": filepath.Join(tmp, file)}).Execute(); err != nil {
			return "", fmt.Errorf("copying %s: %w", file, err)
		}
	}
	archive := filepath.Join(tmp, name)
	if err := writeBackupZip(archive, tmp, []string{"data.db", "auxiliary.db"}, filepath.Join(app.DataDir(), core.LocalStorageDirName)); err != nil {
		return "", err
	}

	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return "", err
	}
	defer fsys.Close()
	fsys.SetContext(ctx)
	file, err := filesystem.NewFileFromPath(archive)
	if err != nil {
		return "", err
	}
	file.OriginalName, file.Name = name, name
	if err := fsys.UploadFile(file, name); err != nil {
		return "", err
	}
	if s3 := app.Settings().Backups.S3; s3.Enabled {
		return fmt.Sprintf("s3://%s/%s", s3.Bucket, name), nil
	}
	return filepath.Join(app.DataDir(), core.LocalBackupsDirName, name), nil
}

// writeBackupZip writes the zip at dest: the files of dbDir named in dbFiles at its root, and
// storageDir's tree under storage/ (when it exists), as PocketBase lays out pb_data.
func writeBackupZip(dest, dbDir string, dbFiles []string, storageDir string) error {
	return writeNew(dest, func(out io.Writer) error { return writeBackupEntries(out, dbDir, dbFiles, storageDir) })
}

// writeBackupEntries writes writeBackupZip's zip to out.
func writeBackupEntries(out io.Writer, dbDir string, dbFiles []string, storageDir string) error {
	zw := zip.NewWriter(out)
	for _, f := range dbFiles {
		if err := addToZip(zw, filepath.Join(dbDir, f), f); err != nil {
			return err
		}
	}
	if isDir(storageDir) {
		err := filepath.WalkDir(storageDir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			rel, err := filepath.Rel(storageDir, p)
			if err != nil {
				return err
			}
			return addToZip(zw, p, filepath.ToSlash(filepath.Join(core.LocalStorageDirName, rel)))
		})
		if err != nil {
			return err
		}
	}
	return zw.Close()
}

func addToZip(zw *zip.Writer, src, name string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	header, err := zip.FileInfoHeader(info)
	if err != nil {
		return err
	}
	header.Name = name
	header.Method = zip.Deflate
	w, err := zw.CreateHeader(header)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, in)
	return err
}
