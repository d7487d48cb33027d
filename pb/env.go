package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/dop251/goja"
)

// ServerEnv is the environment as pb_hooks/src/env/server-env.ts checked and normalised it
// (the same JSON shape; see that file for what each field means).
type ServerEnv struct {
	Production   bool             `json:"production"`
	AppOrigin    string           `json:"appOrigin"`
	AdminEmail   string           `json:"adminEmail"`
	MailFrom     *MailFromEnv     `json:"mailFrom"`
	Payments     string           `json:"payments"`
	Listen       *ListenAddress   `json:"listen"`
	TrustedProxy *TrustedProxyEnv `json:"trustedProxy"`
	BackupS3     *S3Env           `json:"backupS3"`
	Replica      ReplicaEnv       `json:"replica"`
	HookPoolSize *int             `json:"hookPoolSize"`
	Warnings     []string         `json:"warnings"`
}

// MailFromEnv is MAIL_FROM split into its address and display name ("" when none was given).
type MailFromEnv struct {
	Address string `json:"address"`
	Name    string `json:"name"`
}

// ListenAddress is where `serve` listens without --http or a domain (HOST, PORT).
type ListenAddress struct {
	Host string `json:"host"`
	Port int    `json:"port"`
}

// TrustedProxyEnv is PocketBase's trusted-proxy setting from TRUSTED_PROXY_HEADERS.
type TrustedProxyEnv struct {
	Headers       []string `json:"headers"`
	UseLeftmostIP bool     `json:"useLeftmostIP"`
}

// S3Env is an S3-compatible bucket and its credentials: backups' (BACKUP_S3_*) or the
// replica's (REPLICA_S3_*).
type S3Env struct {
	Bucket         string `json:"bucket"`
	Region         string `json:"region"`
	Endpoint       string `json:"endpoint"`
	AccessKey      string `json:"accessKey"`
	Secret         string `json:"secret"`
	ForcePathStyle bool   `json:"forcePathStyle"`
}

// ReplicaEnv is where and how often `serve` replicates the database and uploaded files
// (REPLICA_DIR, REPLICA_INTERVAL_SECONDS, REPLICA_S3_*; docs/decisions/041-continuous-replication.md).
type ReplicaEnv struct {
	// Off is REPLICA_DIR=off: no local replica (the S3 one, when set, still runs).
	Off bool `json:"off"`
	// Dir is REPLICA_DIR, or "" for the default: the data dir's path + "-replica".
	Dir string `json:"dir"`
	// IntervalSeconds is the time between passes, in seconds: the recovery point (1–300).
	IntervalSeconds int `json:"intervalSeconds"`
	// S3 is the S3-compatible replica, or nil.
	S3 *S3Env `json:"s3"`
}

// HookRuntimes is how many hook runtimes `serve` keeps and warms: HOOK_POOL_SIZE (1–25), else
// hookPoolSize. A smaller pool starts sooner and holds less memory (the tests' servers use 4).
func (e ServerEnv) HookRuntimes() int {
	if e.HookPoolSize != nil {
		return *e.HookPoolSize
	}
	return hookPoolSize
}

// DemoPayments reports whether checkouts are demo payments (no STRIPE_SECRET_KEY).
func (e ServerEnv) DemoPayments() bool { return e.Payments != "stripe" }

// envProblem is a start refused because of the environment: Error() is the whole message.
type envProblem struct{ message string }

func (p *envProblem) Error() string { return p.message }

// checkServerEnv runs the zod check bundled at script (pb_hooks/lib/server-env.js, built by
// `npm run build`) in a goja runtime of its own on environ ("KEY=value" entries, as
// os.Environ gives them). A refused environment is an *envProblem carrying the message to
// print; a missing or broken script is another error. The check is plain JavaScript (no
// JSVM API), so it runs before PocketBase boots and nothing is written on a refused start.
func checkServerEnv(script string, environ []string) (ServerEnv, error) {
	var env ServerEnv
	src, err := os.ReadFile(script)
	if err != nil {
		return env, &envProblem{fmt.Sprintf("Cannot start: the environment check %s is missing (run `npm run build`).", script)}
	}
	vm := goja.New()
	if _, err := vm.RunString(string(src)); err != nil {
		return env, fmt.Errorf("running %s: %w", script, err)
	}
	check, ok := goja.AssertFunction(vm.Get("serverEnv").ToObject(vm).Get("checkServerEnvJson"))
	if !ok {
		return env, fmt.Errorf("%s defines no serverEnv.checkServerEnvJson", script)
	}
	vars := make(map[string]any, len(environ))
	for _, kv := range environ {
		if k, v, found := strings.Cut(kv, "="); found {
			vars[k] = v
		}
	}
	out, err := check(goja.Undefined(), vm.ToValue(vars))
	if err != nil {
		return env, fmt.Errorf("checking the environment: %w", err)
	}
	var result struct {
		OK      bool      `json:"ok"`
		Env     ServerEnv `json:"env"`
		Message string    `json:"message"`
	}
	if err := json.Unmarshal([]byte(out.String()), &result); err != nil {
		return env, fmt.Errorf("reading the environment check's answer: %w", err)
	}
	if !result.OK {
		return env, &envProblem{result.Message}
	}
	return result.Env, nil
}
