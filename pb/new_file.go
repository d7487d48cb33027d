package main

import (
	"io"
	"os"
)

// writeNew creates dest (0600; an existing file is an error) and lets write fill it; the file's
// Close error is returned when write succeeded, so a short write on a full disk is not missed.
// Backups and restores write through it: never over an existing file, readable by the owner only.
func writeNew(dest string, write func(w io.Writer) error) (err error) {
	out, err := os.OpenFile(dest, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	return write(out)
}
