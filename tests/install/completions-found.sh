#!/bin/sh
# SPDX-License-Identifier: ISC
# completions-found.sh PREFIX: after retry is installed under PREFIX ('make
# install', or the Debian package for /usr), bash, zsh and fish, each
# started clean (no rc files, an empty HOME), find retry's completion in
# the installed place by their own search and complete 'retry --jit'.
# Not part of 'make check': it needs an installed retry. Run by .ci/run.
set -u

prefix=${1:?usage: completions-found.sh PREFIX}
prefix=${prefix%/}
share=$prefix/share
bash_file=$share/bash-completion/completions/retry
# fish reads no directory under /usr/local (XDG_DATA_DIRS unset): an
# install to /usr/local puts its file in fish's own (configure.ac).
if [ "$prefix" = /usr/local ]; then
	fish_file=$(pkg-config --variable=completionsdir fish)/retry.fish
else
	fish_file=$share/fish/vendor_completions.d/retry.fish
fi
# Debian's zsh searches vendor-completions for packages and
# /usr/local/share/zsh/site-functions for local installs (configure.ac).
if [ "$prefix" = /usr ]; then
	zsh_file=$share/zsh/vendor-completions/_retry
else
	zsh_file=$share/zsh/site-functions/_retry
fi

fail=0
tmp=$(mktemp -d) || exit 1
trap 'tmux -S "$tmp/tmux.sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir "$tmp/home"
# A clean environment: only what a login would give, and no XDG_DATA_DIRS.
clean_env() {
	env -i HOME="$tmp/home" PATH=/usr/local/bin:/usr/bin:/bin \
	    TERM=xterm LANG=C.UTF-8 "$@"
}
# report SHELL FOUND WANT GOT: compare, say what happened.
report() {
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: completion loaded from '$2', not $3"
		fail=1
	fi
	case $4 in
	*--jitter*) echo "ok   $1: $2: 'retry --jit' -> $4" ;;
	*) echo "FAIL $1: 'retry --jit' completed to '$4'"; fail=1 ;;
	esac
}

for f in "$bash_file" "$zsh_file" "$fish_file"; do
	test -f "$f" || { echo "FAIL not installed: $f"; fail=1; }
done

# bash: what readline does on Tab for a command that has no completion
# yet: the default (-D) completion, bash-completion's loader, which looks
# the command up on its search path and sources the file; then the
# function that file registered. extdebug makes declare -F name its file.
clean_env bash --norc --noprofile -i -c '
	. /usr/share/bash-completion/bash_completion
	COMP_WORDS=(retry --jit) COMP_CWORD=1
	COMP_LINE="retry --jit" COMP_POINT=11
	loader=$(complete -p -D) && loader=${loader#*-F } && loader=${loader%% *}
	"$loader" retry --jit retry
	spec=$(complete -p retry) || exit 1
	func=${spec#*-F } func=${func%% *}
	shopt -s extdebug
	set -- $(declare -F "$func")
	printf "%s\n" "$3"
	COMPREPLY=()
	"$func" retry --jit retry
	printf "%s\n" "${COMPREPLY[*]}"
' >"$tmp/bash.out" 2>"$tmp/bash.err"
report bash "$(sed -n 1p "$tmp/bash.out")" "$bash_file" \
    "$(sed -n 2p "$tmp/bash.out")"
test -s "$tmp/bash.out" || sed 's/^/  bash: /' "$tmp/bash.err"

# zsh: an interactive zsh -f (its compiled-in fpath) in a tmux pane,
# compinit, then a real Tab. compinit maps 'retry' to _retry through the
# '#compdef' line of the first _retry on fpath; whence -v names that file.
sock=$tmp/tmux.sock
if clean_env tmux -S "$sock" -f /dev/null new-session -d -s z -x 200 -y 30 \
    "cd '$tmp' && exec zsh -f -i"; then
	tmux -S "$sock" send-keys -t z -l -- "PS1='$ '; autoload -U compinit && compinit -u -D; autoload +X _retry; { print -r -- \${_comps[retry]}; whence -v _retry } >zsh.out"
	tmux -S "$sock" send-keys -t z Enter
	i=0
	while [ ! -s "$tmp/zsh.out" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	tmux -S "$sock" send-keys -t z C-l
	tmux -S "$sock" send-keys -t z -l -- 'retry --jit'
	tmux -S "$sock" send-keys -t z Tab
	i=0 got=
	while [ $i -lt 50 ]; do
		got=$(tmux -S "$sock" capture-pane -p -t z | grep -o 'retry --jit[^ ]*' | tail -n 1)
		case $got in *--jitter*) break ;; esac
		sleep 0.1
		i=$((i + 1))
	done
	comp=$(sed -n 1p "$tmp/zsh.out")
	test "$comp" = _retry || { echo "FAIL zsh: retry's completion is '$comp', not _retry"; fail=1; }
	report zsh "$(sed -n 's/^_retry is .* from //p' "$tmp/zsh.out")" "$zsh_file" \
	    "${got#retry }"
else
	echo "FAIL zsh: tmux could not start a session"
	fail=1
fi

# fish: started as a user's fish is, with XDG_DATA_DIRS unset; complete -C
# autoloads the first retry.fish on $fish_complete_path.
clean_env fish -c '
	for d in $fish_complete_path
		test -f $d/retry.fish; and echo $d/retry.fish; and break
	end
	complete -C "retry --jit" | cut -f1 | string join " "
' >"$tmp/fish.out" 2>"$tmp/fish.err"
found=$(sed -n 1p "$tmp/fish.out")
got=$(sed -n 2p "$tmp/fish.out")
report fish "$found" "$fish_file" "$got"
test -s "$tmp/fish.out" || sed 's/^/  fish: /' "$tmp/fish.err"

exit $fail
