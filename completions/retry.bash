# SPDX-License-Identifier: ISC
# bash completion for retry(1)                            -*- shell-script -*-
#
# Options and their values up to the command; from the command on, the
# rest of the line is completed as that command's own (as util-linux's
# setsid and bash-completion's timeout do, with _command_offset).

# Does the word w, an option, take the next word as its value?
_retry_takes_value()
{
	local w=$1 name o i c
	local short_arg=abcdfjkmrstxD
	local long_arg='attempts times strategy base cap factor jitter delay
		deadline max-time timeout idle-timeout hedge hedge-max kill-after
		signal retry-on while
		stop-on success-on until splay seed message log-format stdin
		stdout retry-if-output stop-if-output fail-if-output on-retry
		on-give-up on-recover budget store budget-burst budget-ratio
		budget-rate budget-wait breaker ci metrics metrics-label ci-dotenv
		successes uncounted reset-after max-server-wait output'
	# --http takes its LIST only as --http=LIST, never the next word.
	local long_noarg='foreground dry-run quiet verbose help version http'

	case $w in
	--*=*) return 1 ;;
	--?*)
		# getopt_long takes unambiguous abbreviations: a prefix counts
		# when it names options with a value only.
		name=${w#--}
		for o in $long_noarg; do
			[[ $o == "$name"* ]] && return 1
		done
		for o in $long_arg; do
			[[ $o == "$name"* ]] && return 0
		done
		return 1
		;;
	-?*)
		# A cluster such as -qa: the first letter that takes a value
		# takes the rest of the word, or the next word when none is left.
		for ((i = 1; i < ${#w}; i++)); do
			c=${w:i:1}
			if [[ $short_arg == *"$c"* ]]; then
				((i == ${#w} - 1)) && return 0
				return 1
			fi
		done
		return 1
		;;
	esac
	return 1
}

_retry()
{
	local cur prev words cword split i w

	# The command starts at the first word that is neither an option nor
	# an option's value; "--" ends the options. COMP_WORDS, not words:
	# _command_offset counts in COMP_WORDS, where a word "option=value" counts as three.
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [[ $w == -- ]]; then
			_command_offset $((i + 1))
			return
		fi
		if [[ $w == = && ${COMP_WORDS[i - 1]} == -* ]]; then
			((i++))	# the value after "="
			continue
		fi
		# COMP_WORDBREAKS splits a value at ":" too: "file:/tmp/b",
		# the value of --store, is the three words "file" ":" "/tmp/b".
		if [[ $w == : ]]; then
			((i++))	# the rest of the value
			continue
		fi
		if [[ $w != -* ]]; then
			_command_offset $i
			return
		fi
		if [[ ${COMP_WORDS[i + 1]-} != = ]] && _retry_takes_value "$w"; then
			((i++))
		fi
	done

	# -n :, so that cur is the whole "file:DIR" of --store.
	_init_completion -s -n : || return

	case $prev in
	-h | --help | -V | --version)
		return
		;;
	-s | --strategy)
		COMPREPLY=($(compgen -W 'exponential constant fixed linear
			fibonacci decorrelated' -- "$cur"))
		return
		;;
	-j | --jitter)
		COMPREPLY=($(compgen -W 'none full equal decorrelated
			proportional normal' -- "$cur"))
		return
		;;
	--signal)
		# The names retry knows, with or without "SIG"; numbers and
		# RTMIN+N, RTMAX-N work too.
		w='HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE
			ALRM TERM CHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ
			VTALRM PROF WINCH IO SYS RTMIN RTMAX'
		if [[ $cur == SIG* ]]; then
			COMPREPLY=($(compgen -P SIG -W "$w" -- "${cur#SIG}"))
		else
			COMPREPLY=($(compgen -W "$w" -- "$cur"))
		fi
		return
		;;
	--log-format)
		COMPREPLY=($(compgen -W 'text json' -- "$cur"))
		return
		;;
	--ci)
		COMPREPLY=($(compgen -W 'auto off' -- "$cur"))
		return
		;;
	--metrics)
		# A .prom file, for node_exporter's textfile collector.
		_filedir prom
		return
		;;
	--metrics-label)
		return
		;;
	--ci-dotenv)
		# Any file: GitLab reads the report from the job's artifacts.
		_filedir
		return
		;;
	--stdin)
		COMPREPLY=($(compgen -W 'replay pass null' -- "$cur"))
		return
		;;
	--stdout)
		COMPREPLY=($(compgen -W 'stream hold' -- "$cur"))
		return
		;;
	--output)
		COMPREPLY=($(compgen -W 'on-failure on-failure:last
			on-failure:all' -- "$cur"))
		__ltrim_colon_completions "$cur"
		return
		;;
	-a | --attempts | --times)
		COMPREPLY=($(compgen -W 'inf forever' -- "$cur"))
		return
		;;
	-r | --retry-on | --while | -x | --stop-on | --success-on | --until)
		COMPREPLY=($(compgen -W 'success fail true false' -- "$cur"))
		return
		;;
	-b | --base | -c | --cap | -f | --factor | -d | --delay | \
	-D | --deadline | --max-time | -t | --timeout | --idle-timeout | \
	--hedge | --hedge-max | -k | --kill-after | --reset-after | \
	--splay | --seed | -m | --message | \
	--retry-if-output | --stop-if-output | --fail-if-output)
		return
		;;
	--on-retry | --on-give-up | --on-recover)
		COMPREPLY=($(compgen -c -- "$cur"))
		return
		;;
	--store)
		# file:DIR, then DIR's directories; or redis[s]://HOST (free text).
		if [[ $cur == file:* ]]; then
			COMPREPLY=($(compgen -d -P file: -- "${cur#file:}"))
			compopt -o filenames
		elif [[ $cur != redis:?* && $cur != rediss:?* ]]; then
			COMPREPLY=($(compgen -W 'file: redis:// rediss://' -- "$cur"))
		fi
		compopt -o nospace
		# Bash replaces only what follows the ":" in the word.
		__ltrim_colon_completions "$cur"
		return
		;;
	--budget-rate)
		# N/DURATION; a unit alone is one of it.
		COMPREPLY=($(compgen -W '1/s 10/s 30/m 1/500ms 0/s' -- "$cur"))
		return
		;;
	--budget-wait)
		# A DURATION; 0 gives up at once, as gRPC's fail-fast.
		COMPREPLY=($(compgen -W '0 30s 5m 1h' -- "$cur"))
		return
		;;
	--max-server-wait)
		# DURATION, or past it give up at once rather than wait it.
		COMPREPLY=($(compgen -W '6h 1h 10m 1h:give-up 10m:give-up' \
			-- "$cur"))
		return
		;;
	--breaker)
		# K/DURATION: K failed attempts in a row open it for DURATION.
		COMPREPLY=($(compgen -W '5/30s 10/1m' -- "$cur"))
		return
		;;
	--budget | --budget-burst | --budget-ratio | --successes)
		# NAME is free text; so are the numbers.
		return
		;;
	--uncounted)
		# Exit statuses, and HTTP statuses as http:N (with --http).
		COMPREPLY=($(compgen -W '75 http:429 http:503' -- "$cur"))
		__ltrim_colon_completions "$cur"
		return
		;;
	esac

	$split && return

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '-a --attempts= --times= -s --strategy=
			-b --base= -c --cap= -f --factor= -j --jitter= -d --delay=
			-D --deadline= --max-time= -t --timeout= --idle-timeout=
			--hedge= --hedge-max= -k --kill-after=
			--signal= --foreground --splay= -r --retry-on= --while=
			-x --stop-on= --success-on= --until= --seed= -n --dry-run
			--stdin= --stdout= --retry-if-output= --stop-if-output=
			--fail-if-output= --on-retry= --on-give-up= --on-recover=
			--http --http=
			--budget= --store= --budget-burst= --budget-ratio=
			--budget-rate= --budget-wait= --breaker=
			--successes= --uncounted= --reset-after= --max-server-wait=
			-m --message= -q --quiet -v --verbose --log-format=
			--ci= --metrics= --metrics-label= --ci-dotenv= --output=
			-h --help -V --version --' -- "$cur"))
		[[ ${COMPREPLY-} == *= ]] && compopt -o nospace
		return
	fi

	# The command itself.
	_command_offset $COMP_CWORD
} &&
	complete -F _retry retry

# ex: filetype=sh
