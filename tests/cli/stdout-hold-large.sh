#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold keeps 20 MiB of output exactly (memory, then the temporary
# file): the successful attempt's to a pipe on stdout, the failed one's to
# stderr.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
command -v sha256sum >/dev/null || skip_ "sha256sum is not available"
head -c 20M /dev/urandom >a || framework_failure_ "cannot make a"
head -c 20M /dev/urandom >b || framework_failure_ "cannot make b"

{
	timeout -k 5 120 "$RETRY" -a 2 --delay=0 -q --stdout=hold \
		sh -c 'if test "$RETRY_ATTEMPT" = 1; then cat a; exit 1; fi
		cat b' 2>err
	echo $? >status
} | sha256sum >got
test "$(cat status)" = 0 || note_ "retry exited $(cat status)" || fail=1
sha256sum <b >exp
cmp -s exp got || note_ "stdout is not attempt 2's output:" \
	"$(head -c 500 got)" "expected $(cat exp)" || fail=1
sha256sum <a >exp
sha256sum <err >got
cmp -s exp got || note_ "stderr is not attempt 1's output: $(wc -c <err)" \
	"bytes" || fail=1

Exit "$fail"
