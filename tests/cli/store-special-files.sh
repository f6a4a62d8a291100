#!/bin/sh
# SPDX-License-Identifier: ISC
# A socket or a device in the file: store, where a budget's next state,
# state or lock goes, is not written to or used: as the next state it is
# replaced without a word, as the state with one warning that names it,
# and as the lock it is left alone, with one warning, and the run goes on
# without the budget. The command runs in every case.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

# make_socket PATH / make_device PATH: a socket or a device (a copy of
# /dev/null, which swallows what is written to it) at PATH.
make_socket() {
	python3 -c 'import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$1"
}
make_device() { mknod "$1" c 1 3; }

# with KIND SUFFIX: a fresh store with a KIND at st/b.SUFFIX, and a run of
# retry on budget b in it that must exit 0 and run the command (within a
# loose bound); retry's stderr is in ./err.
with() {
	rm -rf st ran
	mkdir -m 700 st && "make_$1" "st/b.$2" ||
		framework_failure_ "cannot make a $1 at st/b.$2"
	returns_ 0 timeout -s KILL 10 "$RETRY" --budget=b \
		--store=file:"$PWD/st" -- touch ran 2>err ||
		note_ "a $1 at b.$2:" "$(cat err)" || return 1
	test -e ran || note_ "a $1 at b.$2: the command did not run"
}

# state_written KIND SUFFIX: st/b.budget is a state file now.
state_written() {
	test -f st/b.budget && grep -q '^retry-budget 1 tokens=' st/b.budget ||
		note_ "a $1 at b.$2: no state:" "$(ls -l st)"
}

# A device only where one can be made (root, with CAP_MKNOD).
kinds=socket
make_device probe 2>/dev/null && rm -f probe && kinds="$kinds device"
for k in $kinds; do
	if with "$k" tmp; then
		state_written "$k" tmp || fail=1
		expect_empty err || fail=1
	else
		fail=1
	fi
	if with "$k" budget; then
		state_written "$k" budget || fail=1
		expect_lines 1 err || fail=1
		grep -q "budget file .*st/b.budget is a $k, not a regular file" \
			err || note_ "the warning:" "$(cat err)" || fail=1
	else
		fail=1
	fi
	if with "$k" lock; then
		expect_lines 1 err || fail=1
		grep -q "budget b cannot be used (.*st/b.lock is a $k.*going on" \
			err || note_ "the warning:" "$(cat err)" || fail=1
	else
		fail=1
	fi
done

Exit "$fail"
