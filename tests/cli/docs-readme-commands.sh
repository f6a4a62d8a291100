#!/bin/sh
# SPDX-License-Identifier: ISC
# Every command in README.md's fenced blocks that runs retry works as the
# README says it does.
#
# The commands are read from README.md itself: every line of a fenced block
# with the word `retry` in command position (`retry ...`, `sudo retry ...`,
# `xargs ... retry ...`, and crontab lines, whose command follows the five
# time fields and whose NAME=VALUE lines before it in the block are its
# environment).  Each runs as written, by /bin/sh as cron and a terminal
# would, with the real retry and a directory of stand-ins first on PATH:
#
# - curl: the real curl, each https://HOST/ of its arguments made
#   http://127.0.0.1:PORT/ of the test's http-server.py (lib-http.sh), so
#   that real curl talks real HTTP (TLS left out);
# - sudo: runs its arguments; apt-get: records its arguments and succeeds;
# - git: fails its first call as a network would, then runs the real git
#   with https://example.com/ pointed at a local repository (without git:
#   a script that makes the clone's directory);
# - jq: the real one, or where it is missing a python3 stand-in that
#   parses and prints the JSON.
#
# A crontab's programs under /usr/local/bin/ are the user's own: the test
# puts its scripts there in the command's text (./local/), and runs the
# budgets in a store of its own (XDG_RUNTIME_DIR, or the test's redis-server
# for the block whose RETRY_STORE is a redis:// URL, with its host made the
# test's and the block's password its password; the README's password
# placeholder "..." is the server's password).
#
# Long waits: no command may sleep more than a few seconds here.  Where a
# command's delay is long (apt-get's -d 15s), its stand-in succeeds at
# once.  --splay always sleeps before the first attempt, up to its value
# (15m in the crontab line): the line is run twice, once unchanged with -n
# after `retry` (the options as written are accepted, --splay=15m shorter
# than its -D 1h included, and nothing runs), and once with only the splay
# value made 1s, where the program's RETRY_ELAPSED shows the sleep was at
# most that (plus slack for a loaded machine).
#
# A README command that no check below knows fails the test, so that a new
# one is not left out; one that stops working (an option renamed, a status
# changed) fails its check.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# Every command of the README, one after the other: about 30 s alone, and
# more than 60 on a loaded machine; the watchdog is for a hang.
watchdog_s_=180
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

readme=$TESTS_DIR/../../README.md
test -f "$readme" || framework_failure_ "no README.md at $readme"
T=$PWD

