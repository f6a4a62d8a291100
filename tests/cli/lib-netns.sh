# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the tests that need network namespaces of their own (a
# resolver that never answers, a store that is not on loopback), sourced
# after lib.sh and lib-supervise.sh.  They need root and `ip netns`, and
# skip otherwise.  Each namespace, and its /etc/netns/NAME, is named after
# the test's pid and removed when the test exits.

test "$(id -u)" = 0 || skip_ "network namespaces need root"
command -v ip >/dev/null 2>&1 || skip_ "ip (iproute2) is not installed"
netns_prefix_=retry-$$
ip netns add "$netns_prefix_-probe" 2>/dev/null ||
	skip_ "cannot make a network namespace (ip netns add)"
ip netns del "$netns_prefix_-probe"

# netns_ NS: a network namespace NS (named $netns_prefix_-SOMETHING) with lo
# up, removed at exit with its /etc/netns/NS.
netns_() {
	ip netns add "$1" || framework_failure_ "cannot add netns $1"
	at_exit_ "ip netns del $1 2>/dev/null; rm -rf /etc/netns/$1"
	ip -n "$1" link set lo up || framework_failure_ "cannot set lo up in $1"
}

# netns_etc_ NS FILE CONTENT: /etc/FILE is CONTENT for what runs in NS.
netns_etc_() {
	{ mkdir -p "/etc/netns/$1" && printf '%s\n' "$3" >"/etc/netns/$1/$2"; } ||
		framework_failure_ "cannot write /etc/netns/$1/$2"
}
