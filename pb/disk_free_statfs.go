//go:build linux || darwin || freebsd

package main

import "syscall"

// diskFreeBytes is the space an unprivileged process may still write on the file system that
// holds path (statfs: available blocks × block size).
func diskFreeBytes(path string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}
