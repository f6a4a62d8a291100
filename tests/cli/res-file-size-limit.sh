#!/bin/sh
# SPDX-License-Identifier: ISC
# Under a file size limit (ulimit -f) a spool that outgrows it is a spool
# failure: 125 and a message, never a death of retry by SIGXFSZ that loses
# the attempt's status. The attempt keeps the disposition retry was given:
# an attempt past the limit itself dies of SIGXFSZ, as it would alone.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# 1 MiB limit (ulimit -f counts 1024-byte blocks); 3 MB through each spool.
head -c 3000000 /dev/zero >big
# (through a pipe: a regular file on stdin is rewound, not spooled)
cat big | ( ulimit -f 1024 && exec "$RETRY" -a 2 --delay=0 -- cat ) >/dev/null 2>err
st=$?
test "$st" -eq 125 || note_ "replay past the file size limit: status $st, not 125" || fail=1
grep -q "cannot keep" err || note_ "replay past the limit, no message:" "$(head -c 300 err)" || fail=1

( ulimit -f 1024 && exec "$RETRY" -a 2 --delay=0 --stdin=null --stdout=hold -- cat big ) >out 2>err
st=$?
test "$st" -eq 125 || note_ "hold past the file size limit: status $st, not 125" || fail=1
grep -q "cannot keep" err || note_ "hold past the limit, no message:" "$(head -c 300 err)" || fail=1
expect_empty out || fail=1

# The attempt's own writes past the limit: SIGXFSZ (25) kills it, 128+25.
( ulimit -f 1024 && exec "$RETRY" -q -a 1 --stdin=null -- sh -c 'cat big >copy' ) 2>err
st=$?
test "$st" -eq 153 || note_ "an attempt past the limit: status $st, not 153 (SIGXFSZ)" || fail=1
exit $fail
