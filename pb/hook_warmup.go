package main

// The JSVM's pooled runtimes are ready before the server answers (docs/decisions/040-warm-start.md).
//
// PocketBase's jsvm plugin makes HooksPoolSize goja runtimes when it registers (before the app
// boots), calling jsvm.Config.OnInit on each, and every handler requires its hook library
// (pb_hooks/lib/app.js or date-reads.js, docs/decisions/018) inside itself. A runtime therefore
// loaded lib/app.js (1.4 MB: about 25 ms of CPU and 6 MB of heap, 160–500 ms for the first,
// which also compiles it) during the first request it ran: the first requests after a start
// waited for it. hookWarmup loads the libraries into each pooled runtime from OnInit, before
// `serve` binds its port, and counts the libraries loaded later, which only a runtime that
// was not warmed does (one PocketBase makes for a single call while every pooled runtime is
// busy), for the superusers' GET /api/health/hooks.

import (
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// hookLibraries are the bundles the handlers require, in pb_hooks/lib.
var hookLibraries = []string{"app.js", "date-reads.js"}

// hookWarmup warms the first `runtimes` runtimes the JSVM makes (its pool: the plugin makes
// the pool before its loader runtime) and counts library loads after start().
type hookWarmup struct {
	libs     []string // absolute paths of hookLibraries
	runtimes int      // how many to warm; 0 warms none (commands other than serve)

	mu       sync.Mutex
	warmed   int
	duration time.Duration
	err      error

	started   atomic.Bool
	lateLoads atomic.Int64
	lateVMs   atomic.Int64
}

// newHookWarmup warms `runtimes` runtimes with the libraries of hooksDir/lib.
func newHookWarmup(hooksDir string, runtimes int) *hookWarmup {
	w := &hookWarmup{runtimes: runtimes}
	// The handlers require `${__hooks}/lib/…`, and the JSVM's __hooks is the absolute path.
	if abs, err := filepath.Abs(hooksDir); err == nil {
		hooksDir = abs
	}
	for _, lib := range hookLibraries {
		w.libs = append(w.libs, filepath.Join(hooksDir, "lib", lib))
	}
	return w
}

// onInit is the hook runtimes' part of jsvm.Config.OnInit: it counts the runtime, makes its
// `require` count first loads of a library, and warms it while the pool is being made. It runs
// in the goroutine that made the runtime, before the runtime is used, so nothing else runs
// JS on it meanwhile. Migrations' runtimes (those with `migrate`) are left alone.
func (w *hookWarmup) onInit(vm *goja.Runtime) {
	if vm.Get("migrate") != nil {
		return
	}
	if w.started.Load() {
		w.lateVMs.Add(1)
	}
	w.countLoads(vm)

	w.mu.Lock()
	defer w.mu.Unlock()
	if w.warmed >= w.runtimes || w.err != nil {
		return
	}
	began := time.Now()
	for _, lib := range w.libs {
		if _, err := vm.RunString(fmt.Sprintf("require(%q)", lib)); err != nil {
			w.err = fmt.Errorf("loading %s into a hook runtime: %w", lib, err)
			return
		}
	}
	w.warmed++
	w.duration += time.Since(began)
}

// countLoads wraps the runtime's `require` so that the first load of a hook library in it
// after start() is counted. A runtime keeps what it has required, so only its first
// require of a library loads it.
func (w *hookWarmup) countLoads(vm *goja.Runtime) {
	require, ok := goja.AssertFunction(vm.Get("require"))
	if !ok {
		return
	}
	loaded := map[string]bool{}
	vm.Set("require", func(call goja.FunctionCall) goja.Value {
		v, err := require(goja.Undefined(), call.Arguments...)
		if err != nil {
			panic(err)
		}
		name := call.Argument(0).String()
		if !loaded[name] && w.isLibrary(name) {
			loaded[name] = true
			if w.started.Load() {
				w.lateLoads.Add(1)
			}
		}
		return v
	})
}

func (w *hookWarmup) isLibrary(path string) bool {
	for _, lib := range w.libs {
		if filepath.Clean(path) == lib {
			return true
		}
	}
	return false
}

// start marks the end of the warm-up: loads and runtimes from now on are counted as late. It
// returns the warm-up's error, a library that did not load (the runtimes then load it on
// their first request, as without the warm-up, and fail there as they would have).
func (w *hookWarmup) start() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.started.Store(true)
	return w.err
}

// hookStatus is GET /api/health/hooks's answer.
type hookStatus struct {
	// PoolSize is the JSVM's number of pooled runtimes; Warmed how many had the libraries
	// loaded before the server answered, in WarmMs milliseconds of loading in all.
	PoolSize int   `json:"poolSize"`
	Warmed   int   `json:"warmed"`
	WarmMs   int64 `json:"warmMs"`
	// LateLoads counts the hook libraries loaded since, each by a runtime that was not warmed;
	// ExtraRuntimes the runtimes made since, for single calls while every pooled one was busy.
	LateLoads     int64 `json:"lateLoads"`
	ExtraRuntimes int64 `json:"extraRuntimes"`
}

// status is the warm-up's figures for a pool of poolSize runtimes.
func (w *hookWarmup) status(poolSize int) hookStatus {
	w.mu.Lock()
	defer w.mu.Unlock()
	return hookStatus{
		PoolSize:      poolSize,
		Warmed:        w.warmed,
		WarmMs:        w.duration.Milliseconds(),
		LateLoads:     w.lateLoads.Load(),
		ExtraRuntimes: w.lateVMs.Load(),
	}
}

// statusRoute answers GET /api/health/hooks (superusers only, bound in main.go).
func (w *hookWarmup) statusRoute(poolSize int) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		return e.JSON(http.StatusOK, w.status(poolSize))
	}
}
