#!/bin/sh
# SPDX-License-Identifier: ISC
# A FIFO where --metrics' FILE.lock goes never holds retry: an open of it
# would wait for a writer for ever, past the deadline and SIGTERM, and
# the command's status would be lost.  There at the start, it is refused
# as a usage error (125, naming it; the command not run).  Put there by
# the attempt, it is refused at the end: one error naming it, the
# command's status kept, FILE not written.  The FIFO is left as it is.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
command -v mkfifo >/dev/null || skip_ "mkfifo(1) is not available"

mkfifo m.prom.lock || framework_failure_ "cannot make a FIFO"
returns_ 125 timeout -s KILL 10 "$RETRY" --metrics=m.prom -D 2s -a 1 -- \
	touch ran 2>err || fail=1
test ! -e ran || note_ "the command ran" || fail=1
grep -q -- '^retry: --metrics=m.prom: .*m.prom.lock is a FIFO, not a regular file$' \
	err || note_ "at the start:" "$(cat err)" || fail=1
test -p m.prom.lock || note_ "the FIFO is gone" || fail=1

rm -f m.prom.lock
returns_ 3 timeout -s KILL 10 "$RETRY" --metrics=m.prom -D 2s -a 1 -- \
	sh -c 'mkfifo m.prom.lock && exit 3' 2>err || fail=1
test "$(grep -c 'cannot write the metrics' err)" -eq 1 ||
	note_ "not one error:" "$(cat err)" || fail=1
grep -q '^retry: cannot write the metrics to m.prom: .*m.prom.lock is a FIFO, not a regular file$' \
	err || note_ "at the end:" "$(cat err)" || fail=1
test -p m.prom.lock || note_ "the FIFO is gone" || fail=1
test ! -e m.prom || note_ "m.prom was written" || fail=1

Exit "$fail"
