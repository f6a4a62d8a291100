# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the --http tests, sourced after lib.sh and lib-supervise.sh:
# a real curl against tests/cli/http-server.py on 127.0.0.1.

command -v curl >/dev/null 2>&1 || skip_ "curl is not installed"
unset http_proxy https_proxy all_proxy ALL_PROXY HTTP_PROXY HTTPS_PROXY

# serve_ RESPONSE...: start http-server.py with these responses (see its
# synopsis), killed when the test exits; it logs each request it gets as a
# line of ./log. $url is its address. (curl -q: no ~/.curlrc.)
serve_() {
	rm -f port log
	"$python_" -I -S "$TESTS_DIR/http-server.py" port log "$@" 9>&- &
	bg_ $!
	wait_lines_ 1 port || framework_failure_ "the HTTP server did not start"
	url=http://127.0.0.1:$(cat port)/
}

# waited_ MIN MAX WHAT: the server's log has two requests, the second
# between MIN and MAX ms after the first (the wait WHAT asked for).
waited_() {
	expect_lines 2 log || return 1
	gap_=$(awk 'NR == 1 { t = $1 } NR == 2 { print $1 - t }' log)
	test "$gap_" -ge "$1" || note_ "the retry came ${gap_}ms after the" \
		"first answer, before $3 was up" || return 1
	test "$gap_" -lt "$2" || note_ "the retry came ${gap_}ms after the" \
		"first answer, expected at least ${1}ms for $3, under ${2}ms"
}
