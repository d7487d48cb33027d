package main

// A burst of /api/fn/ requests waits its turn for a warm runtime (docs/decisions/040-warm-start.md).
//
// Every /api/fn/ route is a JS handler (pb_hooks/src/route-table.ts). PocketBase runs each on
// a free runtime of its pool, and when every pooled runtime is busy it makes a new one for that
// single call and drops it after (plugins/jsvm/pool.go), which must load the hook library
// again: about 25 ms of CPU and 6 MB for lib/app.js. A checkout takes two runtimes at once
// (its handler, and the bookings record hook that runs when its transaction commits), so 200
// simultaneous checkouts made some 400 throwaway runtimes: 3 GB and 7–14 s on two cores, while
// the work itself is a few milliseconds each and its writes go through SQLite's one writer
// anyway. hookTurns lets at most `turns` of these requests run at once; the others wait,
// in the order they came, for one to finish, which costs nothing but the wait.
//
// A request waits at most maxWait, then runs anyway (on a throwaway runtime if the pool is
// busy, as before): handlers that wait on an outside service (Stripe, a routing provider)
// hold their turn meanwhile, and must not keep the other routes waiting longer than that.

import (
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

const (
	// hookPoolSize is the JSVM's number of pooled runtimes (jsvm.Config.HooksPoolSize), each
	// warmed at start (hook_warmup.go): with lib/app.js loaded, about 6 MB each.
	hookPoolSize = 25
	// hookTurnsAtOnce leaves the pool a runtime for each turn's record hooks and some for the
	// jobs, so the turns never need a throwaway runtime: 2 × 10 + 5.
	hookTurnsAtOnce = 10
	// hookTurnMaxWait bounds a request's wait for its turn (see above).
	hookTurnMaxWait = 3 * time.Second
)

// hookRoutesPrefix is the path prefix of the JS routes (docs/architecture.md "Server interface").
const hookRoutesPrefix = "/api/fn/"

// hookTurns is the router middleware that lets at most `turns` /api/fn/ requests run at once,
// each waiting at most maxWait for its turn. Other paths pass untouched.
func hookTurns(turns int, maxWait time.Duration) func(e *core.RequestEvent) error {
	slots := make(chan struct{}, turns)
	return func(e *core.RequestEvent) error {
		if !strings.HasPrefix(e.Request.URL.Path, hookRoutesPrefix) {
			return e.Next()
		}
		timer := time.NewTimer(maxWait)
		defer timer.Stop()
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		case <-timer.C:
		}
		return e.Next()
	}
}
