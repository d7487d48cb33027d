// Command pocketbase is this project's PocketBase build: PocketBase v0.39 as a Go module with
// the jsvm (TypeScript hooks compiled to pb_hooks/*.pb.js) and migratecmd (pb_migrations/)
// plugins, serving the built web app with an index.html fallback for the SPA, behind the
// production defaults of docs/decisions/014-production.md: the environment checked before
// anything starts, security headers on every response, CORS for APP_URL only, owner-only
// data files, no credentials in the request log, and `backup` / `restore` commands.
package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/dop251/goja"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/cmd"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
)

func main() {
	restrictNewFiles()
	paceGC() // gc_pace.go
	if len(os.Args) > 1 && os.Args[1] == "restore" {
		os.Exit(runRestore(os.Args[2:], os.Stdout, os.Stderr))
	}
	if len(os.Args) > 1 && os.Args[1] == "restore-replica" {
		os.Exit(runRestoreReplica(os.Args[2:], os.Getenv, os.Stdout, os.Stderr))
	}

	defaults := findLayout(executableDir())
	// Never PocketBase's "go run" guess (a binary in a temp dir): dev mode is only --dev. The
	// databases open with secure_delete, so erased data leaves the file and the next backup
	// (secure_delete.go).
	app := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: defaults.dataDir, DefaultDev: false, DBConnect: secureDeleteDBConnect})

	var hooksDir, migrationsDir, publicDir, typesDir string
	var hooksWatch bool
	app.RootCmd.PersistentFlags().StringVar(&hooksDir, "hooksDir", defaults.hooksDir, "the directory with the JS app hooks")
	app.RootCmd.PersistentFlags().BoolVar(&hooksWatch, "hooksWatch", false, "auto restart the app on pb_hooks file change (development)")
	app.RootCmd.PersistentFlags().StringVar(&migrationsDir, "migrationsDir", defaults.migrationsDir, "the directory with the JS migrations")
	app.RootCmd.PersistentFlags().StringVar(&publicDir, "publicDir", defaults.publicDir, "the directory with the built web app (web/dist)")
	app.RootCmd.PersistentFlags().StringVar(&typesDir, "typesDir", "", "where to write the JSVM types.d.ts (default: the data dir)")
	app.RootCmd.ParseFlags(os.Args[1:])

	// PocketBase's Start() with our serve defaults and one more command.
	serveCmd := cmd.NewServeCommand(app, false)
	backupCmd := newBackupCommand(app)
	app.RootCmd.AddCommand(cmd.NewSuperuserCommand(app), serveCmd, backupCmd)

	// The environment is checked before PocketBase boots, for the commands that use it.
	var env ServerEnv
	invoked, _, _ := app.RootCmd.Find(os.Args[1:])
	envLoaded := invoked == serveCmd || invoked == backupCmd
	if envLoaded {
		script := filepath.Join(hooksDirOrDefault(hooksDir, app.DataDir()), "lib", "server-env.js")
		checked, err := checkServerEnv(script, os.Environ())
		if err != nil {
			var problem *envProblem
			if !errors.As(err, &problem) {
				err = fmt.Errorf("Cannot start: the environment could not be checked: %w", err)
			}
			fmt.Fprintln(os.Stderr, err.Error())
			os.Exit(1)
		}
		env = checked
	}
	if invoked == backupCmd {
		// Booting on a missing data dir would create an empty database and back that up.
		if _, err := os.Stat(filepath.Join(app.DataDir(), "data.db")); err != nil {
			fmt.Fprintf(os.Stderr, "Backup failed: no data.db in %s (is --dir the server's data dir?)\n", app.DataDir())
			os.Exit(1)
		}
	}
	var info serveInfo
	configureServe(serveCmd, env, &info)
	if invoked == serveCmd {
		registerReplication(app, env.Replica, os.Stdout, os.Stderr)
	}

	// The pooled runtimes load the hook libraries before `serve` answers (hook_warmup.go).
	warmup := newHookWarmup(hooksDirOrDefault(hooksDir, app.DataDir()), 0)
	poolSize := env.HookRuntimes()
	if invoked == serveCmd {
		warmup.runtimes = poolSize
	}
	jsvm.MustRegister(app, jsvm.Config{
		MigrationsDir: migrationsDir,
		HooksDir:      hooksDir,
		HooksWatch:    hooksWatch,
		HooksPoolSize: poolSize,
		// The JSVM cannot make an io.Reader, which mail attachments need; this gives it one.
		OnInit: func(vm *goja.Runtime) {
			vm.Set("$textReader", func(s string) io.Reader { return strings.NewReader(s) })
			vm.Set("$uploadRoom", uploadRoom(app.DataDir, os.Getenv)) // disk_guard.go
			warmup.onInit(vm)
		},
		// Only the compiled registrations load; pb_hooks/src holds the TypeScript sources.
		HooksFilesPattern: `^.*\.pb\.js$`,
		TypesDir:          typesDir,
	})

	if err := warmup.start(); err != nil {
		fmt.Fprintf(os.Stderr, "Warning: the hook runtimes were not warmed: %v\n", err)
	}

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Automigrate:  false,
		Dir:          migrationsDir,
	})

	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if err := ownerOnly(e.App.DataDir()); err != nil {
			e.App.Logger().Warn("Could not make the data dir readable by its owner only", "error", err)
		}
		if !envLoaded {
			return nil
		}
		return applyEnvSettings(e.App, env)
	})

	// Credentials in URLs (review tokens, Checkout session ids…) never reach the stored log.
	app.OnModelCreate(core.LogsTableName).BindFunc(redactRequestLog)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// RATE_LIMITS=off turns PocketBase's per-IP limits off for this process only (tests that
		// fire many requests from one address); set after migrations, never saved.
		if os.Getenv("RATE_LIMITS") == "off" {
			se.App.Settings().RateLimits.Enabled = false
		}
		// securityHeaders (below) owns these headers; PocketBase's would overwrite some of them
		// (X-Frame-Options SAMEORIGIN) and adds the obsolete X-XSS-Protection.
		se.Router.Unbind(apis.DefaultSecurityHeadersMiddlewareId)
		if info.corsOff {
			se.Router.Unbind(apis.DefaultCorsMiddlewareId)
		}
		if !se.Router.HasRoute("GET", "/{path...}") {
			se.Router.GET("/{path...}", webAppRoute(publicDir)).Bind(apis.Gzip())
		}
		// Our own failures answer 5xx, and health says when the data dir cannot be written
		// (internal_errors.go, docs/decisions/022-internal-failures.md).
		se.Router.BindFunc(internalErrors(os.Stderr))
		se.Router.BindFunc(healthProbe(os.Stderr))
		// A burst of /api/fn/ requests waits for warm runtimes (hook_turns.go).
		se.Router.BindFunc(hookTurns(hookTurnsAtOnce, hookTurnMaxWait))
		se.Router.GET("/api/health/hooks", warmup.statusRoute(poolSize)).Bind(apis.RequireSuperuserAuth())
		// Our start message replaces PocketBase's superuser installer link.
		se.InstallerFunc = nil
		// se.Next builds the router into se.Server.Handler and the server starts serving only after
		// this returns, so every route, PocketBase's own included, runs behind the body guard
		// (docs/decisions/009) and gets the security headers.
		if err := se.Next(); err != nil {
			return err
		}
		behindProxy := func() bool { return len(se.App.Settings().TrustedProxy.Headers) > 0 }
		se.Server.Handler = securityHeaders(guardRequestBody(se.Server.Handler), contentSecurityPolicy(!env.DemoPayments()), behindProxy)
		printWelcome(se.App, os.Stdout, publicURL(env, info), se.Server.Addr, env)
		return nil
	})

	if err := app.Execute(); err != nil {
		log.Fatal(err)
	}
}

// hooksDirOrDefault is the hooks directory the JSVM uses: the flag, else beside the data dir.
func hooksDirOrDefault(hooksDir, dataDir string) string {
	if hooksDir != "" {
		return hooksDir
	}
	return filepath.Join(dataDir, "..", "pb_hooks")
}
