/* SPDX-License-Identifier: ISC */
/*
 * retry: run a command; while it fails, sleep a capped, jittered backoff
 * delay and run it again. Parse, set up, run, exit.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "policy/exitcodes.h"
#include "policy/large.h"
#include "proc/eventloop.h"
#include "proc/rng.h"
#include "report/cistep.h"
#include "report/live.h"
#include "report/log.h"
#include "report/metrics.h"
#include "run/dryrun.h"
#include "run/options.h"
#include "run/run.h"

/* A usage error's message, at the longest: a path and words around it. */
#define ERR_MAX (PATH_MAX + 128)

/* Exit status after writing to stdout: 125 if the text did not get out. */
static int
flush_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	log_error("write error: %s", strerror(errno));
	return EXIT_CANCELED;
}

/*
 * The end of a run: _exit(), not exit(). Nothing exit() adds is needed
 * then: no stdio is used once a run starts (retry writes with write(2)
 * and has flushed), and the handlers libraries registered (OpenSSL's,
 * when rediss: loaded it) free memory that goes back with the process.
 * It would cost the pages of the way out: _fini's, at the far end of
 * retry's code, and the loader's and libc's, each a page fault as dear
 * as a dozen system calls (issue 28). A sanitized build exit()s, for
 * LeakSanitizer, which looks at exit.
 */
#if defined(__SANITIZE_ADDRESS__)
#define EXIT_THROUGH_LIBC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EXIT_THROUGH_LIBC 1
#endif
#endif

static _Noreturn void
end_run(int status)
{
#ifdef EXIT_THROUGH_LIBC
	exit(status);
#else
	_exit(status);
#endif
}

/*
 * The room for a usage error, in zeroed data that a run which parses
 * never touches (options_parse() writes it only on an error): 4 KiB on
 * the stack would push every frame of the run a page deeper, and on the
 * heap it made the run's first allocation, which costs a fresh heap's
 * page-table page and page faults (issue 28).
 */
static char	usage_room[ERR_MAX] LARGE_ZEROED;

/*
 * A usage error, said: exit 125. Only a command line that was wrong
 * points to --help (usage); a file that retry cannot use, named right,
 * is not helped by it.
 */
static int
usage_error(struct options *o, char *err, int usage)
{
	if (usage)
		log_usage_error(err);
	else
		log_error("%s", err);
	options_free(o);
	eventloop_flush_sinks(0);
	return EXIT_CANCELED;
}

int
main(int argc, char **argv)
{
	struct options	o;
	struct rng	rng;
	char		*err = usage_room;
	uint64_t	start = eventloop_now();
	int		status;

	switch (options_parse(&o, argc, argv, err, ERR_MAX)) {
	case OPTIONS_ERROR:
		return usage_error(&o, err, 1);
	case OPTIONS_HELP:
		options_free(&o);
		options_help(stdout);
		return flush_stdout();
	case OPTIONS_VERSION:
		options_free(&o);
		options_version(stdout);
		return flush_stdout();
	case OPTIONS_RUN:
		break;
	}
	if (o.metrics != NULL && !o.dry_run &&
	    metrics_check(o.metrics, err, ERR_MAX) == -1)
		return usage_error(&o, err, 0);
	if (o.ci_dotenv != NULL && !o.dry_run &&
	    cistep_dotenv_check(o.ci_dotenv, err, ERR_MAX) == -1)
		return usage_error(&o, err, 0);
	if (o.seeded)
		rng_init_seed(&rng, o.seed);
	else
		rng_init_kernel(&rng);
	log_init(o.verbosity, o.log_format, o.label, argv + 1,
	    (int)(o.command - argv) - 1);
	/* What the event loop shows as it sleeps, and says as it dies. */
	eventloop_set_face(live_tick, live_next);
	eventloop_set_last_words(log_last_words);
	if (o.dry_run) {
		status = dryrun_print(&o, &rng) == 0 ? flush_stdout() :
		    EXIT_CANCELED;
		options_free(&o);
		return status;
	}
	status = run_attempts(&o, &rng, start);
	options_free(&o);
	end_run(status);
}
