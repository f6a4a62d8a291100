# SPDX-License-Identifier: ISC
# fish completion for retry(1)
#
# retry's options up to the command (option parsing stops at the first
# operand, or after "--"); from the command on, the rest of the line is
# completed as that command's own with __fish_complete_subcommand, as
# fish's nice.fish does.

# Print the command and its arguments so far, NUL separated, the word being
# completed last; fail while the line has no command yet.
function __fish_retry_print_command
    set -l tokens (commandline -opc)
    set -e tokens[1]
    # Options that take a value; getopt_long also takes a long option
    # abbreviated, when no option without a value shares the prefix.
    set -l short_value a b c d f j k m r s t x D
    set -l long_value --attempts --times --strategy --base --cap --factor \
        --jitter --delay --deadline --max-time --timeout --idle-timeout \
        --hedge --hedge-max --kill-after \
        --signal --splay --retry-on --while --stop-on --success-on --until \
        --seed --message --log-format --stdin --stdout --retry-if-output \
        --stop-if-output --fail-if-output --on-retry --on-give-up \
        --on-recover --budget \
        --store --budget-burst --budget-ratio --budget-rate --budget-wait \
        --breaker --ci --metrics --metrics-label --ci-dotenv --successes \
        --uncounted --reset-after --max-server-wait --output
    set -l long_novalue --foreground --dry-run --quiet --verbose --help --version \
        --http
    set -l i 1
    set -l dashdash 0
    while test $i -le (count $tokens)
        set -l t $tokens[$i]
        switch $t
            case --
                set dashdash 1
                set i (math $i + 1)
                break
            case '--*=*'
            case '--?*'
                if not string match -q -- "$t*" $long_novalue
                    and string match -q -- "$t*" $long_value
                    set i (math $i + 1)
                end
            case '-?*'
                # A cluster such as -qa: the first letter that takes a
                # value takes the rest of the word, or the next word.
                for c in (string split '' -- (string sub -s 2 -- $t))
                    if contains -- $c $short_value
                        if test (string match -r -- "^-[^$c]*$c" $t) = $t
                            set i (math $i + 1)
                        end
                        break
                    end
                end
            case '*'
                break
        end
        set i (math $i + 1)
    end
    if test $i -le (count $tokens)
        string join0 -- $tokens[$i..-1] (commandline -ct)
        return 0
    end
    # No command among the finished words. The word being completed is an
    # option's value, an option, or (after "--" or not starting with "-")
    # the command.
    if test $i -gt (math (count $tokens) + 1)
        return 1
    end
    if test $dashdash = 0
        and string match -q -- '-*' (commandline -ct)
        return 1
    end
    string join0 -- (commandline -ct)
end

# The signal names retry knows, with "SIG" in front when the word has it
# (RTMIN+N and RTMAX-N work too).
function __fish_retry_signals
    set -l prefix
    string match -q -- '*SIG*' (commandline -ct); and set prefix SIG
    for s in HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE \
        ALRM TERM CHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF \
        WINCH IO SYS RTMIN RTMAX
        printf '%s%s\tsignal\n' $prefix $s
    end
end

# A store: file:DIR, then DIR's directories; or redis[s]://HOST (free text).
function __fish_retry_stores
    # The token is the value alone, or "--store=" and the value.
    set -l value (string replace -r -- '^--[a-z-]*=' '' (commandline -ct))
    if string match -q -- 'file:*' $value
        for d in (__fish_complete_directories (string sub -s 6 -- $value))
            printf 'file:%s\n' $d
        end
    else if not string match -q -r -- '^rediss?:.' $value
        printf 'file:\tA directory on this host\n'
        printf 'redis://\tA Redis or Valkey server, for many hosts\n'
        printf 'rediss://\tThe same over TLS\n'
    end
end

function __fish_retry_no_command
    not __fish_retry_print_command >/dev/null
end

function __fish_retry_complete_command
    set -l args (__fish_retry_print_command | string split0)
    or return
    __fish_complete_subcommand --commandline $args
end

set -l nocmd __fish_retry_no_command

