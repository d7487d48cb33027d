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
#    States of their own that share a status's spelling have a const module each, counted as a
#    lifecycle module because it is the one place that spells them:
#    domain/booking/deposit-state.ts (the admin's Deposit Status cell: refund_pending, refunded),
#    domain/money/refund-line-state.ts (a refund line on the manage page: refunded),
#    domain/commands/demo-session-state.ts (a demo checkout session: cancelled),
#    domain/commands/settle-outcome.ts (how a paid deposit settled: confirmed),
#    domain/mail/payment-conflict-kind.ts (the mail kind payment_conflict),
#    web/src/admin/features/bookings/booking-filter.ts (the Bookings list's filter cancelled).
#    English words in a sentence are written inside the longer string they belong to, not quoted
#    alone, so they are not counted; nothing else is skipped.
# 2. Per collection, a status field compared with, set to or filtered by a quoted value of that
#    collection's statuses (`status: 'x'`, `c.status === 'x'`, `getString('status') !== 'x'`,
#    `set('status', 'x')`, SQL or a filter's `status = 'x'`). The collections share some words
#    ('pending', 'failed', 'declined'…), so such a line counts for each collection spelling it.
#    Stripe's own states (`intent.status`, pb_hooks/src/lib/payments/stripe.ts) are Stripe's, and
#    a ledger movement's (`m.status`, `MovementStatus` of domain/money/ledger.ts) the ledger's.
#    tests/lint/status-literals.test.ts runs this and expects 0 for each collection.
# 3. Status fields typed as a plain string: `status: string`, `payment_status: string`,
#    `paymentStatus: string` (fields and parameters).
# 4. Booking projections not derived from BookingRow: a type whose name holds `Booking`, or a
#    `booking` member typed inline (a command's state), that declares a field of the row itself
#    (its name as in domain/booking/booking-row.ts, `id` aside) or a member typed with a booking
#    status (BookingStatus, PaymentStatus, CancelReason), instead of taking it with
#    Pick<BookingRow, …> / BookingFields<…>. One line per type.
# 5. Hand mappings of booking fields outside the mapper: a record's getString/getInt/getFloat/
#    getBool or jsonObjects/jsonObject of a field only `bookings` has, in pb_hooks/src outside
#    pb_hooks/src/lib/booking-row.ts (bookingRowOf). Fields other collections share (the
#    customer's contact, status, package_type, tree_size, notes, ics_sequence, refunded_at,
#    the autodates) are left out: a grep cannot tell whose record reads them.
# 6. The same two counts for the other typed rows (docs/architecture.md "One typed booking"):
#    charges (ChargeRow, pb_hooks/src/lib/charge-row.ts), consultations (ConsultationRow,
#    consultation-row.ts) and the waitlist (WaitlistEntryRow, WaitlistOfferRow, waitlist-row.ts):
#    a projection not derived from the row, and a hand mapping of a field only that collection
#    has outside its mapper (see OTHER_ROWS below).
#    HOUSE_COUNT_DIRS and HOUSE_COUNT_HOOKS name other folders to read (tests/lint/house-counts.test.ts
#    checks that the counts catch what they should on a folder of its own).
set -euo pipefail
cd "$(dirname "$0")/../.."
read -r -a DIRS <<<"${HOUSE_COUNT_DIRS:-domain pb_hooks/src web/src}"
HOOKS="${HOUSE_COUNT_HOOKS:-pb_hooks/src}"
VALUES='pending_payment|confirmed|completed|cancelled|payment_conflict|deposit_paid|refund_pending|refunded'
LIFECYCLE='domain/booking/lifecycle\.ts|domain/money/charge-lifecycle\.ts|domain/consultations/consultation-status\.ts|domain/waitlist/waitlist-status\.ts|domain/mail/mail-status\.ts'
LIFECYCLE+='|domain/booking/deposit-state\.ts|domain/money/refund-line-state\.ts|domain/commands/demo-session-state\.ts'
LIFECYCLE+='|domain/commands/settle-outcome\.ts|domain/mail/payment-conflict-kind\.ts|web/src/admin/features/bookings/booking-filter\.ts'
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

