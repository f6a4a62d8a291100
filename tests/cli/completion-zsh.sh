#!/bin/sh
# SPDX-License-Identifier: ISC
# zsh completion, in a real interactive zsh driven through tmux: Tab after
# an option prefix and after an option that takes a value.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v zsh >/dev/null 2>&1 || skip_ "zsh is not installed"
command -v tmux >/dev/null 2>&1 || skip_ "tmux is not installed"
mkdir fpath && cp "$TESTS_DIR/../../completions/_retry" fpath/ ||
	framework_failure_ "cannot copy _retry"
cat >zshrc <<'ZEOF'
fpath=($PWD/fpath $fpath)
autoload -U compinit && compinit -u -D
PS1='$ '
ZEOF
sock=$PWD/tmux.sock
tmux -S "$sock" -f /dev/null new-session -d -s t -x 200 -y 30 \
	"cd '$PWD' && exec zsh -d -f -i" 2>/dev/null ||
	skip_ "tmux could not start a session"
trap 'tmux -S "$sock" kill-server 2>/dev/null; cd / && rm -rf "$test_dir_"' EXIT

screen_() { tmux -S "$sock" capture-pane -p -t t; }
# try_ KEYS WANT: type KEYS, press Tab, wait for WANT on the screen
try_() {
	tmux -S "$sock" send-keys -t t C-u
	tmux -S "$sock" send-keys -t t -l -- "$1"
	tmux -S "$sock" send-keys -t t Tab
	i=0
	while [ $i -lt 50 ]; do
		screen_ | grep -q -- "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	note_ "'$1<Tab>' did not show '$2':" "$(screen_ | grep -v '^$' | tail -n 5)"
}
tmux -S "$sock" send-keys -t t -l -- 'source ./zshrc; touch ready'
tmux -S "$sock" send-keys -t t Enter
i=0
while [ ! -e ready ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
test -e ready || framework_failure_ "zsh did not start in tmux"
try_ 'retry --strat' 'retry --strategy=' || fail=1
try_ 'retry --strategy=' 'fibonacci' || fail=1
try_ 'retry --stdout=' 'hold' || fail=1
try_ 'retry --outp' 'retry --output=' || fail=1
try_ 'retry --output=' 'retry --output=on-failure' || fail=1
try_ 'retry --output=on-failure:a' 'retry --output=on-failure:all' || fail=1
try_ 'retry --output=on-failure:l' 'retry --output=on-failure:last' || fail=1
try_ 'retry --store=' 'redis://' || fail=1
try_ 'retry --store=' 'rediss://' || fail=1
exit $fail