complete -c retry -f -a '(__fish_retry_complete_command)'

complete -c retry -n $nocmd -s a -l attempts -x -a 'inf forever' -d 'Total runs, the first included (0, inf, forever: no limit)'
complete -c retry -n $nocmd -l times -x -a 'inf forever' -d 'Total runs (same as --attempts)'
complete -c retry -n $nocmd -s s -l strategy -x -d 'How the delay grows' -a '
    exponential\t"base * factor^(n-1) (default)"
    constant\t"always base"
    fixed\t"always base (same as constant)"
    linear\t"base * n"
    fibonacci\t"base * F(n)"
    decorrelated\t"uniform [base, min(cap, factor * previous)]"'
complete -c retry -n $nocmd -s b -l base -x -d 'The first delay [1s]'
complete -c retry -n $nocmd -s c -l cap -x -d 'The largest delay ever slept [60s]'
complete -c retry -n $nocmd -s f -l factor -x -d 'Growth factor; decorrelated multiplier [2; 3]'
complete -c retry -n $nocmd -s j -l jitter -x -d 'How the delay is spread at random' -a '
    none\t"sleep the delay exactly"
    full\t"uniform [0, d]"
    equal\t"d/2 + uniform [0, d/2] (default)"
    decorrelated\t"uniform [base, min(cap, factor * previous)]"
    proportional\t"d * uniform [1-R, 1+R], proportional:R (default 0.5)"
    normal\t"d + normal(0, S*d), normal:S (default 0.1)"'
complete -c retry -n $nocmd -s d -l delay -x -d 'Explicit comma separated delays, the last repeated'
complete -c retry -n $nocmd -s D -l deadline -x -d 'Time budget of the whole run'
complete -c retry -n $nocmd -l max-time -x -d 'Time budget of the whole run (same as --deadline)'
complete -c retry -n $nocmd -s t -l timeout -x -d 'Time limit of each attempt, or one per attempt (10s,30s,2m)'
complete -c retry -n $nocmd -l reset-after -x -d 'An attempt that ran this long starts the delays again'
complete -c retry -n $nocmd -l max-server-wait -x -d 'The longest wait a server or RETRY_CONTROL may ask [6h:clamp]' -a '
    6h\t"Wait at most 6h (default)"
    1h\t"Wait at most 1h"
    1h:give-up\t"Give up when asked to wait longer than 1h"'