ROW_FILE=domain/booking/booking-row.ts
ROW_FIELDS=$(sed -n '/^export interface BookingRow {/,/^}/p' "$ROW_FILE" | grep -oE '^  [a-z_0-9]+\??:' | tr -d ' ?:' | grep -vx id | paste -sd'|')
SHARED_FIELDS='created_at|updated_at|customer_name|customer_email|customer_phone|customer_address|package_type|tree_size|notes|status|ics_sequence|refunded_at'
BOOKING_ONLY=$(tr '|' '\n' <<<"$ROW_FIELDS" | grep -vxE "$SHARED_FIELDS" | paste -sd'|')

# A projection count of one collection: $1 the awk regex of a projection type's name, $2 the
# names of a member typed inline, $3 the row's fields it must not spell again, $4 the status
# types it must not spell again, $5 the row's own file (not counted).
projections_of() {
  local name_re="$1" member_re="$2" fields="$3" statuses="$4" row_file="$5"
  grep -rlE "^(export )?(interface|type) \w*(${name_re})|^\s+(readonly\s+)?(${member_re})\??:.*\{" "${DIRS[@]}" --include='*.ts' --include='*.tsx' \
    | grep -vE "\.(test|fixture|type-test)\.tsx?$" | grep -vx "$row_file" | grep -vxE "${LIFECYCLE}" | sort \
    | xargs -r awk -v fields="$fields" -v statuses="$statuses" -v name_re="$name_re" -v member_re="$member_re" '
        FNR == 1 { name = "" }
        name == "" && match($0, "^(export )?(interface|type) [A-Za-z0-9_]*(" name_re ")[A-Za-z0-9_]*") {
          split(substr($0, RSTART, RLENGTH), w, " "); name = w[length(w)]; start = FNR; depth = 0; opened = 0; hit = 0; inline = 0
        }
        name == "" && match($0, "^[ \t]+(readonly[ \t]+)?(" member_re ")\\??:.*{") {
          m = substr($0, RSTART, RLENGTH); sub(/^[ \t]+(readonly[ \t]+)?/, "", m); sub(/\??:.*$/, "", m)
          name = m " (a member typed inline)"; start = FNR; depth = 0; opened = 0; hit = 0; inline = 1
        }
        name != "" {
          line = $0; sub(/\/\/.*$/, "", line)
          # Inside a member typed inline only a type member counts (`name: Type;`), not an object literal`s `name: value,`.
          end = inline ? "[^,;{}]*;" : ""
          if (line !~ /^[ \t]*\*/ && line !~ /^[ \t]*\/\*/) {
            if (line ~ ("(^|[{;,(]|[ \t])(readonly[ \t]+)?(" fields ")\\??:[ \t]" end)) hit = 1
            if (line ~ (":[ \t]*(" statuses ")([^A-Za-z_.]|$)" end)) hit = 1
          }
          o = gsub(/{/, "{", line); c = gsub(/}/, "}", line); depth += o - c; if (o > 0) opened = 1
          if ((opened && depth <= 0) || (!opened && line ~ /;[ \t]*$/)) { if (hit) print FILENAME ":" start ": " name; name = "" }
        }' || true
}
projections() {
  projections_of Booking booking "$ROW_FIELDS" 'BookingStatus|PaymentStatus|CancelReason' "$ROW_FILE"
}
# A hand mapping count: $1 the fields only that collection has, $2 its mapper's file (not counted).
hand_mappings_of() {
  grep -rnE "(\.get(String|Int|Float|Bool)\(|jsonObjects?\(\w+!?, )['\"](${1})['\"]" "$HOOKS" --include='*.ts' \
    | grep -vE "${NOT_PRODUCT}" | grep -vE "(^|/)${2//./\\.}:" \
    | grep -vE '^[^:]+:[0-9]+:\s*(\*|//|/\*)' || true
}
hand_mappings() {
  hand_mappings_of "$BOOKING_ONLY" pb_hooks/src/lib/booking-row.ts
}

