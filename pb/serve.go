package main

import (
	"net"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// serveInfo is what `serve` was started with, once its flags are parsed.
type serveInfo struct {
	httpAddr  string
	httpsAddr string
	domains   []string
	// corsOff: no --origins and no APP_URL, so no other origin gets a CORS grant at all.
	corsOff bool
}

// configureServe gives PocketBase's `serve` command this project's defaults, applied after its
// flags are parsed so an explicit flag still wins:
//   - --origins (CORS) is APP_URL's origin; without APP_URL no origin is granted (corsOff),
//     instead of PocketBase's "*";
//   - --http is HOST:PORT when either is set and no domain is given (behind a proxy).
//
// info receives the final values for the start message.
func configureServe(serve *cobra.Command, env ServerEnv, info *serveInfo) {
	serve.PreRunE = func(c *cobra.Command, args []string) error {
		flags := c.Flags()
		if !flags.Changed("origins") {
			if env.AppOrigin != "" {
				if err := flags.Set("origins", env.AppOrigin); err != nil {
					return err
				}
			} else {
				info.corsOff = true
			}
		}
		if !flags.Changed("http") && len(args) == 0 && env.Listen != nil {
			addr := net.JoinHostPort(env.Listen.Host, strconv.Itoa(env.Listen.Port))
			if err := flags.Set("http", addr); err != nil {
				return err
			}
		}
		info.httpAddr, _ = flags.GetString("http")
		info.httpsAddr, _ = flags.GetString("https")
		info.domains = args
		return nil
	}
}

// publicURL is the site's address for people: APP_URL's origin, else the first domain served
// with HTTPS, else the HTTP address (a wildcard host shown as 127.0.0.1).
func publicURL(env ServerEnv, info serveInfo) string {
	switch {
	case env.AppOrigin != "":
		return env.AppOrigin
	case len(info.domains) > 0:
		return "https://" + info.domains[0]
	}
	addr := info.httpAddr
	if addr == "" {
		addr = "127.0.0.1:8090"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return "http://" + host + ":" + port
}
