package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
)

// warmupFixture is a hooks dir whose libraries count their loads in the runtime's `loads`, and
// a way to make runtimes as the JSVM does: require enabled, then OnInit.
type warmupFixture struct {
	dir      string
	registry *require.Registry
	w        *hookWarmup
}

func newWarmupFixture(t *testing.T, runtimes int, appSource string) *warmupFixture {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	counting := "globalThis.loads = (globalThis.loads || 0) + 1; module.exports = { ok: true };"
	if appSource == "" {
		appSource = counting
	}
	for name, src := range map[string]string{"app.js": appSource, "date-reads.js": counting, "other.js": counting} {
		if err := os.WriteFile(filepath.Join(dir, "lib", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &warmupFixture{dir: dir, registry: new(require.Registry), w: newHookWarmup(dir, runtimes)}
}

// runtime makes a runtime as the JSVM does (migration: with `migrate` set before OnInit).
func (f *warmupFixture) runtime(migration bool) *goja.Runtime {
	vm := goja.New()
	f.registry.Enable(vm)
	if migration {
		vm.Set("migrate", func() {})
	}
	f.w.onInit(vm)
	return vm
}

func (f *warmupFixture) loads(t *testing.T, vm *goja.Runtime) int64 {
	t.Helper()
	v := vm.Get("loads")
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	return v.ToInteger()
}

func (f *warmupFixture) require(t *testing.T, vm *goja.Runtime, lib string) {
	t.Helper()
	if _, err := vm.RunString(`require(` + "`" + filepath.Join(f.dir, "lib", lib) + "`" + `)`); err != nil {
		t.Fatalf("require %s: %v", lib, err)
	}
}

func TestHookWarmupWarmsThePoolOnly(t *testing.T) {
	f := newWarmupFixture(t, 2, "")
	migration := f.runtime(true)
	pooled := []*goja.Runtime{f.runtime(false), f.runtime(false)}
	loader := f.runtime(false)
	if err := f.w.start(); err != nil {
		t.Fatal(err)
	}
	for i, vm := range pooled {
		if got := f.loads(t, vm); got != 2 {
			t.Errorf("pooled runtime %d loaded %d libraries, want app.js and date-reads.js", i, got)
		}
	}
	if f.loads(t, migration) != 0 || f.loads(t, loader) != 0 {
		t.Errorf("a migration's runtime or the one after the pool was warmed")
	}
	if s := f.w.status(2); s.Warmed != 2 || s.PoolSize != 2 || s.LateLoads != 0 || s.ExtraRuntimes != 0 {
		t.Errorf("status %+v", s)
	}
}

func TestHookWarmupCountsLateLoadsAndRuntimes(t *testing.T) {
	f := newWarmupFixture(t, 1, "")
	warm := f.runtime(false)
	cold := f.runtime(false) // past the pool's size: not warmed
	if err := f.w.start(); err != nil {
		t.Fatal(err)
	}
	f.require(t, warm, "app.js")
	f.require(t, warm, "date-reads.js")
	if s := f.w.status(1); s.LateLoads != 0 {
		t.Fatalf("a warmed runtime's require counted as a load: %+v", s)
	}
	f.require(t, cold, "app.js")
	f.require(t, cold, "app.js")
	f.require(t, cold, "other.js") // not a hook library
	extra := f.runtime(false)      // made after start: a throwaway runtime
	f.require(t, extra, "date-reads.js")
	s := f.w.status(1)
	if s.LateLoads != 2 || s.ExtraRuntimes != 1 {
		t.Errorf("status %+v, want 2 late loads (cold app.js once, extra date-reads.js) and 1 extra runtime", s)
	}
	if f.loads(t, cold) != 2 {
		t.Errorf("the wrapped require did not load the modules (loads %d)", f.loads(t, cold))
	}
}

func TestHookWarmupLeavesOtherCommandsAlone(t *testing.T) {
	f := newWarmupFixture(t, 0, "")
	vm := f.runtime(false)
	if err := f.w.start(); err != nil {
		t.Fatal(err)
	}
	if f.loads(t, vm) != 0 {
		t.Error("a runtime was warmed though no warm-up was asked for")
	}
}

func TestHookWarmupReportsABrokenLibrary(t *testing.T) {
	f := newWarmupFixture(t, 2, "throw new Error('broken bundle')")
	vm := f.runtime(false)
	err := f.w.start()
	if err == nil || !strings.Contains(err.Error(), "broken bundle") {
		t.Fatalf("start() = %v, want the library's error", err)
	}
	// The runtime still works, and a handler's require throws a catchable JS error as before.
	v, runErr := vm.RunString(`(() => { try { require(` + "`" + filepath.Join(f.dir, "lib", "app.js") + "`" + `); return 'loaded' } catch (e) { return String(e) } })()`)
	if runErr != nil || !strings.Contains(v.String(), "broken bundle") {
		t.Fatalf("require in a handler: %v, %v", v, runErr)
	}
}
