#!/usr/bin/env bash
# House counts of docs/architecture.md "One typed booking": what is left of free-string statuses
# in the product's code (tests, fixtures and pb_migrations excluded). Run from anywhere:
#   bash scripts/dev/house-counts.sh          # the counts
#   bash scripts/dev/house-counts.sh --list   # and every line counted
# 1. Status literals outside the lifecycle modules: a quoted booking, payment or consultation
#    status value on a line of code (comments skipped). The lifecycle modules spell them:
#    domain/booking/lifecycle.ts, domain/money/charge-lifecycle.ts,
#    domain/consultations/consultation-status.ts, domain/waitlist/waitlist-status.ts,
#    domain/mail/mail-status.ts.
# 2. Per collection, a status field compared with, set to or filtered by a quoted value of that
#    collection's statuses (`status: 'x'`, `c.status === 'x'`, `getString('status') !== 'x'`,
#    `set('status', 'x')`, SQL or a filter's `status = 'x'`). The collections share some words
#    ('pending', 'failed', 'declined'…), so such a line counts for each collection spelling it.
#    Stripe's own states (`intent.status`, pb_hooks/src/lib/payments/stripe.ts) are Stripe's, and
#    a ledger movement's (`m.status`, `MovementStatus` of domain/money/ledger.ts) the ledger's.
#    tests/lint/status-literals.test.ts runs this and expects 0 for each collection.
# 3. Status fields typed as a plain string: `status: string`, `payment_status: string`,
#    `paymentStatus: string` (fields and parameters).
set -euo pipefail
cd "$(dirname "$0")/../.."
DIRS=(domain pb_hooks/src web/src)
VALUES='pending_payment|confirmed|completed|cancelled|payment_conflict|deposit_paid|refund_pending|refunded'
LIFECYCLE='domain/booking/lifecycle\.ts|domain/money/charge-lifecycle\.ts|domain/consultations/consultation-status\.ts|domain/waitlist/waitlist-status\.ts|domain/mail/mail-status\.ts'
NOT_PRODUCT='\.test\.tsx?:|\.fixture\.ts:|\.type-test\.ts:|ledger-model\.ts:'
COMMENT='^[^:]+:[0-9]+:\s*(\*|//|/\*)'

# Each collection's status values, as in pb_migrations (the modules above spell them).
declare -A COLLECTION_VALUES=(
  [waitlist]='waiting|offered|booked|declined|expired|left|skipped|removed|open|accepted|ended'
  [charges]='pending|processing|succeeded|failed|requires_checkout|voided|to_return|returned'
  [consultations]='pending|confirmed|completed|cancelled'
  [mail_log]='queued|sending|sent|logged|failed|skipped'
)
COLLECTIONS=(waitlist charges consultations mail_log)
# A status field (not payment_status: the booking's) next to a quoted value.
FIELD="(^|[^_[:alnum:]])(status|refund_status|deposit_refund)['\"]?\)?\s*(===|!==|!=|=|:)\s*"
SET_CALL="set\(['\"](status|refund_status|deposit_refund)['\"],\s*"

product_lines() {
  grep -rnE "$1" "${DIRS[@]}" --include='*.ts' --include='*.tsx' \
    | grep -vE "${NOT_PRODUCT}" | grep -vE "^(${LIFECYCLE}):" | grep -vE "${COMMENT}" || true
}
literals() {
  product_lines "['\"\`](${VALUES})['\"\`]"
}
collection_literals() {
  local v="${COLLECTION_VALUES[$1]}"
  product_lines "(${FIELD}|${SET_CALL})['\"](${v})['\"]" \
    | grep -vE 'intent\.status|^pb_hooks/src/lib/payments/stripe\.ts:' \
    | grep -vE '\bm\.status|^domain/money/ledger\.ts:' || true
}
string_fields() {
  grep -rnE '\b(status|payment_status|paymentStatus)\??: string\b' "${DIRS[@]}" --include='*.ts' --include='*.tsx' \
    | grep -vE "${NOT_PRODUCT}" || true
}

echo "status literals outside the lifecycle modules: $(literals | grep -c . || true)"
for c in "${COLLECTIONS[@]}"; do
  echo "${c} status literals outside its module: $(collection_literals "$c" | grep -c . || true)"
done
echo "status fields typed string: $(string_fields | grep -c . || true)"
if [[ "${1:-}" == "--list" ]]; then
  echo '--- literals'; literals
  for c in "${COLLECTIONS[@]}"; do
    echo "--- ${c} literals"; collection_literals "$c"
  done
  echo '--- string fields'; string_fields
fi
