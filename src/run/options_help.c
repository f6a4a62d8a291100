/* SPDX-License-Identifier: ISC */
/*
 * What retry says of itself: --version (with the optional parts built
 * in) and --help. Text only, apart from the parser, which main() calls
 * first.
 */
#include "config.h"

#include <stdio.h>

#include "run/options.h"
#ifdef HAVE_HIREDIS
#include "proc/dynlib.h"
#endif

#ifdef HAVE_HIREDIS
/*
 * The libraries the store loads when a run first uses it (dynlib.h), and
 * whether this machine has them: a packager's or a user's answer to
 * "why does my redis: budget say it needs a library".
 */
static void
version_loads(FILE *f)
{
	static const char *const sonames[] = {
		LIBHIREDIS_SONAME, LIBCARES_SONAME,
#ifdef HAVE_OPENSSL
		LIBSSL_SONAME,
#endif
	};
	size_t	i;

	fputs("Loads when used:", f);
	for (i = 0; i < sizeof sonames / sizeof sonames[0]; i++)
		fprintf(f, "%s %s%s", i > 0 ? "," : "", sonames[i],
		    dynlib_found(sonames[i]) ? "" : " (not found here)");
	fputs("\n", f);
}
#endif

/*
 * Print the version, the licence, and the optional parts configure built
 * in, so that a copied binary (the static one) says what it can do. The
 * first line stays "retry VERSION": scripts compare it.
 */
void
options_version(FILE *f)
{
	fputs(PACKAGE_NAME " " PACKAGE_VERSION "\n"
"Copyright (c) 2026 The retry authors.\n"
"Licence ISC <https://spdx.org/licenses/ISC.html>: free to use, copy, modify\n"
"and distribute, with or without fee. There is NO WARRANTY.\n", f);
	/* HAVE_HIREDIS means hiredis and c-ares both (configure.ac). */
#if defined(HAVE_HIREDIS) && defined(HAVE_OPENSSL)
	fputs("Built with: file store, redis: store, rediss: (TLS), c-ares\n", f);
#elif defined(HAVE_HIREDIS)
	fputs("Built with: file store, redis: store, c-ares; "
	    "without rediss: (TLS)\n", f);
#else
	fputs("Built without the redis: store (file store only)\n", f);
#endif
#ifdef HAVE_HIREDIS
	version_loads(f);
#endif
}

/*
 * --help: what a new user needs first (the common options and three
 * examples), then the rest by subject, the fleet's and CI's last. Every
 * option is named (docs-options-agree.sh); each line fits 79 columns
 * (cli-help-width.sh).
 */