# The commands: ./cmds/NN.cmd, the line, and ./cmds/NN.env, the NAME=VALUE
# lines before it in its block.
mkdir cmds || framework_failure_ "cannot make cmds"
awk -v dir="$T/cmds" '
/^```/ { inblock = !inblock; env = ""; next }
!inblock { next }
/^# / { next }	# a comment of a sample (# HELP ...), no command
/^[A-Za-z_][A-Za-z0-9_]*=/ { env = env $0 "\n"; next }
/(^|[ \t])retry[ \t]/ {
	f = sprintf("%s/%02d", dir, ++n)
	printf "%s\n", $0 >(f ".cmd"); close(f ".cmd")
	printf "%s", env >(f ".env"); close(f ".env")
}' "$readme" || framework_failure_ "cannot read $readme"

# The stand-ins.
mkdir bin local remote || framework_failure_ "cannot make bin"
ln -s "$RETRY" bin/retry || framework_failure_ "cannot link retry"
stub_() {
	{ { echo '#!/bin/sh'; cat; } >"bin/$1" && chmod +x "bin/$1"; } ||
		framework_failure_ "cannot write the $1 stand-in"
}
real_curl=$(command -v curl)
stub_ curl <<EOF
port=\$(cat '$T/port')
for a do
	shift
	case \$a in
	https://*) a=http://127.0.0.1:\$port/\${a#https://*/} ;;
	esac
	set -- "\$@" "\$a"
done
exec '$real_curl' -q "\$@"
EOF
stub_ sudo <<'EOF'
printf '%s\n' "$*" >>sudo.argv
exec "$@"
EOF
stub_ apt-get <<'EOF'
printf '%s\n' "$*" >>apt-get.argv
echo "$RETRY_ATTEMPT $RETRY_MAX_ATTEMPTS" >>apt-get.env
EOF
if real_git=$(command -v git); then
	# A repository for the clone, at remote/project.git.
	{ git init -q src && echo hello >src/file && git -C src add file &&
		git -C src -c user.name=t -c user.email=t@example.com \
			commit -qm one && git clone -q --bare src remote/project.git
	} >/dev/null 2>&1 || framework_failure_ "cannot make a git repository"
	stub_ git <<EOF
echo run >>git.runs
test "\$(wc -l <git.runs)" -gt 1 ||
	{ echo 'fatal: unable to access (the first call fails)' >&2; exit 128; }
exec '$real_git' -c 'url.$T/remote/.insteadOf=https://example.com/' "\$@"
EOF
else
	stub_ git <<'EOF'
echo run >>git.runs
test "$(wc -l <git.runs)" -gt 1 || exit 128
test "$1 $2" = "clone https://example.com/project.git" || exit 129
mkdir project && echo hello >project/file
EOF
fi
if ! command -v jq >/dev/null 2>&1; then
	stub_ jq <<EOF
test "\$*" = . || exit 2
exec '$python_' -c 'import json, sys
print(json.dumps(json.load(sys.stdin), indent=2))'
EOF
fi
cat >local/sync <<'EOF' || framework_failure_ "cannot write local/sync"
#!/bin/sh
echo "$RETRY_ELAPSED" >>sync.elapsed
EOF
cat >local/push-backup <<EOF || framework_failure_ "cannot write push-backup"
#!/bin/sh
exec sh '$T/flaky.sh' "\${FAILS:-0}"
EOF
cp local/push-backup local/backup || framework_failure_ "cannot write backup"
chmod +x local/sync local/push-backup local/backup || framework_failure_ "chmod"

# Files served: a gzipped tarball, its first half, a JSON document.
{ mkdir pkg && echo payload >pkg/data && tar -czf app.tgz pkg &&
	head -c "$(($(wc -c <app.tgz) / 2))" app.tgz >half.tgz &&
	printf '{"items": [1, 2, 3]}\n' >items.json; } ||
	framework_failure_ "cannot make the files to serve"

# in_dir_: go to a fresh directory for the next command.
k=0
in_dir_() {
	k=$((k + 1))
	{ mkdir "$T/c$k" && cd "$T/c$k"; } || framework_failure_ "cannot make c$k"
}

# at_ RESPONSE...: serve these responses (see http-server.py) from now on.
at_() {
	{ cd "$T" && serve_ "$@" && cd "$T/c$k"; } ||
		framework_failure_ "cannot serve"
}

# run_ N CMD [NAME=VALUE...]: run the text CMD with /bin/sh, the stand-ins
# first on PATH and the NAME=VALUEs in its environment; its output in ./out
# and ./err, its time in $ms; true if it exits N.
run_() {
	st_=$1 c_=$2
	shift 2
	timed_ "$st_" env PATH="$T/bin:$PATH" "$@" sh -c "$c_" >out 2>err ||
		{ cat err >&9; return 1; }
}

# requests_ N: the server got N requests since the last at_.
requests_() { expect_lines "$1" "$T/log"; }

# has_ FILE TEXT: FILE holds a line with TEXT.
has_() {
	grep -F -- "$2" "$1" >/dev/null 2>&1 ||
		note_ "$1 has no '$2':" "$(cat "$1" 2>/dev/null)"
}

# waited_then_404_ CMD: the run just made kept the 1 s that Retry-After
# asked for; and CMD against a 404 is tried once, exiting with curl's 22.
waited_then_404_() {
	test "$ms" -ge 1000 || note_ "Retry-After: 1 not waited for (${ms}ms)" ||
		return 1
	in_dir_
	at_ 404
	run_ 22 "$1" && requests_ 1
}

# The CI download: a 503 asking for 1 s is retried after at least 1 s and
# the tarball saved whole; a 404 is not retried.
check_ci_download() {
	in_dir_
	at_ 503:Retry-After=1 "200:body=$T/app.tgz"
	run_ 0 "$1" || return 1
	requests_ 2 || return 1
	cmp -s app.tgz "$T/app.tgz" || note_ "app.tgz is not what was served" ||
		return 1
	waited_then_404_ "$1"
}

# The flaky test step: one failure is retried; a step that always fails
# runs 3 times and its status (make's 2) is retry's.
check_flaky_step() {
	in_dir_
	printf 'integration-test:\n\tsh %s/flaky.sh 1\n' "$T" >Makefile
	run_ 0 "$1" && expect_runs 2 || return 1
	in_dir_
	printf 'integration-test:\n\tsh %s/flaky.sh 9\n' "$T" >Makefile
	run_ 2 "$1" && expect_runs 3
}

# The crontab line with --splay (see the top of this file).
check_cron_splay() {
	in_dir_
	run_ 0 "$(echo "$1" | sed 's/^retry /retry -n /')" || return 1
	test ! -e sync.elapsed || note_ "retry -n ran the command" || return 1
	short_=$(echo "$1" | sed 's/--splay[= ][^ ]*/--splay=1s/')
	case $short_ in
	*--splay=1s*) ;;
	*) note_ "no --splay to shorten in: $1"; return 1 ;;
	esac
	run_ 0 "$short_" && expect_lines 1 sync.elapsed || return 1
	awk '{ exit !($1 >= 0 && $1 <= 2.5) }' sync.elapsed ||
		note_ "the first attempt started $(cat sync.elapsed) s in, not within the splay of 1s"
}

# A well-behaved client: a 503 asking for 1 s, then a 200, whose body is
# the output; a 404 is not retried.
check_http_client() {
	in_dir_
	at_ 503:Retry-After=1 200
	run_ 0 "$1" && requests_ 2 || return 1
	has_ out '200 OK (request 2)' || return 1
	waited_then_404_ "$1"
}

# The first use: with full jitter, two 503s are retried and the third
# answer's body is the output; curl -f without --http retries a 404 too
# (all 5 attempts), exiting with curl's 22.
check_first_use() {
	in_dir_
	at_ 503 503 200
	run_ 0 "$1" && requests_ 3 && has_ out '200 OK (request 3)' || return 1
	has_ err 'retrying in' || return 1
	in_dir_
	at_ 404
	run_ 22 "$(echo "$1" | sed 's/^retry /retry -d 0 /')" && requests_ 5
}

# A service that is starting: polled until its health check answers,
# within the deadline; one whose answer never comes is stopped at the
# deadline (124).
check_health() {
	in_dir_
	at_ 503 503 503 200
	run_ 0 "$1" && requests_ 4 || return 1
	has_ out '200 OK (request 4)' || return 1
	in_dir_
	at_ 503:sleep=30
	run_ 124 "$(echo "$1" | sed 's/-D 30s/-D 2s/')" || return 1
	test "$ms" -lt 20000 || note_ "a -D 2s poll took ${ms}ms"
}

# Only a gateway's 502 or 503: a 502 is retried, a 500 is not.
check_http_list() {
	in_dir_
	at_ 502 200
	run_ 0 "$1" && requests_ 2 && has_ out '200 OK (request 2)' || return 1
	in_dir_
	at_ 500 200
	run_ 22 "$1" && requests_ 1
}

# apt-get under sudo: retry runs as root, with no limit on attempts
# (RETRY_MAX_ATTEMPTS 0); apt-get gets its arguments.
check_apt_get() {
	in_dir_
	run_ 0 "$1" || return 1
	has_ sudo.argv 'retry ' && expect_lines 1 apt-get.argv || return 1
	test "$(cat apt-get.argv)" = "install -y nginx" ||
		note_ "apt-get got: $(cat apt-get.argv)" || return 1
	test "$(cat apt-get.env)" = "1 0" ||
		note_ "apt-get's RETRY_ATTEMPT and RETRY_MAX_ATTEMPTS: $(cat apt-get.env)"
}

# The clone fails once, then clones.
check_git_clone() {
	in_dir_
	run_ 0 "$1" && expect_lines 2 git.runs || return 1
	test "$(cat project/file 2>/dev/null)" = hello ||
		note_ "project/ was not cloned"
}

# The pipeline: a download cut in half makes tar fail, and the whole
# pipeline is run again.
check_pipeline() {
	in_dir_
	at_ "200:body=$T/half.tgz" "200:body=$T/app.tgz"
	run_ 0 "$1" && requests_ 2 || return 1
	test "$(cat pkg/data 2>/dev/null)" = payload ||
		note_ "the tarball was not unpacked"
}

# The held JSON: after a 503, jq gets the 200's document.
check_hold_jq() {
	in_dir_
	at_ 503 "200:body=$T/items.json"
	run_ 0 "$1" && requests_ 2 || return 1
	"$python_" -c 'import json, sys
sys.exit(json.load(open("out")) != {"items": [1, 2, 3]})' ||
		note_ "jq did not print the document:" "$(cat out)"
}

# The hedge: the first answer stalls for 5 s, the copy started after
# 300 ms gets the second at once; its body alone is written, well before
# the stalled one would have come.
check_hedge() {
	in_dir_
	at_ 200:sleep=5 200
	t0_=$(date +%s)
	run_ 0 "$1" && requests_ 2 && has_ out '200 OK (request 2)' || return 1
	test "$(wc -l <out)" -eq 1 || note_ "more than the winner's:" "$(cat out)" ||
		return 1
	test $(($(date +%s) - t0_)) -lt 4 || note_ "the stalled answer was waited for"
}

# 50 runs at a time on one budget: every item fetched, one after a 503.
check_xargs_budget() {
	in_dir_
	{ mkdir -m 700 xdg && seq 1 5 >ids; } || framework_failure_ "ids"
	at_ 503 200
	run_ 0 "$1" XDG_RUNTIME_DIR="$PWD/xdg" && requests_ 6 || return 1
	for i in 1 2 3 4 5; do
		test -s "$i.json" || note_ "no $i.json" || return 1
		has_ "$T/log" "/v1/items/$i" || return 1
	done
	test -e xdg/retry/api.budget || note_ "no budget file in the store"
}

# The backup's crontab line: a failure is retried; once the circuit is
# open (5 failures in a row, by a run of retry made here to open it), the
# line exits 75 at once without running the program.  $2: the block's
# environment, a file.
check_backup() {
	in_dir_
	cmd_=$1
	set -- XDG_RUNTIME_DIR="$PWD/xdg"
	mkdir -m 700 xdg || framework_failure_ "xdg"
	redis_=
	while IFS= read -r v_; do
		case $v_ in
		RETRY_STORE=redis://*)
			# The host: the test's redis-server, or a closed port.
			redis_=y
			v_=$(echo "$v_" |
				sed "s|\(//\([^@/]*@\)\{0,1\}\)[^/]*|\1127.0.0.1:${redis_port_:-1}|")
			;;
		esac
		set -- "$@" "$v_"
	done <"$env_"
	if test -n "$redis_" && test -n "$no_redis_build"; then
		# The README says: in a build with hiredis.
		run_ 125 "$cmd_" "$@" && expect_runs 0 && has_ err 'no redis: store'
		return
	fi
	if test -n "$redis_" && test -z "$redis_port_"; then
		# No redis-server here: the README says a server that is down is
		# a warning, and the command runs without the budget.
		run_ 0 "$cmd_" "$@" && expect_runs 1 && has_ err 'cannot be used'
		return
	fi
	run_ 0 "$cmd_" "$@" FAILS=1 && expect_runs 2 || return 1
	! grep 'cannot be used' err >/dev/null ||
		note_ "the budget was not used:" "$(cat err)" || return 1
	if test -n "$redis_"; then
		db_=$(sed -n 's|^RETRY_STORE=redis://.*/\([0-9]*\)$|\1|p' "$env_")
		pw_=$(sed -n 's/^RETRY_STORE_PASSWORD=//p' "$env_")
		port=$redis_port_
		test "$(rcli_ -a "$pw_" -n "${db_:-0}" exists retry:{backup}:budget)" = 1 ||
			note_ "no budget in redis DB ${db_:-0}:" "$(cat err)" || return 1
	else
		test -e xdg/retry/backup.budget || note_ "no budget file" || return 1
	fi
	env "$@" "$RETRY" --budget=backup --breaker=5/10m -a 5 -d 0 -q -- false
	rm -f runs
	run_ 75 "$cmd_" "$@" && expect_runs 0 || return 1
	test "$ms" -lt 2000 || note_ "an open circuit took ${ms}ms to give up"
}

# The CI step (a YAML "run:" line): in GitHub Actions, with stderr a pipe
# as a runner's, a failed attempt and the one after it each under a group,
# the retry a warning; make's output inside the groups.
check_ci_step() {
	in_dir_
	printf 'integration-test:\n\tsh %s/flaky.sh 1\n' "$T" >Makefile
	env PATH="$T/bin:$PATH" GITHUB_ACTIONS=true sh -c "$1" 2>&1 | cat >log
	expect_runs 2 || return 1
	for l_ in '::group::retry: make: attempt 1/3' '::endgroup::' \
	    '::warning::retry: make: attempt 1/3 failed (exit status 2)' \
	    '::group::retry: make: attempt 2/3, after attempt 1 failed (exit status 2)'; do
		has_ log "$l_" || return 1
	done
	# The README shows these lines, in this order.
	grep -e '^::' log | sed 's/retrying in .*/retrying in/' >got
	printf '%s\n' '::group::retry: make: attempt 1/3' '::endgroup::' \
	    '::warning::retry: make: attempt 1/3 failed (exit status 2); retrying in' \
	    '::group::retry: make: attempt 2/3, after attempt 1 failed (exit status 2)' \
	    '::endgroup::' >want
	cmp -s got want || note_ "the markers are not the README's:" "$(cat log)"
}

# The metrics crontab line: each run counted in the .prom file, which
# promtool (where there is one) takes as Prometheus text.
check_metrics_cron() {
	in_dir_
	mkdir prom || framework_failure_ "prom"
	cmd_=$(echo "$1" | sed "s|/var/lib/node_exporter/|$PWD/prom/|")
	run_ 0 "$cmd_" FAILS=2 && expect_runs 3 || return 1
	run_ 0 "$cmd_" && expect_runs 4 || return 1
	has_ prom/backup.prom 'retry_runs_total{command="backup"} 2' &&
		has_ prom/backup.prom 'retry_attempts_total{command="backup"} 4' &&
		has_ prom/backup.prom 'retry_give_ups_total{command="backup"} 0' ||
		return 1
	if command -v promtool >/dev/null 2>&1; then
		promtool check metrics <prom/backup.prom >promtool.out 2>&1 ||
			note_ "promtool:" "$(cat promtool.out)"
	fi
}

# A redis-server for the block whose RETRY_STORE is redis://, where there
# is one and retry has the redis: store; lib-redis.sh would skip otherwise.
redis_port_='' no_redis_build=''
case $("$RETRY" -n --budget=x --store=redis://127.0.0.1:1 2>&1) in
*"no redis: store"*) no_redis_build=y ;;
esac
if test -z "$no_redis_build" && command -v redis-server >/dev/null 2>&1 &&
	command -v redis-cli >/dev/null 2>&1; then
	# shellcheck source=lib-redis.sh
	. "$TESTS_DIR/lib-redis.sh"
	pw_=$(sed -n 's/^RETRY_STORE_PASSWORD=//p' cmds/*.env | head -n 1)
	start_redis_ --requirepass "${pw_:-...}"
	redis_port_=$port
fi

n=0
for f in cmds/*.cmd; do
	test -e "$f" || break
	n=$((n + 1))
	line=$(cat "$f")
	env_=$T/${f%.cmd}.env
	# A crontab line: its command follows the five time fields.
	cmd=$(echo "$line" | sed -E 's/^([0-9*\/,-]+[[:space:]]+){5}//')
	cmd=$(echo "$cmd" | sed "s|/usr/local/bin/|$T/local/|g")
	# A CI step's YAML: its command follows "run:".
	cmd=$(echo "$cmd" | sed -E 's/^[[:space:]]*run:[[:space:]]+//')
	case $cmd in
	"retry --jitter=full -- curl -fsS https://example.org/x")
		check_first_use "$cmd" ;;
	"retry "*"-- curl -fsS https://example.com/health")
		check_health "$cmd" ;;
	"retry "*"-- curl "*" -O https://example.com/app.tgz")
		check_ci_download "$cmd" ;;
	"retry "*"-- make integration-test")
		check_flaky_step "$cmd" ;;
	"retry "*"-- $T/local/sync")
		check_cron_splay "$cmd" ;;
	"retry "*"--http=502,503 -- curl -fsS -D /dev/stderr https://example.com/x")
		check_http_list "$cmd" ;;
	"retry "*"--http "*"-- curl -fsS -D /dev/stderr https://example.com/x")
		check_http_client "$cmd" ;;
	"sudo retry "*" -- apt-get install -y nginx")
		check_apt_get "$cmd" ;;
	"retry "*"-- git clone https://example.com/project.git")
		check_git_clone "$cmd" ;;
	"retry "*"-- sh -c 'curl -fsS https://example.com/d.tgz | tar -xzf -'")
		check_pipeline "$cmd" ;;
	"retry "*"--stdout=hold -- curl -fsS https://example.com/api/items | jq .")
		check_hold_jq "$cmd" ;;
	"retry --hedge="*" -- curl -fsS https://mirror.example/pkg.json")
		check_hedge "$cmd" ;;
	"xargs "*" retry --budget=api "*" -- curl "*"https://api.example.com/v1/items/{} <ids")
		check_xargs_budget "$cmd" ;;
	"retry "*"-- make integration-test 2>&1")
		check_ci_step "$cmd" ;;
	"retry "*"--metrics="*" -- $T/local/backup")
		check_metrics_cron "$cmd" ;;
	"retry --budget=backup "*" -- $T/local/push-backup")
		check_backup "$cmd" ;;
	*)
		note_ "README.md line with no check here: $line"
		false ;;
	esac || { note_ "README.md: $line"; fail=1; }
	cd "$T" || framework_failure_ "cd"
done
# The README has a dozen; finding none means the reading is broken.
test "$n" -ge 10 || note_ "only $n retry commands found in $readme" || fail=1

Exit "$fail"