complete -c retry -n $nocmd -l idle-timeout -x -d 'Stop an attempt silent this long'
complete -c retry -n $nocmd -l hedge -x -d 'Start another copy each time the newest has run this long'
complete -c retry -n $nocmd -l hedge-max -x -d 'The most copies of --hedge at once [2]'
complete -c retry -n $nocmd -s k -l kill-after -x -d 'Send SIGKILL this long after the stop signal [10s]'
complete -c retry -n $nocmd -l signal -x -d 'The stop signal of --timeout and --deadline [TERM]' -a '(__fish_retry_signals)'
complete -c retry -n $nocmd -l foreground -d 'Run attempts in the process group of retry'
complete -c retry -n $nocmd -l splay -x -d 'Sleep a random time up to this before the first attempt'
complete -c retry -n $nocmd -s r -l retry-on -x -a 'success fail true false' -d 'Statuses that are retried'
complete -c retry -n $nocmd -l while -x -a 'success fail true false' -d 'Statuses that are retried (same as --retry-on)'
complete -c retry -n $nocmd -s x -l stop-on -x -a 'success fail true false' -d 'Statuses that are never retried'
complete -c retry -n $nocmd -l success-on -x -a 'success fail true false' -d 'Statuses that count as success [0]'
complete -c retry -n $nocmd -l until -x -a 'success fail true false' -d 'Statuses that count as success (same as --success-on)'
complete -c retry -n $nocmd -l seed -x -d 'Seed the random source: same seed, same delays'
complete -c retry -n $nocmd -l retry-if-output -x -d 'Retry a failure only if a line of output matches (ERE)'
complete -c retry -n $nocmd -l stop-if-output -x -d 'A failure with a matching line is not retried (ERE)'
complete -c retry -n $nocmd -l http -d 'Read HTTP statuses and Retry-After in the output (--http=LIST: statuses retried)'
complete -c retry -n $nocmd -l fail-if-output -x -d 'A success with a matching line is a failure (ERE)'
complete -c retry -n $nocmd -l on-retry -x -a '(__fish_complete_command)' -d 'Shell command run before each retry\'s sleep'
complete -c retry -n $nocmd -l on-give-up -x -a '(__fish_complete_command)' -d 'Shell command run once when retry gives up'
complete -c retry -n $nocmd -l on-recover -x -a '(__fish_complete_command)' -d 'Shell command run once when a success follows failures'
complete -c retry -n $nocmd -l stdin -x -a 'replay\t"Every attempt reads the same input" pass\t"Inherited as it is" null\t"/dev/null"' -d 'What each attempt reads [replay]'
complete -c retry -n $nocmd -l stdout -x -a 'stream\t"Live, untouched" hold\t"Only a successful attempt reaches stdout"' -d 'Where an attempt writes [stream]'
complete -c retry -n $nocmd -l successes -x -d 'Succeed only once N attempts in a row succeed [1]'
complete -c retry -n $nocmd -l uncounted -x -a '75 http:429 http:503' -d 'Failures with these statuses do not count toward --attempts (needs -D or --budget)'
complete -c retry -n $nocmd -l output -x -a 'on-failure\t"Nothing unless the run fails: then the last attempt" on-failure:last\t"The same" on-failure:all\t"Nothing unless the run fails: then every attempt"' -d 'Quiet unless the run fails (cron)'
complete -c retry -n $nocmd -l budget -x -d 'Share a retry budget with the runs that name the same NAME'
complete -c retry -n $nocmd -l store -x -a '(__fish_retry_stores)' -d 'Where budgets live: file:DIR [$RETRY_STORE]'
complete -c retry -n $nocmd -l budget-burst -x -d 'The most tokens the budget holds [10]'
complete -c retry -n $nocmd -l budget-ratio -x -d 'Tokens each first attempt adds, 0 to 1 [0.1]'
complete -c retry -n $nocmd -l budget-rate -x -d 'Tokens added as time passes, N/DURATION [1/s]' -a '
    1/s\t"One token a second (default)"
    10/s\t"Ten tokens a second"
    30/m\t"Thirty tokens a minute"
    1/500ms\t"One token every 500ms"
    0/s\t"None"'
complete -c retry -n $nocmd -l budget-wait -x -d 'The longest wait for a token or the circuit [no limit but the deadline]' -a '
    0\t"Never wait: give up at once"
    30s 5m 1h'
complete -c retry -n $nocmd -l breaker -x -d 'After K failed attempts in a row, no attempt for DURATION' -a '
    5/30s\t"Open for 30s after 5 failures in a row"
    10/1m\t"Open for 1m after 10 failures in a row"'
complete -c retry -n $nocmd -s n -l dry-run -d 'Print the delay schedule and exit'
complete -c retry -n $nocmd -s m -l message -x -d 'The name of the command in messages'
complete -c retry -n $nocmd -s q -l quiet -d 'No messages but errors'
complete -c retry -n $nocmd -s v -l verbose -d 'More messages'
complete -c retry -n $nocmd -l log-format -x -a 'text json' -d 'Format of messages [text]'
complete -c retry -n $nocmd -l ci -x -a 'auto\t"In GitHub Actions or GitLab CI" off\t"Plain messages"' -d 'Mark up CI logs [auto]'
complete -c retry -n $nocmd -l metrics -r -F -d 'Count the run in FILE (Prometheus text)'
complete -c retry -n $nocmd -l metrics-label -x -d 'The command label in --metrics FILE'
complete -c retry -n $nocmd -l ci-dotenv -r -F -d 'Write attempts, exit_status, gave_up to FILE (GitLab dotenv)'
complete -c retry -n $nocmd -s h -l help -d 'Show help and exit'
complete -c retry -n $nocmd -s V -l version -d 'Show version and exit'
