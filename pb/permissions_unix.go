//go:build unix

package main

import (
	"io/fs"
	"os"
	"syscall"
)

// restrictNewFiles sets the process umask to 077: the data dir, the databases, uploaded files,
// backups and certificates this process creates are readable by their owner only.
func restrictNewFiles() { syscall.Umask(0o077) }

func chmod(p string, mode fs.FileMode) error { return os.Chmod(p, mode) }
