#!/bin/sh
# SPDX-License-Identifier: ISC
# The SPEC's bound on a Redis Cluster of three masters, with the store's URL
# naming a node that does not own the budget's slot: 12 concurrent runs
# whose attempts all fail make at most N + burst + ratio x N + rate x T + 1
# attempts, every run exits with the command's status, none goes without
# the budget, and the keys retry:{NAME}:* are on the node that owns the
# slot (MOVED was followed).  Then again while the slot moves to another
# master in the middle of the runs: the runs meet ASK (the new owner sees
# ASKING), then MOVED, and nothing changes for them; and while it moves
# back one key at a time, so that the runs meet TRYAGAIN for 100 ms.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"
# shellcheck source=lib-cluster.sh
. "$TESTS_DIR/lib-cluster.sh"

start_cluster_
n=12

# herd_ NAME URL ARG...: n concurrent runs of retry ARG... on the budget
# NAME, each attempt failing with status 3 (after $attempt_sleep seconds
# when set); their attempts go to NAME.runs, their stderr to NAME.err,
# their statuses to NAME.statuses, and the time they all took in ms to $ms.
herd_() {
	h_name_=$1 h_url_=$2
	shift 2
	h_i_=0 h_pids_=
	t0_=$(now_ms)
	while test $h_i_ -lt $n; do
		( "$RETRY" --budget="$h_name_" --store="$h_url_" "$@" \
			-- sh -c "echo . >>$h_name_.runs; ${attempt_sleep:+sleep $attempt_sleep;} exit 3" \
			2>>"$h_name_.err"
		  echo $? >>"$h_name_.statuses" ) &
		h_pids_="$h_pids_ $!"
		h_i_=$((h_i_ + 1))
	done
	# Not a bare wait: the servers are children too.
	# shellcheck disable=SC2086
	wait $h_pids_
	ms=$(($(now_ms) - t0_))
}

# check_herd_ NAME MAX: NAME's runs made at most MAX attempts and at least
# n + burst (5), all exited 3, and none said a word about the store.
check_herd_() {
	ch_=0
	runs=$(nlines "$1.runs")
	test "$runs" -le "$2" || note_ "$1: $runs attempts: above the bound of $2" ||
		ch_=1
	test "$runs" -ge $((n + 5)) || note_ "$1: $runs attempts: the burst was not used" ||
		ch_=1
	test "$(sort -u "$1.statuses")" = 3 ||
		note_ "$1: every run should exit 3:" "$(sort "$1.statuses" | uniq -c)" ||
		ch_=1
	if grep -q 'warning\|cannot be used' "$1.err"; then
		note_ "$1: a run went without the budget:" "$(grep -m 5 'warning' "$1.err")"
		ch_=1
	fi
	return $ch_
}

# keys_on_ PORT NAME: the node on PORT has NAME's budget (and is the one
# that owns its slot: redis-cli without -c says MOVED otherwise).
keys_on_() {
	test "$(ccli_ "$1" exists "retry:{$2}:budget")" = 1 ||
		note_ "retry:{$2}:budget is not on $1:" \
			"$(ccli_ "$1" exists "retry:{$2}:budget" 2>&1)" \
			"$(ccli_ "$1" cluster nodes)"
}

# 1. A stable cluster: the URL names a node that does not own the slot.
slot=$(slot_of_ 'retry:{b}:budget')
owner=$(owner_ "$slot")
test -n "$owner" || framework_failure_ "no owner for slot $slot"
other=$(master_but_ "$owner")
herd_ b "redis://127.0.0.1:$other" -a 5 -d 10ms -c 200ms \
	--budget-burst=5 --budget-ratio=0.1 --budget-rate=0/s --budget-wait=200ms
# 12 + 5 + 1 (0.1 x 12) + 0 + 1
check_herd_ b 19 || fail=1
keys_on_ "$owner" b || fail=1
for p in $masters; do
	test "$p" = "$owner" || test "$(ccli_ "$p" dbsize)" = 0 ||
		note_ "$p, which does not own slot $slot, has keys:" \
			"$(ccli_ "$p" keys '*')" || fail=1
