package main

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// webAppRoute serves the built web app from publicDir for every GET the API does not own:
// files as they are, prerendered pages (scripts/build/prerender.mjs) for their paths, and index.html
// for the other client-side routes (the SPA fallback, so routes and the not-found page work on
// reload). The build's own records under /.vite/ (Vite's manifest, the prerender's report) are
// for the build tools and never served. Hashed files under /assets/ are cached for a year; everything else revalidates so a
// release is picked up. A path with a file extension that is not in the build is a 404: the
// HTML page in its place (with the year-long cache for /assets/) would break clients holding
// an old release's file names.
func webAppRoute(publicDir string) func(e *core.RequestEvent) error {
	static := apis.Static(os.DirFS(publicDir), true)
	return func(e *core.RequestEvent) error {
		p := e.Request.URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" {
			// An unknown API path is an API error, never the SPA's index.html.
			return e.NotFoundError("The requested resource wasn't found.", nil)
		}
		if isBuildRecord(p) {
			e.Response.Header().Set("Cache-Control", "no-cache")
			return e.NotFoundError("The requested file wasn't found.", nil)
		}
		if path.Ext(p) != "" && !isFile(publicDir, p) {
			e.Response.Header().Set("Cache-Control", "no-cache")
			return e.NotFoundError("The requested file wasn't found.", nil)
		}
		if strings.HasPrefix(p, "/assets/") {
			e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			return static(e)
		}
		e.Response.Header().Set("Cache-Control", "no-cache")
		if html, ok := prerenderedPage(publicDir, p); ok {
			return e.HTML(http.StatusOK, html)
		}
		return static(e)
	}
}

// isBuildRecord reports whether the URL path is inside the build's records folder, /.vite/
// (cleaned first, so "/assets/../.vite/manifest.json" is one too).
func isBuildRecord(urlPath string) bool {
	clean := path.Clean("/" + urlPath)
	return clean == "/.vite" || strings.HasPrefix(clean, "/.vite/")
}

// isFile reports whether the URL path names a regular file inside publicDir.
func isFile(publicDir, urlPath string) bool {
	info, err := os.Stat(filepath.Join(publicDir, filepath.FromSlash(path.Clean("/"+urlPath))))
	return err == nil && info.Mode().IsRegular()
}

// prerenderedPage returns the static HTML that scripts/build/prerender.mjs wrote for a page path
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
