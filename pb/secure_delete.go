package main

import (
	"github.com/pocketbase/dbx"
)

// secureDeleteDBConnect opens data.db and auxiliary.db as PocketBase v0.39's DefaultDBConnect
// does (the same pragmas, in the same order: busy_timeout must come first), plus SQLite's
// secure_delete, so a deleted or overwritten value is zeroed in the database file instead of
// lingering in free space. Without it, a customer's erased name or e-mail (POST
// /api/fn/admin-customers/erase) stays readable in data.db's free pages, and PocketBase's
// scheduled backups zip that file as it is (docs/decisions/014): every later backup would keep
// it until the space happened to be reused. The replica and `pocketbase backup` copy by
// VACUUM INTO, which writes live rows only, so they were clean already (docs/decisions/041).
// The cost is the zeroing writes of a delete or a shrinking update, small at this size.
func secureDeleteDBConnect(dbPath string) (*dbx.DB, error) {
	return dbx.Open("sqlite", dbPath+secureDeletePragmas)
}

// secureDeletePragmas: PocketBase v0.39.11's DefaultDBConnect pragmas, then secure_delete(ON)
// (ON, not FAST: FAST leaves freed overflow pages, where long texts such as e-mail bodies live).
const secureDeletePragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)&_pragma=secure_delete(ON)"
