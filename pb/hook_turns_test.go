package main

import (
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// turnsRouter runs requests through hookTurns, then `handler`.
func turnsRouter(turns int, maxWait time.Duration, handler func(e *core.RequestEvent) error) func(path string) error {
	h := &hook.Hook[*core.RequestEvent]{}
	h.BindFunc(hookTurns(turns, maxWait))
	return func(path string) error {
		e := &core.RequestEvent{}
		e.Request = httptest.NewRequest("POST", path, nil)
		return h.Trigger(e, handler)
	}
}

// waitFor polls cond for up to 5 s (the test fails when it never holds).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestHookTurnsLetsAtMostTurnsRunAtOnce(t *testing.T) {
	var running, most, done atomic.Int64
	release := make(chan struct{})
	serve := turnsRouter(2, time.Minute, func(e *core.RequestEvent) error {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-release
		running.Add(-1)
		return nil
	})
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = serve("/api/fn/create-booking-checkout")
			done.Add(1)
		}()
	}
	waitFor(t, "two requests run", func() bool { return running.Load() == 2 })
	time.Sleep(50 * time.Millisecond) // room for a third to slip in, were the turns broken
	if n := running.Load(); n != 2 {
		t.Fatalf("%d requests ran at once, want 2", n)
	}
	close(release)
	wg.Wait()
	if most.Load() != 2 || done.Load() != 6 {
		t.Fatalf("at most %d at once, %d done; want 2 and all 6", most.Load(), done.Load())
	}
}

func TestHookTurnsWaitIsBounded(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	var second atomic.Bool
	serve := turnsRouter(1, 20*time.Millisecond, func(e *core.RequestEvent) error {
		if e.Request.URL.Path == "/api/fn/slow" {
			<-release // an outside service that does not answer
			return nil
		}
		second.Store(true)
		return nil
	})
	go func() { _ = serve("/api/fn/slow") }()
	time.Sleep(5 * time.Millisecond)
	_ = serve("/api/fn/availability")
	waitFor(t, "the second request ran while the first held the only turn", second.Load)
}

func TestHookTurnsLeaveOtherRoutesAlone(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	held := make(chan struct{})
	var bare atomic.Bool
	serve := turnsRouter(1, time.Minute, func(e *core.RequestEvent) error {
		if e.Request.URL.Path == "/api/fn/slow" {
			close(held)
			<-release
			return nil
		}
		bare.Store(true)
		return nil
	})
	go func() { _ = serve("/api/fn/slow") }()
	<-held
	_ = serve("/api/collections/bookings/records")
	if !bare.Load() {
		t.Fatal("a record route waited for a hook route's turn")
	}
}
