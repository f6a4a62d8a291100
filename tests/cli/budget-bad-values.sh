#!/bin/sh
# SPDX-License-Identifier: ISC
# The budget's options: bad values are usage errors naming the option and
# the value; an option of a budget without --budget is one too, as is a bad
# RETRY_STORE, which is read only when a budget is used.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in '' . .. 'a/b' 'a b' 'caf€'; do
	bad_value_ --budget "$v" || fail=1
done
long=$(printf '%0129d' 0)
bad_value_ --budget "$long" || fail=1
for v in '' /tmp/x 'file:' 'http://x' 'redis://h:0' 'redis://h:65536' \
	'redis://h/x' 'redis://h/-1' 'rediss://h:0' 'redis://' \
	'redis://h?db=1'; do
	usage_error_ --budget=b "--store=$v" touch ran || fail=1
	mentions_ --store "$v" || fail=1
done
# A password is not shown, not even in a URL that is wrong.
usage_error_ --budget=b '--store=redis://:Secret1@h:0' touch ran || fail=1
mentions_ --store 'redis://***@h:0' || fail=1
usage_error_ --budget=b '--store=redis://u:Secret1@h/x' touch ran || fail=1
mentions_ --store 'redis://***@h/x' 'the DB' || fail=1
# A build without hiredis says so of a good redis: URL.
case $("$RETRY" -n --budget=x --store=redis://127.0.0.1:1 2>&1) in
*"no redis: store"*)
	usage_error_ --budget=b --store=redis://127.0.0.1:1 touch ran || fail=1
	mentions_ --store 'no redis: store' || fail=1
	;;
esac
for v in 0 -1 1.5 x 1000001; do
	usage_error_ --budget=b "--budget-burst=$v" touch ran || fail=1
	mentions_ --budget-burst "$v" || fail=1
done
for v in -0.1 1.01 x nan ''; do
	usage_error_ --budget=b "--budget-ratio=$v" touch ran || fail=1
	mentions_ --budget-ratio || fail=1
done
for v in 1 '1/' '/s' '1/0s' '-1/s' '1/x' 'x/s' '1/s/s'; do
	usage_error_ --budget=b "--budget-rate=$v" touch ran || fail=1
	mentions_ --budget-rate || fail=1
done
for v in 5 '0/1s' '5/0' '1.5/1s' '5/' 'x/1s'; do
	usage_error_ --budget=b "--breaker=$v" touch ran || fail=1
	mentions_ --breaker || fail=1
done
for v in '' -1s 5x 1..2 s nan inf; do
	usage_error_ --budget=b "--budget-wait=$v" touch ran || fail=1
	mentions_ --budget-wait "$v" || fail=1
done
# Good values are taken.
returns_ 0 "$RETRY" --budget=b --store=file:"$PWD/st" --budget-wait=0 \
	--budget-wait=1m30s -- true || fail=1
returns_ 0 "$RETRY" --budget=b --store=file:"$PWD/st" --budget-burst=3 \
	--budget-ratio=0 --budget-rate=30/m --breaker=5/1s -- true || fail=1
returns_ 0 "$RETRY" --budget=b --store=file:"$PWD/st" --budget-rate=0/s \
	--budget-rate=1/500ms --breaker=2/s -- true || fail=1

# Without --budget.
for o in --store=file:x --budget-burst=3 --budget-ratio=0 --budget-rate=1/s \
	--budget-wait=1s --breaker=5/1s; do
	usage_error_ "$o" touch ran || fail=1
	mentions_ "${o%%=*}" --budget || fail=1
done

# RETRY_STORE: read only with a budget.
RETRY_STORE=nonsense returns_ 0 "$RETRY" -- true || fail=1
RETRY_STORE=nonsense usage_error_ --budget=b touch ran || fail=1
mentions_ RETRY_STORE nonsense || fail=1
RETRY_STORE=file:$PWD/env-store returns_ 0 "$RETRY" --budget=e -- true ||
	fail=1
test -f env-store/e.budget || note_ "RETRY_STORE was not used" || fail=1
# --store wins over RETRY_STORE.
RETRY_STORE=file:$PWD/env-store returns_ 0 "$RETRY" --budget=o \
	--store=file:"$PWD/opt-store" -- true || fail=1
test -f opt-store/o.budget && test ! -e env-store/o.budget ||
	note_ "--store did not win over RETRY_STORE" || fail=1

Exit "$fail"
