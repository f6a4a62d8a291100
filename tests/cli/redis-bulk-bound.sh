#!/bin/sh
# SPDX-License-Identifier: ISC
# A hostile redis: store that announces a bulk string of 2 GB
# ($2000000000) and sends zeros: retry refuses the length as soon as it
# reads it, before a byte of the string is kept, warns once and runs the
# command as without a budget, its status kept. Its peak RSS stays within
# 10 MB of a run with no server (before, the reply reader kept the zeros:
# 180 MB and more). The
# same for a line that never ends and an array of 2 G elements.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

# The server: on each connection, once the client has sent its commands,
# what ./mode says, then 256 MB of filler in 1 MB writes, or less if the
# client goes first.
"$python_" -c "$listener_py_"'
heads = {"bulk": (b"$2000000000\r\n", 0), "line": (b"+", 97),
    "array": (b"*2000000000\r\n", 0)}
for c in conns():
    try:
        c.recv(65536)
        head, byte = heads[open("mode").read().strip()]
        c.sendall(head)
        filler = bytes([byte]) * (1 << 20)
        for i in range(256):
            c.sendall(filler)
    except OSError:
        pass
    c.close()
' 9>&- &
bg_ $!
wait_lines_ 1 port || framework_failure_ "the hostile server did not start"

# peak.py CMD...: run CMD (killed after 20 s), write its peak RSS in KiB
# to ./peak, exit with its status. No timeout(1) between: its kill would
# leave retry's usage uncounted.
cat >peak.py <<'EOF' || framework_failure_ "cannot write peak.py"
import resource, subprocess, sys
try:
    r = subprocess.run(sys.argv[1:], timeout=20).returncode
except subprocess.TimeoutExpired:
    r = 124
open("peak", "w").write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(r)
EOF

# The same run against a port where nothing listens: what retry and its
# store take anyway (1.5 MB; 20 MB and more under a sanitizer, whose
# shadow memory counts). A hostile reply may add 10 MB at the most.
"$python_" peak.py "$RETRY" -a 1 --budget=h --store=redis://127.0.0.1:1 \
	-- sh -c 'exit 3' 2>err
base=$(cat peak)
case $base in
'' | *[!0-9]*) framework_failure_ "no peak RSS for the plain run" ;;
esac

for mode in bulk line array; do
	echo "$mode" >mode
	rm -f runs
	timed_ 3 "$python_" peak.py "$RETRY" -a 1 --budget=h \
		--store="redis://127.0.0.1:$(cat port)" -- \
		sh -c 'echo . >>runs; exit 3' 2>err || fail=1
	expect_runs 1 || fail=1
	case $mode in
	bulk) why='a string longer than allowed' ;;
	line) why='a line longer than allowed' ;;
	array) why='an array longer than allowed' ;;
	esac
	grep -q "budget h cannot be used (.*a reply refused: $why" err ||
		note_ "$mode: no warning about the reply:" "$(cat err)" || fail=1
	test "$(grep -c 'cannot be used' err)" -eq 1 ||
		note_ "$mode: not one warning:" "$(cat err)" || fail=1
	test "$(cat peak)" -lt $((base + 10240)) ||
		note_ "$mode: retry's peak RSS was $(cat peak) KiB, against" \
			"$base KiB without a server" || fail=1
	test "$ms" -lt 5000 || note_ "$mode: the run took $ms ms" || fail=1
done

Exit "$fail"
