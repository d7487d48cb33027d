package main

import (
	"strings"
	"testing"
)

func TestGCPaceDefaultsToTwoHundredPercentAndHalfTheMemory(t *testing.T) {
	p := gcPaceFor(func(string) string { return "" }, 4<<30)
	if p.percent != 200 || p.limitBytes != 2<<30 {
		t.Errorf("pace = %+v", p)
	}
}

func TestGCPaceLeavesTheEnvironmentsSettings(t *testing.T) {
	env := map[string]string{"GOGC": "50", "GOMEMLIMIT": "300MiB"}
	p := gcPaceFor(func(k string) string { return env[k] }, 4<<30)
	if p.percent != 0 || p.limitBytes != 0 {
		t.Errorf("pace = %+v", p)
	}
	if p := gcPaceFor(func(string) string { return "" }, 0); p.percent != 200 || p.limitBytes != 0 {
		t.Errorf("unknown memory: pace = %+v", p)
	}
}

func TestMemTotalIsReadFromMeminfo(t *testing.T) {
	meminfo := "MemTotal:       24576000 kB\nMemFree:        1000 kB\n"
	if got := memTotalFrom(strings.NewReader(meminfo)); got != 24576000*1024 {
		t.Errorf("MemTotal = %d", got)
	}
	if got := memTotalFrom(strings.NewReader("MemTotal: lots kB\n")); got != 0 {
		t.Errorf("malformed MemTotal = %d", got)
	}
	if got := memTotalFrom(strings.NewReader("")); got != 0 {
		t.Errorf("no MemTotal = %d", got)
	}
}
