#!/usr/bin/env bash
# House counts of docs/architecture.md "One typed booking": what is left of free-string statuses
# in the product's code (tests, fixtures and pb_migrations excluded). Run from anywhere:
#   bash scripts/dev/house-counts.sh          # the two counts
#   bash scripts/dev/house-counts.sh --list   # and every line counted
# 1. Status literals outside the lifecycle modules: a quoted booking, payment or consultation
#    status value on a line of code (comments skipped). The lifecycle modules spell them:
#    domain/booking/lifecycle.ts, domain/money/charge-lifecycle.ts,
#    domain/consultations/consultation-status.ts, domain/waitlist/waitlist.ts.
# 2. Status fields typed as a plain string: `status: string`, `payment_status: string`,
#    `paymentStatus: string` (fields and parameters).
set -euo pipefail
cd "$(dirname "$0")/../.."
DIRS=(domain pb_hooks/src web/src)
VALUES='pending_payment|confirmed|completed|cancelled|payment_conflict|deposit_paid|refund_pending|refunded'
LIFECYCLE='domain/booking/lifecycle\.ts|domain/money/charge-lifecycle\.ts|domain/consultations/consultation-status\.ts|domain/waitlist/waitlist\.ts'
NOT_PRODUCT='\.test\.tsx?:|\.fixture\.ts:|\.type-test\.ts:|ledger-model\.ts:'

literals() {
  grep -rnE "['\"\`](${VALUES})['\"\`]" "${DIRS[@]}" --include='*.ts' --include='*.tsx' \
    | grep -vE "${NOT_PRODUCT}" | grep -vE "^(${LIFECYCLE}):" \
    | grep -vE '^[^:]+:[0-9]+:\s*(\*|//|/\*)' || true
}
string_fields() {
  grep -rnE '\b(status|payment_status|paymentStatus)\??: string\b' "${DIRS[@]}" --include='*.ts' --include='*.tsx' \
    | grep -vE "${NOT_PRODUCT}" || true
}

echo "status literals outside the lifecycle modules: $(literals | grep -c . || true)"
echo "status fields typed string: $(string_fields | grep -c . || true)"
if [[ "${1:-}" == "--list" ]]; then
  echo '--- literals'; literals
  echo '--- string fields'; string_fields
fi
