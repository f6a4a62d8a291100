# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the tests of the redis: store on a Redis Cluster, sourced
# after lib.sh, lib-supervise.sh and lib-redis.sh: masters (and replicas)
# on free loopback ports, each with its cluster bus on PORT + 10000, nothing
# saved, all stopped when the test exits.

# free_cluster_ports_ N: N free loopback ports whose bus port (+ 10000) is
# free too, one a line.
free_cluster_ports_() {
	"$python_" -c 'import socket, sys
n, held, out = int(sys.argv[1]), [], []
while len(out) < n:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    held.append(s)
    p = s.getsockname()[1]
    if p + 10000 > 65535:
        continue
    b = socket.socket()
    try:
        b.bind(("127.0.0.1", p + 10000))
    except OSError:
        continue
    held.append(b)
    out.append(p)
print("\n".join(map(str, out)))' "$1"
}

# start_nodes_ PORT...: cluster-enabled redis-servers on PORTs, waited for.
start_nodes_() {
	for sn_p_ in "$@"; do
		redis-server --port "$sn_p_" --bind 127.0.0.1 --cluster-enabled yes \
			--cluster-config-file "$PWD/nodes-$sn_p_.conf" \
			--cluster-node-timeout 500 --save '' --appendonly no \
			--repl-diskless-sync-delay 0 --daemonize no \
			--logfile "$PWD/node-$sn_p_.log" 9>&- &
		bg_ $!
		eval "node_pid_$sn_p_=\$!"
	done
	sn_i_=0
	for sn_p_ in "$@"; do
		until test "$(ccli_ "$sn_p_" ping 2>/dev/null)" = PONG; do
			sn_i_=$((sn_i_ + 1))
			test $sn_i_ -lt 100 || framework_failure_ \
				"redis-server $sn_p_ did not start:" "$(cat "node-$sn_p_.log")"
			sleep 0.05
		done
	done
}

# node_pid_ PORT: the pid of the node on PORT.
node_pid_() { eval "echo \$node_pid_$1"; }

# ccli_ PORT ARG...: redis-cli against the node on PORT (no -c: a reply
# MOVED is an error, which tells which node owns a key).
ccli_() { cc_p_=$1; shift; redis-cli -p "$cc_p_" "$@"; }

# start_cluster_ [N]: three masters that share the 16384 slots, and N more
# nodes (default 0) in no cluster yet; $masters is the masters' ports, $m1
# $m2 $m3 each one, $spares the other nodes' ports.  (A master says it is ok
# 2 s after it started at the earliest.)
start_cluster_() {
	sc_ports_=$(free_cluster_ports_ $((3 + ${1:-0})) | tr '\n' ' ') ||
		framework_failure_ "cannot find free ports"
	# shellcheck disable=SC2086 # one word per port
	set -- $sc_ports_
	m1=$1 m2=$2 m3=$3
	masters="$1 $2 $3"
	shift 3
	spares=$*
	# shellcheck disable=SC2086 # one word per port
	start_nodes_ $masters $spares
	redis-cli --cluster create "127.0.0.1:$m1" "127.0.0.1:$m2" "127.0.0.1:$m3" \
		--cluster-replicas 0 --cluster-yes >cluster-create.log 2>&1 ||
		framework_failure_ "redis-cli --cluster create failed:" \
			"$(cat cluster-create.log)"
	# shellcheck disable=SC2086 # one word per port
	wait_cluster_ok_ $masters
}

# wait_cluster_ok_ PORT...: wait (10 s at most) until every node on PORT
# says cluster_state:ok.
wait_cluster_ok_() {
	wc_i_=0
	for p_ in "$@"; do
		until ccli_ "$p_" cluster info | grep -q '^cluster_state:ok'; do
			wc_i_=$((wc_i_ + 1))
			test $wc_i_ -lt 200 || framework_failure_ "the cluster is not ok:" \
				"$(ccli_ "$p_" cluster info)" "$(ccli_ "$p_" cluster nodes)"
			sleep 0.05
		done
	done
}

# node_id_ PORT: the cluster node id of the node on PORT.
node_id_() { ccli_ "$1" cluster myid; }

# slot_of_ KEY: KEY's hash slot.
slot_of_() { ccli_ "$m1" cluster keyslot "$1"; }

# owner_ SLOT [PORT]: the port of the master that owns SLOT, as the node on
# PORT (default $m1) sees it.
owner_() {
	ccli_ "${2:-$m1}" cluster nodes | awk -v s="$1" '
	$3 ~ /master/ && $3 !~ /fail/ {
		a = $2; sub(/@.*/, "", a); sub(/.*:/, "", a)
		for (i = 9; i <= NF; i++) {
			if ($i ~ /^\[/) continue
			n = split($i, r, "-")
			if (s + 0 >= r[1] + 0 && s + 0 <= r[n] + 0) print a
		}
	}'
}

# master_but_ PORT...: a master that is none of the PORTs.
master_but_() {
	for mb_p_ in $masters; do
		case " $* " in
		*" $mb_p_ "*) ;;
		*) echo "$mb_p_"; return 0 ;;
		esac
	done
	return 1
}

# start_replica_ MASTER-PORT: the first of $spares made a replica of the
# master on MASTER-PORT, waited for until its link to the master is up and
# every master knows it; $replica is its port.
start_replica_() {
	replica=${spares%% *}
	test -n "$replica" || framework_failure_ "no spare node for a replica"
	ccli_ "$replica" cluster meet 127.0.0.1 "$1" >/dev/null ||
		framework_failure_ "CLUSTER MEET failed"
	sr_id_=$(node_id_ "$1")
	sr_i_=0
	# The replica must first learn the master's id from the gossip.
	until test "$(ccli_ "$replica" cluster replicate "$sr_id_" 2>&1)" = OK; do
		sr_i_=$((sr_i_ + 1))
		test $sr_i_ -lt 200 || framework_failure_ "CLUSTER REPLICATE failed"
		sleep 0.05
	done
	until ccli_ "$replica" info replication | grep -q 'master_link_status:up'; do
		sr_i_=$((sr_i_ + 1))
		test $sr_i_ -lt 200 || framework_failure_ "the replica did not sync:" \
			"$(ccli_ "$replica" info replication)"
		sleep 0.05
	done
	# And every master must know it, or none votes for it in a failover.
	for p_ in $masters; do
		until ccli_ "$p_" cluster nodes | grep -q ":$replica@.* slave $sr_id_ "; do
			sr_i_=$((sr_i_ + 1))
			test $sr_i_ -lt 200 || framework_failure_ "$p_ does not know the replica:" \
				"$(ccli_ "$p_" cluster nodes)"
			sleep 0.05
		done
	done
}