# The other typed rows (charges, consultations, the waitlist's entries and offers): each
# collection's row interfaces, its mapper, the type names and inline members of its projections
# and its statuses. A projection counts when it spells a row field of two words or more (its
# single words, `amount`, `date`, `kind`, `name`, are every command's words too) or a status.
# A hand mapping counts a field no other collection of pb_migrations has: those below are shared.
ROW_SHARED='id|created_at|updated_at|booking|status|kind|client_ip|request_fingerprint|idempotency_key|name|email|phone|email_key|key|tree_size|package_type|token_hash|expires_at|refunded_at|refund_id|link_version|ics_sequence|error|date|created_by|checkout_url|notes|customer_name|customer_email|customer_phone|customer_address'
OTHER_ROWS=(charge consultation waitlist)
declare -A OTHER_ROW_FILE=([charge]=domain/money/charge-row.ts [consultation]=domain/consultations/consultation-row.ts [waitlist]=domain/waitlist/waitlist-row.ts)
declare -A OTHER_ROW_TYPES=([charge]='ChargeRow' [consultation]='ConsultationRow' [waitlist]='WaitlistEntryRow|WaitlistOfferRow')
declare -A OTHER_ROW_MAPPER=([charge]=pb_hooks/src/lib/charge-row.ts [consultation]=pb_hooks/src/lib/consultation-row.ts [waitlist]=pb_hooks/src/lib/waitlist-row.ts)
declare -A OTHER_ROW_NAMES=([charge]='Charge' [consultation]='Consultation' [waitlist]='Waitlist|Waiting|Entry|Offer')
declare -A OTHER_ROW_MEMBERS=([charge]='charge' [consultation]='consultation' [waitlist]='entry|offer')
declare -A OTHER_ROW_STATUSES=([charge]='ChargeStatus|RefundStatus' [consultation]='ConsultationStatus' [waitlist]='EntryStatus|OfferStatus')
declare -A OTHER_ROW_LABEL=([charge]='chargeRowOf' [consultation]='consultationRowOf' [waitlist]='the waitlist mappers')
row_fields_of() {
  local types="${OTHER_ROW_TYPES[$1]}"
  sed -nE "/^export interface (${types}) \{/,/^\}/p" "${OTHER_ROW_FILE[$1]}" | grep -oE '^  [a-z_0-9]+\??:' | tr -d ' ?:' | sort -u
}
other_projections() {
  local fields
  fields=$(row_fields_of "$1" | grep '_' | grep -vxE 'created_at|updated_at' | paste -sd'|')
  projections_of "${OTHER_ROW_NAMES[$1]}" "${OTHER_ROW_MEMBERS[$1]}" "$fields" "${OTHER_ROW_STATUSES[$1]}" "${OTHER_ROW_FILE[$1]}"
}
other_hand_mappings() {
  hand_mappings_of "$(row_fields_of "$1" | grep -vxE "$ROW_SHARED" | paste -sd'|')" "${OTHER_ROW_MAPPER[$1]}"
}

echo "status literals outside the lifecycle modules: $(literals | grep -c . || true)"
for c in "${COLLECTIONS[@]}"; do
  echo "${c} status literals outside its module: $(collection_literals "$c" | grep -c . || true)"
done
echo "status fields typed string: $(string_fields | grep -c . || true)"
echo "booking projections not derived from BookingRow: $(projections | grep -c . || true)"
echo "hand mappings of booking fields outside bookingRowOf: $(hand_mappings | grep -c . || true)"
for r in "${OTHER_ROWS[@]}"; do
  echo "${r} projections not derived from ${OTHER_ROW_TYPES[$r]/|/ or }: $(other_projections "$r" | grep -c . || true)"
  echo "hand mappings of ${r} fields outside ${OTHER_ROW_LABEL[$r]}: $(other_hand_mappings "$r" | grep -c . || true)"
done
if [[ "${1:-}" == "--list" ]]; then
  echo '--- literals'; literals
  for c in "${COLLECTIONS[@]}"; do
    echo "--- ${c} literals"; collection_literals "$c"
  done
  echo '--- string fields'; string_fields
  echo '--- projections'; projections
  echo '--- hand mappings'; hand_mappings
  for r in "${OTHER_ROWS[@]}"; do
    echo "--- ${r} projections"; other_projections "$r"
    echo "--- ${r} hand mappings"; other_hand_mappings "$r"
  done
fi
