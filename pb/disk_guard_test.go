package main

import (
	"errors"
	"testing"
)

func TestUploadMinFreeMBFromTheEnvironment(t *testing.T) {
	for _, c := range []struct {
		value string
		want  uint64
	}{
		{"", defaultUploadMinFreeMB},
		{"0", 0},
		{"1", 1},
		{" 2048 ", 2048},
		{"-5", defaultUploadMinFreeMB},
		{"1.5", defaultUploadMinFreeMB},
		{"lots", defaultUploadMinFreeMB},
		{"99999999999999999999", defaultUploadMinFreeMB},
	} {
		got := uploadMinFreeMB(func(name string) string {
			if name != "UPLOAD_MIN_FREE_MB" {
				t.Fatalf("read %s", name)
			}
			return c.value
		})
		if got != c.want {
			t.Errorf("UPLOAD_MIN_FREE_MB=%q: %d, want %d", c.value, got, c.want)
		}
	}
}

func TestUploadRoomAnswer(t *testing.T) {
	const mb = bytesPerMB
	for _, c := range []struct {
		name       string
		free       uint64
		err        error
		minFreeMB  uint64
		wantEnough bool
		wantFreeMB int64
		wantError  bool
	}{
		{"well above the threshold", 5000 * mb, nil, 1024, true, 5000, false},
		{"exactly at the threshold", 1024 * mb, nil, 1024, true, 1024, false},
		{"one byte under the threshold", 1024*mb - 1, nil, 1024, false, 1023, false},
		{"a full disk", 0, nil, 1024, false, 0, false},
		{"the guard off", 0, nil, 0, true, -1, false},
		{"a file system that cannot be asked", 0, errors.New("statfs: permission denied"), 1024, true, -1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := uploadRoomAnswer(c.free, c.err, c.minFreeMB)
			if a["enough"] != c.wantEnough || a["freeMB"] != c.wantFreeMB || a["minFreeMB"] != int64(c.minFreeMB) {
				t.Errorf("got %v", a)
			}
			if _, has := a["error"]; has != c.wantError {
				t.Errorf("error present %v, want %v", has, c.wantError)
			}
		})
	}
}

func TestUploadRoomAsksTheDataDirsFileSystem(t *testing.T) {
	dir := t.TempDir()
	env := func(v string) func(string) string { return func(string) string { return v } }

	// No disk has 2^40 MB (an exbibyte) free; the test machine's temp dir has at least 1 MB.
	if a := uploadRoom(func() string { return dir }, env("1099511627776"))(); a["enough"] != false || a["freeMB"].(int64) <= 0 {
		t.Errorf("an impossible threshold: %v", a)
	}
	if a := uploadRoom(func() string { return dir }, env("1"))(); a["enough"] != true {
		t.Errorf("a 1 MB threshold on the test machine's temp dir: %v", a)
	}
	if a := uploadRoom(func() string { return dir }, env("0"))(); a["enough"] != true {
		t.Errorf("the guard off: %v", a)
	}
	if a := uploadRoom(func() string { return dir + "/missing" }, env("1"))(); a["enough"] != true || a["error"] == nil {
		t.Errorf("a missing data dir: %v", a)
	}
}

func TestDiskFreeBytesOfATempDir(t *testing.T) {
	free, err := diskFreeBytes(t.TempDir())
	if err != nil || free == 0 {
		t.Fatalf("free %d, err %v", free, err)
	}
}