done

# 2. The slot of {m} moves from its owner to the third master while the
# runs go on, as `redis-cli --cluster reshard` moves it.  migrate.py waits
# until the budget exists, opens the slot (IMPORTING on the new owner,
# MIGRATING on the old), MIGRATEs the keys, keeps the slot open until the
# new owner sees an ASKING (a run followed ASK; 3 s at most), then gives
# the slot to the new owner on every master.  With "split", it MIGRATEs
# the keys one at a time and, after the first, waits until a node has
# answered TRYAGAIN (a script whose keys are on both nodes; 3 s at most),
# then 100 ms more: a call asks again within its 250 ms.
cat >migrate.py <<'EOF' || framework_failure_ "cannot write migrate.py"
import socket, sys, time

slot, src, dst = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
others, key = [int(p) for p in sys.argv[4].split()], sys.argv[5]
split = sys.argv[6] == "split"

class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.f = self.s.makefile("rb")
    def send(self, *args):
        args = [a if isinstance(a, bytes) else str(a).encode() for a in args]
        self.s.sendall(b"*%d\r\n" % len(args) + b"".join(
            b"$%d\r\n%s\r\n" % (len(a), a) for a in args))
    def read(self):
        line = self.f.readline()
        t, rest = line[:1], line[1:-2]
        if t == b"+":
            return rest.decode()
        if t == b"-":
            raise RuntimeError(rest.decode())
        if t == b":":
            return int(rest)
        if t == b"$":
            return None if int(rest) < 0 else self.f.read(int(rest) + 2)[:-2].decode()
        if t == b"*":
            return None if int(rest) < 0 else [self.read() for _ in range(int(rest))]
        raise RuntimeError("bad reply %r" % line)
    def cmd(self, *args):
        self.send(*args)
        return self.read()

def tryagains():
    n = 0
    for c in s, d:
        for line in c.cmd("INFO", "errorstats").splitlines():
            if line.startswith("errorstat_TRYAGAIN:count="):
                n += int(line.split("=")[1])
    return n

s, d = Conn(src), Conn(dst)
end = time.time() + 10
while not s.cmd("EXISTS", key):
    if time.time() > end:
        sys.exit("the budget was never made")
    time.sleep(0.005)
mon = Conn(dst)
assert mon.cmd("MONITOR") == "OK"
mon.s.settimeout(0.001)
sid, did = s.cmd("CLUSTER", "MYID"), d.cmd("CLUSTER", "MYID")
t0 = time.time()
d.cmd("CLUSTER", "SETSLOT", slot, "IMPORTING", sid)
s.cmd("CLUSTER", "SETSLOT", slot, "MIGRATING", did)
moved, again = [], 0
while True:
    keys = s.cmd("CLUSTER", "GETKEYSINSLOT", slot, 100)
    if not keys:
        break
    if split:
        keys = keys[:1]
    s.cmd("MIGRATE", "127.0.0.1", dst, "", 0, 5000, "KEYS", *keys)
    moved += keys
    end = time.time() + 3
    while split and len(moved) == 1 and not again and time.time() < end:
        time.sleep(0.002)
        again = tryagains()
    if split and len(moved) == 1:
        time.sleep(0.1)
asking, buf, end = 0, b"", time.time() + 3
while not split and not asking and time.time() < end:
    try:
        buf += mon.s.recv(65536)
    except socket.timeout:
        continue
    asking = buf.upper().count(b'"ASKING"')
for c in [d, s] + [Conn(p) for p in others]:
    c.cmd("CLUSTER", "SETSLOT", slot, "NODE", did)
print("moved %s; ASKING %d; TRYAGAIN %d; slot open %d ms"
      % (" ".join(sorted(moved)), asking, again, (time.time() - t0) * 1000), flush=True)
EOF

