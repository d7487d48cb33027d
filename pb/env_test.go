package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A stand-in for pb_hooks/lib/server-env.js: refuses BAD, otherwise echoes APP_URL.
const stubCheck = `var serverEnv = { checkServerEnvJson: function (vars) {
  if (vars.BAD) return JSON.stringify({ ok: false, message: "Cannot start: BAD is set." });
  return JSON.stringify({ ok: true, env: { production: vars.APP_ENV === "production", appOrigin: vars.APP_URL || null,
    adminEmail: null, payments: "demo", listen: null, trustedProxy: null, backupS3: null, warnings: [] } });
} };`

func writeScript(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "server-env.js")
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckServerEnvReadsTheScriptsAnswer(t *testing.T) {
	script := writeScript(t, stubCheck)
	env, err := checkServerEnv(script, []string{"APP_URL=https://shop.example", "APP_ENV=production", "NOEQUALS"})
	if err != nil {
		t.Fatal(err)
	}
	if env.AppOrigin != "https://shop.example" || !env.Production || !env.DemoPayments() {
		t.Errorf("env = %+v", env)
	}
	_, err = checkServerEnv(script, []string{"BAD=1"})
	var problem *envProblem
	if !errors.As(err, &problem) || problem.Error() != "Cannot start: BAD is set." {
		t.Errorf("err = %v", err)
	}
}

func TestCheckServerEnvWithoutItsScript(t *testing.T) {
	_, err := checkServerEnv(filepath.Join(t.TempDir(), "missing.js"), nil)
	var problem *envProblem
	if !errors.As(err, &problem) || !strings.Contains(err.Error(), "run `npm run build`") {
		t.Errorf("err = %v", err)
	}
	_, err = checkServerEnv(writeScript(t, "var serverEnv = {};"), nil)
	if err == nil || errors.As(err, &problem) {
		t.Errorf("a broken script must be an error of its own, got %v", err)
	}
}

// The real check, when `npm run build` has bundled it (pb_hooks/src/env/server-env.ts).
func TestCheckServerEnvWithTheBuiltCheck(t *testing.T) {
	script := filepath.Join("..", "pb_hooks", "lib", "server-env.js")
	if _, err := os.Stat(script); err != nil {
		t.Skip("pb_hooks/lib/server-env.js is not built (npm run build)")
	}
	env, err := checkServerEnv(script, []string{"APP_URL=https://Shop.example/", "STRIPE_SECRET_KEY=sk_test_1", "STRIPE_WEBHOOK_SECRET=whsec_1",
		"PORT=8080", "TRUSTED_PROXY_HEADERS=X-Forwarded-For", "BACKUP_S3_BUCKET=b", "BACKUP_S3_REGION=r", "BACKUP_S3_ENDPOINT=https://s3.example",
		"BACKUP_S3_ACCESS_KEY=a", "BACKUP_S3_SECRET=s"})
	if err != nil {
		t.Fatal(err)
	}
	if env.AppOrigin != "https://shop.example" || env.DemoPayments() || env.Listen == nil || env.Listen.Port != 8080 || env.Listen.Host != "127.0.0.1" ||
		env.TrustedProxy == nil || env.TrustedProxy.Headers[0] != "X-Forwarded-For" || env.BackupS3 == nil || env.BackupS3.Secret != "s" {
		t.Errorf("env = %+v", env)
	}
	if env.HookRuntimes() != hookPoolSize {
		t.Errorf("without HOOK_POOL_SIZE the pool has %d runtimes, want %d", env.HookRuntimes(), hookPoolSize)
	}
	small, err := checkServerEnv(script, []string{"HOOK_POOL_SIZE=4"})
	if err != nil || small.HookRuntimes() != 4 {
		t.Errorf("HOOK_POOL_SIZE=4: %d runtimes, err %v", small.HookRuntimes(), err)
	}
	_, err = checkServerEnv(script, []string{"APP_URL=nope"})
	if err == nil || !strings.HasPrefix(err.Error(), "Cannot start: the environment needs fixing.\n  - APP_URL is not a web address") {
		t.Errorf("err = %v", err)
	}
}
