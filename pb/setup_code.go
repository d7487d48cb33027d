package main

// The one-time setup code that guards the first admin (docs/decisions/023-setup-code.md).
// While no admin exists, the server keeps a code in <dataDir>/setup-code (mode 0600, owner
// only) and prints it in its start message, which in production goes to the journal: only
// someone who can read the server's log or its data dir can create the first admin. The
// setup-admin route (pb_hooks) checks the code and deletes the file once the admin exists.

import (
	"crypto/rand"
	"errors"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strings"
)

const (
	setupCodeFile = "setup-code"
	// Upper-case letters and digits without the look-alikes 0/O, 1/I (and L), read aloud or copied by eye.
	setupCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	setupCodeLength   = 12
)

// normalizeSetupCode is the code as compared: upper case, letters and digits only, so
// "abcd-efgh-jkmn" and "ABCD EFGH JKMN" are the same code.
func normalizeSetupCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// formatSetupCode groups a code in fours: ABCD-EFGH-JKMN.
func formatSetupCode(code string) string {
	var parts []string
	for len(code) > 4 {
		parts = append(parts, code[:4])
		code = code[4:]
	}
	return strings.Join(append(parts, code), "-")
}

// newSetupCode draws setupCodeLength characters of setupCodeAlphabet from crypto/rand.
func newSetupCode() (string, error) {
	var b strings.Builder
	max := big.NewInt(int64(len(setupCodeAlphabet)))
	for i := 0; i < setupCodeLength; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b.WriteByte(setupCodeAlphabet[n.Int64()])
	}
	return formatSetupCode(b.String()), nil
}

// ensureSetupCode returns the setup code kept in dataDir, making and storing one (0600) when
// there is none or it is not a valid code, so a restart keeps the code it printed before.
func ensureSetupCode(dataDir string) (string, error) {
	path := filepath.Join(dataDir, setupCodeFile)
	if data, err := os.ReadFile(path); err == nil {
		if code := normalizeSetupCode(string(data)); len(code) == setupCodeLength {
			// An earlier version of the file may be readable by others: tighten it.
			_ = os.Chmod(path, 0o600)
			return formatSetupCode(code), nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	code, err := newSetupCode()
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(path, []byte(code+"\n"), 0o600); err != nil {
		return "", err
	}
	return code, os.Chmod(path, 0o600)
}

// removeSetupCode deletes a leftover code once an admin exists.
func removeSetupCode(dataDir string) {
	_ = os.Remove(filepath.Join(dataDir, setupCodeFile))
}
