#!/bin/sh
# SPDX-License-Identifier: ISC
# --http passes a real curl's 1 MB body on whole to a reader that reads it
# all, and the run succeeds: a reader that is slower than the attempt, or
# a pipe that is full for a while, is no write error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

head -c 1000000 /dev/urandom >body || framework_failure_ "cannot write body"
serve_ "200:body=$PWD/body"
for reader in cat 'sleep 1; cat'; do
	{
		"$RETRY" -a 1 --http -- curl -q -fsS -D /dev/stderr "$url" 2>err
		echo $? >status
	} | sh -c "$reader" >out
	test "$(cat status)" = 0 || note_ "reader '$reader': status" \
		"$(cat status):" "$(head -c 500 err)" || fail=1
	cmp -s body out || note_ "reader '$reader': $(wc -c <out) bytes," \
		"not the body" || fail=1
done

Exit "$fail"
