package main

import (
	"io"
	"net/http"
)

// guardRequestBody wraps the server's handler so that net/http, not PocketBase's router, closes
// every request body; a body a route did not read to its end is then drained (up to net/http's
// 256 KB bound) or the connection is closed, and is never parsed as the next request (see
// docs/decisions/009-request-body-desync.md).
//
// Why: PocketBase's router (tools/router, loadMux) puts a RereadableReadCloser on the server's
// own r.Body and closes the original itself, at the end of each route and when it rereads.
// net/http's Close gives up on a body with more than 256 KB left or with bad chunk framing, and
// the server closes the connection only if it still finds that body, its own type, on r.Body.
// It finds the wrapper instead, takes the body for consumed and reads the rest of it as the
// next request (request smuggling).
//
// The router therefore gets a body whose Close does nothing, and r.Body is the server's own
// again when the handler returns, so net/http's checks see what they were written for.
func guardRequestBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := r.Body
		if body == nil || body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		defer func() { r.Body = body }()
		r.Body = closedByServer{body}
		next.ServeHTTP(w, r)
	})
}

// closedByServer is a request body whose Close is left to net/http (see guardRequestBody).
type closedByServer struct{ io.ReadCloser }

// Close does nothing: net/http closes the body after the handler, once it knows what is left.
func (closedByServer) Close() error { return nil }
