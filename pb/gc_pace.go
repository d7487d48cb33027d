package main

// The garbage collector's pace for this server (docs/decisions/053-gc-pace.md).
//
// The 25 pooled JSVM runtimes each hold the hook libraries (about 6 MB of heap apiece,
// hook_warmup.go), so the live heap is large and every collection marks all of it: at Go's
// default GOGC=100 a burst of checkouts spent about a sixth of its CPU collecting. Collecting at
// 200 % growth halves the collections for about 90 MB more at the burst's peak; a soft memory
// limit of half the machine's memory makes the collector work harder again before memory runs
// short. GOGC and GOMEMLIMIT set in the environment win, as the Go runtime documents.

import (
	"bufio"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// gcPercent is the heap growth, in percent of the live heap, that starts a collection.
const gcPercent = 200

// gcPace is what paceGC sets: a GC percent (0: leave it) and a soft memory limit in bytes (0: leave it).
type gcPace struct {
	percent    int
	limitBytes int64
}

// gcPaceFor decides the pace from the environment and the machine's memory in bytes (0 when
// unknown): GOGC or GOMEMLIMIT set leave their own setting to the runtime.
func gcPaceFor(getenv func(string) string, memTotalBytes uint64) gcPace {
	var p gcPace
	if getenv("GOGC") == "" {
		p.percent = gcPercent
	}
	if getenv("GOMEMLIMIT") == "" && memTotalBytes > 0 {
		p.limitBytes = int64(memTotalBytes / 2)
	}
	return p
}

// memTotalFrom reads MemTotal (bytes) from /proc/meminfo's text; 0 when absent or malformed.
func memTotalFrom(r io.Reader) uint64 {
	s := bufio.NewScanner(r)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb * 1024
		}
	}
	return 0
}

// paceGC applies gcPaceFor to this process (Linux reads /proc/meminfo; elsewhere no limit).
func paceGC() {
	var total uint64
	if f, err := os.Open("/proc/meminfo"); err == nil {
		total = memTotalFrom(f)
		f.Close()
	}
	p := gcPaceFor(os.Getenv, total)
	if p.percent > 0 {
		debug.SetGCPercent(p.percent)
	}
	if p.limitBytes > 0 {
		debug.SetMemoryLimit(p.limitBytes)
	}
}
