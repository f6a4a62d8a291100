#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt killed by a real-time signal: the message names it as
# --signal takes it (SIGRTMIN+N, SIGRTMAX-N), not by its number alone.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

"$python_" -c 'import signal; signal.SIGRTMIN' 2>/dev/null ||
	skip_ "no real-time signals here"

for sig in SIGRTMIN SIGRTMIN+2 SIGRTMAX-1 SIGRTMAX; do
	n=$("$python_" -c "import signal; print(signal.$sig)")
	returns_ $((128 + n)) dfl_ -- "$RETRY" -a 1 -- "$python_" -I -S -c \
		"import os, signal; os.kill(os.getpid(), signal.$sig)" 2>err ||
		fail=1
	grep -q "killed by signal $n ($sig)" err ||
		note_ "$sig: not named:" "$(cat err)" || fail=1
done

Exit "$fail"
