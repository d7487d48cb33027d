// Command pocketbase is this project's PocketBase build: PocketBase v0.39 as a Go module with
// the jsvm (TypeScript hooks compiled to pb_hooks/*.pb.js) and migratecmd (pb_migrations/)
// plugins, serving the built web app from web/dist with an index.html fallback for the SPA.
package main

import (
	"io"
	"log"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
)

func main() {
	app := pocketbase.New()

	var hooksDir, migrationsDir, publicDir, typesDir string
	var hooksWatch bool
	app.RootCmd.PersistentFlags().StringVar(&hooksDir, "hooksDir", "", "the directory with the JS app hooks")
	app.RootCmd.PersistentFlags().BoolVar(&hooksWatch, "hooksWatch", true, "auto restart the app on pb_hooks file change")
	app.RootCmd.PersistentFlags().StringVar(&migrationsDir, "migrationsDir", "", "the directory with the JS migrations")
	app.RootCmd.PersistentFlags().StringVar(&publicDir, "publicDir", defaultPublicDir(), "the directory with the built web app (web/dist)")
	app.RootCmd.PersistentFlags().StringVar(&typesDir, "typesDir", "", "where to write the JSVM types.d.ts (default: the data dir)")
	app.RootCmd.ParseFlags(os.Args[1:])

	jsvm.MustRegister(app, jsvm.Config{
		MigrationsDir: migrationsDir,
		HooksDir:      hooksDir,
		HooksWatch:    hooksWatch,
		HooksPoolSize: 25,
		// The JSVM cannot make an io.Reader, which mail attachments need; this gives it one.
		OnInit: func(vm *goja.Runtime) {
			vm.Set("$textReader", func(s string) io.Reader { return strings.NewReader(s) })
		},
		// Only the compiled registrations load; pb_hooks/src holds the TypeScript sources.
		HooksFilesPattern: `^.*\.pb\.js$`,
		TypesDir:          typesDir,
	})

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Automigrate:  false,
		Dir:          migrationsDir,
	})

	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return applySMTPFromEnv(e.App)
	})

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// RATE_LIMITS=off turns PocketBase's per-IP limits off for this process only (tests that
		// fire many requests from one address); set after migrations, never saved.
		if os.Getenv("RATE_LIMITS") == "off" {
			se.App.Settings().RateLimits.Enabled = false
		}
		// The SPA owns every path the API does not: unknown files fall back to index.html,
		// so client-side routes (and the not-found page) work on reload.
		if !se.Router.HasRoute("GET", "/{path...}") {
			static := apis.Static(os.DirFS(publicDir), true)
			se.Router.GET("/{path...}", func(e *core.RequestEvent) error {
				p := e.Request.URL.Path
				if strings.HasPrefix(p, "/api/") || p == "/api" {
					// An unknown API path is an API error, never the SPA's index.html.
					return e.NotFoundError("The requested resource wasn't found.", nil)
				}
				if strings.HasPrefix(p, "/assets/") {
					// Hashed build assets never change.
					e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					return static(e)
				}
				// The shell, the service worker and pages must revalidate to pick up a release.
				e.Response.Header().Set("Cache-Control", "no-cache")
				if html, ok := prerenderedPage(publicDir, p); ok {
					return e.HTML(http.StatusOK, html)
				}
				return static(e)
			}).Bind(apis.Gzip())
		}
		// se.Next builds the router into se.Server.Handler and the server starts serving only after
		// this returns, so every route, PocketBase's own included, runs behind the body guard.
		if err := se.Next(); err != nil {
			return err
		}
		se.Server.Handler = guardRequestBody(se.Server.Handler)
		return nil
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// prerenderedPage returns the static HTML that scripts/prerender.mjs wrote for a page path
// ("/" → _prerendered/index.html, "/terms-privacy" → _prerendered/terms-privacy.html), if any.
// Paths with a file extension are files, never pages.
func prerenderedPage(publicDir, urlPath string) (string, bool) {
	if path.Ext(urlPath) != "" {
		return "", false
	}
	name := "index.html"
	if trimmed := strings.Trim(urlPath, "/"); trimmed != "" {
		// Slashes become underscores, so a name can never leave the _prerendered folder.
		name = strings.ReplaceAll(trimmed, "/", "_") + ".html"
	}
	data, err := os.ReadFile(filepath.Join(publicDir, "_prerendered", name))
	if err != nil {
		return "", false
	}
	return string(data), true
}

// defaultPublicDir is web/dist beside the working directory, the layout `npm start` runs in.
func defaultPublicDir() string {
	return filepath.Join("web", "dist")
}

// applySMTPFromEnv points PocketBase's mailer at SMTP_HOST (DESIGN.md decision 7) when set,
// with SMTP_PORT (default 587), SMTP_USERNAME, SMTP_PASSWORD, SMTP_TLS ("true" for implicit
// TLS) and MAIL_FROM. Without SMTP_HOST the settings are left alone: mail is only logged.
func applySMTPFromEnv(app core.App) error {
	host := os.Getenv("SMTP_HOST")
	if host == "" {
		return nil
	}
	port := 587
	if p, err := strconv.Atoi(os.Getenv("SMTP_PORT")); err == nil && p > 0 {
		port = p
	}
	settings := app.Settings()
	settings.SMTP.Enabled = true
	settings.SMTP.Host = host
	settings.SMTP.Port = port
	settings.SMTP.Username = os.Getenv("SMTP_USERNAME")
	settings.SMTP.Password = os.Getenv("SMTP_PASSWORD")
	settings.SMTP.TLS = os.Getenv("SMTP_TLS") == "true"
	if from := os.Getenv("MAIL_FROM"); from != "" {
		settings.Meta.SenderAddress = from
	}
	if settings.Meta.SenderAddress == "" {
		settings.Meta.SenderAddress = "bookings@localhost"
	}
	return app.Save(settings)
}