void
options_help(FILE *f)
{
	fputs(
"Usage: retry [OPTION]... [--] COMMAND [ARG]...\n"
"Run COMMAND; while it fails, wait a growing, jittered delay and run it again.\n"
"Options stop at COMMAND: retry curl -fsS URL needs no '--'.\n"
"\n"
"Examples:\n"
"  retry curl -fsS https://example.org/x    up to 5 runs, about 1s, 2s, 4s apart\n"
"  retry -a 10 -d 5s -- make test           up to 10 runs, 5s apart\n"
"  retry -D 10m -t 30s -- ./healthcheck     30s a run at most, 10m in all\n"
"\n"
"Common options:\n"
"  -a, --attempts=N        total runs, the first included; 0, inf or forever:\n"
"                            no limit (alias --times) [5]\n"
"  -d, --delay=LIST        explicit delays (1,2,5s), the last repeated; no\n"
"                            jitter unless --jitter is given\n"
"  -b, --base=DURATION     the first delay [1s]\n"
"  -c, --cap=DURATION      the largest delay ever slept [60s]\n"
"  -j, --jitter=KIND       none, full, equal, decorrelated, proportional[:R],\n"
"                            normal[:S], or a DURATION to add at most [equal]\n"
"  -t, --timeout=LIST      stop an attempt that runs longer (status 124);\n"
"                            one per attempt (10s,30s,2m), the last repeated\n"
"  -D, --deadline=DURATION overall budget from the start: no attempt or sleep\n"
"                            past it; a running attempt is stopped (alias\n"
"                            --max-time)\n"
"  -r, --retry-on=LIST     retry only these statuses (alias --while)\n"
"                            [any failure]\n"
"  -x, --stop-on=LIST      never retry these statuses\n"
"  -q, --quiet             no messages but retry's own errors\n"
"  -v, --verbose           say each start; -vv: command lines, backoff parts\n"
"  -n, --dry-run           print the delay schedule and exit\n"
"  -h, --help              show this help and exit\n"
"  -V, --version           show the version and exit\n"
"\n"
"DURATION is a number with an optional unit: ns, us, ms, s (default), m, h,\n"
"d; units combine, as in 1m30s; 0 for a time limit: no limit. LIST of\n"
"statuses: 1,2,5-7, success, fail; lists given again add up.\n"
"\n"
"More on delays:\n"
"  -s, --strategy=NAME     exponential, constant (fixed), linear, fibonacci,\n"
"                            decorrelated [exponential]\n"
"  -f, --factor=X          growth factor of exponential; decorrelated's\n"
"                            multiplier [2; decorrelated 3]\n"
"      --seed=N            seed the random source: same seed, same delays\n"
"      --splay=DURATION    sleep a random [0, DURATION] before the first attempt\n"
"\n"
"More on time limits and statuses:\n"
"      --idle-timeout=DURATION  stop an attempt that writes nothing to stdout\n"
"                            or stderr for this long (status 124)\n"
"  -k, --kill-after=DURATION  SIGKILL this long after the stop signal [10s]\n"
"      --signal=SIG        the stop signal: name (INT, RTMIN+1) or number [TERM]\n"
"      --foreground        run attempts in retry's own process group, as\n"
"                            timeout --foreground (signals reach only COMMAND)\n"
"      --success-on=LIST   these count as success (alias --until) [0]\n"
"\n"
"For long runs (supervisors, readiness checks, cron):\n"
"      --reset-after=DURATION  an attempt that ran this long before it failed\n"
"                            starts the delays again from the first\n"
"      --max-server-wait=DURATION[:clamp|:give-up]  the longest wait that a\n"
"                            server (Retry-After, rate-limit reset) or\n"
"                            RETRY_CONTROL may ask; past it, wait DURATION\n"
"                            (clamp) or give up at once [6h:clamp]\n"
"      --successes=N       succeed only once N attempts in a row succeed;\n"
"                            after a success short of N, the next attempt\n"
"                            comes after the first delay [1]\n"
"      --uncounted=LIST    failures with these statuses (with --http also\n"
"                            http:503 and the like) are retried but not\n"
"                            counted toward -a; needs -D or --budget\n"
"\n"
"Input and output:\n"
"      --stdin=MODE        replay (every attempt reads the same input from its\n"
"                            start), pass (inherited as it is) or null\n"
"                            [replay; pass when stdin is a terminal]\n"
"      --stdout=MODE       stream (live, untouched) or hold (only a successful\n"
"                            attempt's output reaches stdout; a failed one's\n"
"                            goes to stderr) [stream]\n"
"      --output=on-failure[:last|:all]  print nothing unless the run fails\n"
"                            (for cron): then the last attempt's output, or\n"
"                            every attempt's, each under a header on stderr\n"
"\n"
"Conditions on output and hooks (ERE: a POSIX extended regular expression,\n"
"matched against each line of stdout and stderr; options may repeat):\n"
"      --retry-if-output=ERE  retry a failure only if a line matches\n"
"      --stop-if-output=ERE   a failure with a matching line is not retried\n"
"      --fail-if-output=ERE   a success with a matching line is a failure\n"
"      --http[=LIST]       read HTTP status lines and Retry-After in the output:\n"
"                            retry an HTTP error only if in LIST\n"
"                            [408,425,429,500,502,503,504], sleep at least\n"
"                            what Retry-After asks (curl needs -f -D FILE)\n"
"      --on-retry=CMD      run CMD with /bin/sh -c before each retry's sleep\n"
"      --on-give-up=CMD    run CMD with /bin/sh -c once, when retry gives up\n"
"      --on-recover=CMD    run CMD with /bin/sh -c once, when an attempt\n"
"                            succeeds after one or more failed\n"
"\n"
"Messages (on stderr):\n"
"  -m, --message=TEXT      the command's name in messages\n"
"      --log-format=FMT    text or json (one object per line) [text]\n"
"\n"
"In CI and cron:\n"
"      --ci=WHEN           auto: in GitHub Actions or GitLab CI, fold each\n"
"                            attempt's output and show a retry as a warning,\n"
"                            a give-up as an error (on stderr only); in\n"
"                            GitHub Actions, append the step's outputs\n"
"                            (attempts, exit_status, gave_up) and, after a\n"
"                            retry, a summary line; or off [auto]\n"
"      --metrics=FILE      at the end of the run, count it in FILE, in the\n"
"                            Prometheus text format (node_exporter's textfile\n"
"                            collector), replaced whole\n"
"      --metrics-label=NAME  the series' command label [the command's name]\n"
"      --ci-dotenv=FILE    at the end of the run, write attempts, exit_status\n"
"                            and gave_up to FILE (GitLab's dotenv report),\n"
"                            replaced whole, even with --ci=off\n"
"\n"
"In a fleet, hedging (only for a command that is safe to run twice at once):\n"
"      --hedge=DELAY       start another copy each time the newest has run\n"
"                            DELAY (or at once after a failure) while none\n"
"                            has succeeded; the first success wins, the\n"
"                            others are stopped; output is held per copy\n"
"      --hedge-max=N       at most N copies at once [2]\n"
"\n"
"In a fleet, sharing a budget (runs that name the same budget share its\n"
"tokens):\n"
"      --budget=NAME       a retry takes a token of budget NAME; none left:\n"
"                            wait for one (as long as --deadline and\n"
"                            --budget-wait allow), then give up\n"
"      --store=URL         where budgets live: file:DIR (this host) or\n"
"                            redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB]\n"
"                            (a fleet; rediss: TLS; a Redis Cluster too;\n"
"                            password also from $RETRY_STORE_PASSWORD)\n"
"                            [$RETRY_STORE, else file:$XDG_RUNTIME_DIR/retry,\n"
"                            file:/tmp/retry-UID]\n"
"      --budget-burst=N    the most tokens the budget holds [10]\n"
"      --budget-ratio=R    tokens each first attempt adds, 0 to 1 [0.1]\n"
"      --budget-rate=N/DURATION  tokens added as time passes [1/s]\n"
"      --budget-wait=DURATION  the longest wait for a token or for the\n"
"                            circuit; 0: give up at once [no limit but -D]\n"
"      --breaker=K/DURATION  after K failed attempts in a row, no attempt\n"
"                            starts for DURATION, then one probe (status 75:\n"
"                            the circuit was open and none ran)\n"
"\n"
"Exit status:\n"
"  the last attempt's status, when it succeeded or retry gave up\n"
"  75   the circuit of --breaker was open and no attempt ran\n"
"  124  the last attempt was stopped by --timeout, --idle-timeout or\n"
"       --deadline\n"
"  125  retry itself failed (bad usage, bad values, out of resources)\n"
"  126  COMMAND was found but could not be run\n"
"  127  COMMAND was not found\n"
"  128+N  the last attempt died of signal N\n"
"  retry dies of INT, TERM, HUP, QUIT, ALRM, USR1 or USR2 when it receives\n"
"  one (after passing it to the attempt)\n"
"\n"
"See retry(1) for the delay formulas, environment variables and examples.\n"
"Report bugs to <" PACKAGE_BUGREPORT ">;\n"
"home page: <" PACKAGE_URL ">.\n",
	    f);
}
