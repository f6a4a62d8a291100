#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: stdin is replayed whole to each copy, copies that run at once
# included, from a pipe as from a regular file.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

head -c 3M /dev/urandom >in || framework_failure_ "cannot make the input"

# Copies 1 and 2 read it all, then hang; copy 3 reads it all and succeeds.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
cat >out.$RETRY_ATTEMPT
if test "$RETRY_ATTEMPT" -ge 3; then
	# Until the others have read it all: a winner stops them.
	i=0
	until test -e done.1 && test -e done.2 || test $i -ge 400; do
		sleep 0.05
		i=$((i + 1))
	done
	exit 0
fi
: >done.$RETRY_ATTEMPT
exec sleep "$1"
SH

# read_all_ HOW: each of the 3 copies read the whole input.
read_all_() {
	for n in 1 2 3; do
		cmp -s in out.$n || note_ "$1: copy $n did not read the input:" \
			"$(cmp in out.$n 2>&1)" || return 1
	done
}

m=$(marker_)
returns_ 0 "$RETRY" -a 3 --hedge=200ms --hedge-max=3 sh copy.sh "$m" \
	<in >out 2>err || fail=1
read_all_ 'regular file' || fail=1
gone_within_ -f "sleep $m" || fail=1

rm -f out.* done.*
m=$(marker_)
# shellcheck disable=SC2002 # a pipe on purpose
cat in | returns_ 0 "$RETRY" -a 3 --hedge=200ms --hedge-max=3 \
	sh copy.sh "$m" >out 2>err || fail=1
read_all_ pipe || fail=1
gone_within_ -f "sleep $m" || fail=1

# --stdin=replay said outright, and --hedge=0: three at once.
rm -f out.* done.*
m=$(marker_)
# shellcheck disable=SC2002 # a pipe on purpose
cat in | returns_ 0 "$RETRY" -a 3 --stdin=replay --hedge=0 --hedge-max=3 \
	sh copy.sh "$m" >out 2>err || fail=1
read_all_ '--hedge=0, pipe' || fail=1
gone_within_ -f "sleep $m" || fail=1

# Copy 1 reads a little and stalls; copy 2 still gets it all from the
# start.
cat >part.sh <<'SH' || framework_failure_ "cannot write part.sh"
echo $$ >>pids
if test "$RETRY_ATTEMPT" = 1; then
	head -c 1000 >out.1
	exec sleep "$1"
fi
cat >out.$RETRY_ATTEMPT
SH
rm -f out.* done.*
m=$(marker_)
# shellcheck disable=SC2002 # a pipe on purpose
cat in | returns_ 0 "$RETRY" -a 3 --hedge=200ms sh part.sh "$m" \
	>out 2>err || fail=1
head -c 1000 in >exp.1
cmp -s exp.1 out.1 || note_ "copy 1 read the wrong bytes" || fail=1
cmp -s in out.2 || note_ "copy 2 did not read the input from its start:" \
	"$(cmp in out.2 2>&1)" || fail=1
gone_within_ -f "sleep $m" || fail=1

# --stdin=null: every copy reads nothing.
rm -f out.* done.*
m=$(marker_)
returns_ 0 "$RETRY" -a 3 --stdin=null --hedge=200ms --hedge-max=3 \
	sh copy.sh "$m" <in >out 2>err || fail=1
for n in 1 2 3; do
	expect_empty out.$n || fail=1
done
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