# migrate_ MODE NAME FROM TO: the slot of {NAME} moves from the master on
# FROM to the one on TO (migrate.py MODE) while n runs of NAME go on.
# Their attempts last 50 ms, so that each run still has calls to make
# when the slot has moved.
migrate_() {
	for p in $masters; do
		ccli_ "$p" config resetstat >/dev/null
	done
	"$python_" migrate.py "$slot" "$3" "$4" "$(master_but_ "$3" "$4")" \
		"retry:{$2}:budget" "$1" >"$2.migrate" 2>&1 9>&- &
	mpid=$!
	bg_ $mpid
	attempt_sleep=0.05 herd_ "$2" "redis://127.0.0.1:$other" -a 4 -d 10ms \
		--budget-burst=5 --budget-ratio=0.1 --budget-rate=20/s --budget-wait=150ms
	wait $mpid || framework_failure_ "the slot did not move:" "$(cat "$2.migrate")"
}

# errors_ PORT ERROR: how many times the node on PORT answered ERROR.
errors_() {
	ccli_ "$1" info errorstats |
		sed -n "s/^errorstat_$2:count=\([0-9]*\).*/\1/p" | grep . || echo 0
}

# moved_ NAME TO: every master sees the slot of {NAME} on the master on TO,
# which has NAME's budget, and no other master has a key of the slot.
moved_() {
	keys_on_ "$2" "$1" || return 1
	for p in $masters; do
		test "$(owner_ "$slot" "$p")" = "$2" ||
			note_ "$p does not see $2 as the owner of $slot:" \
				"$(ccli_ "$p" cluster nodes)" || return 1
		test "$p" = "$2" ||
			test "$(ccli_ "$p" cluster countkeysinslot "$slot")" = 0 ||
			note_ "keys of slot $slot left on $p:" \
				"$(ccli_ "$p" cluster getkeysinslot "$slot" 10)" || return 1
	done
}

slot=$(slot_of_ 'retry:{m}:budget')
owner=$(owner_ "$slot")
test -n "$owner" || framework_failure_ "no owner for slot $slot"
other=$(master_but_ "$owner")
new=$(master_but_ "$owner" "$other")
migrate_ whole m "$owner" "$new"
# 12 + 5 + 1 (0.1 x 12) + 20 x T + 1
check_herd_ m $((19 + 20 * ms / 1000)) || fail=1
grep -q '^moved .*retry:{m}:budget.*; ASKING [1-9]' m.migrate ||
	note_ "no run followed ASK while the slot moved:" "$(cat m.migrate)" || fail=1
# ASK while the keys were on their way, MOVED once the slot had moved:
# a run that still asks the old owner (a late one, so that one surely
# does, however the herd's runs fell around the move) is sent on.
test "$(errors_ "$owner" ASK)" -ge 1 ||
	note_ "the old owner never answered ASK:" "$(cat m.migrate)" || fail=1
returns_ 0 "$RETRY" --budget=m --store="redis://127.0.0.1:$owner" -- true \
	2>late.err || fail=1
grep -q 'cannot be used' late.err &&
	{ note_ "the late run went without the budget:" "$(cat late.err)"; fail=1; }
test "$(errors_ "$owner" MOVED)" -ge 1 ||
	note_ "no run met MOVED after the slot moved:" "$(cat m.migrate)" || fail=1
moved_ m "$new" || fail=1

# 3. The slot moves back one key at a time: the runs meet TRYAGAIN, and
# nothing changes for them either.
for f in runs statuses err migrate; do
	mv "m.$f" "m1.$f" || framework_failure_ "cannot keep m.$f"
done
migrate_ split m "$new" "$owner"
check_herd_ m $((19 + 20 * ms / 1000)) || fail=1
grep -q '^moved .*; TRYAGAIN [1-9]' m.migrate ||
	note_ "no run met TRYAGAIN while the slot moved:" "$(cat m.migrate)" || fail=1
moved_ m "$owner" || fail=1

Exit "$fail"
