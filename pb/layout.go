package main

import (
	"os"
	"path/filepath"
)

// layout is where the server finds its parts when no flag says otherwise.
type layout struct {
	hooksDir      string
	migrationsDir string
	publicDir     string
	dataDir       string
}

// findLayout returns the default directories for a binary in exeDir, so the server runs the
// same from any working directory:
//   - a release (`npm run build` → release/): pb_hooks, pb_migrations and pb_public beside the
//     binary, data in pb_data beside it (production passes --dir);
//   - the repository (bin/pocketbase): pb_hooks, pb_migrations, web/dist and pb_data in the
//     directory above bin/;
//   - otherwise PocketBase's own defaults, and the web app in web/dist of the working directory.
func findLayout(exeDir string) layout {
	if isDir(filepath.Join(exeDir, "pb_hooks")) {
		return layout{
			hooksDir:      filepath.Join(exeDir, "pb_hooks"),
			migrationsDir: filepath.Join(exeDir, "pb_migrations"),
			publicDir:     filepath.Join(exeDir, "pb_public"),
			dataDir:       filepath.Join(exeDir, "pb_data"),
		}
	}
	root := filepath.Dir(exeDir)
	if isDir(filepath.Join(root, "pb_hooks")) && isDir(filepath.Join(root, "pb")) {
		return layout{
			hooksDir:      filepath.Join(root, "pb_hooks"),
			migrationsDir: filepath.Join(root, "pb_migrations"),
			publicDir:     filepath.Join(root, "web", "dist"),
			dataDir:       filepath.Join(root, "pb_data"),
		}
	}
	return layout{publicDir: filepath.Join("web", "dist"), dataDir: filepath.Join(exeDir, "pb_data")}
}

// executableDir is the directory of the running binary (symlinks resolved), or "." if unknown.
func executableDir() string {
	exe, err := os.Executable()
	if err != nil {
		return "."
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	return filepath.Dir(exe)
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
