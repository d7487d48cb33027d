//go:build !unix

package main

import "io/fs"

// restrictNewFiles does nothing where there is no umask (file modes are Unix permissions).
func restrictNewFiles() {}

func chmod(string, fs.FileMode) error { return nil }
