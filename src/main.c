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

#include "dryrun.h"
#include "eventloop.h"
#include "exitcodes.h"
#include "log.h"
#include "metrics.h"
#include "options.h"
#include "rng.h"
#include "run.h"

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

/* A usage error, said: exit 125. */
static int
usage_error(struct options *o, char *err)
{
	log_usage_error(err);
	free(err);
	options_free(o);
	eventloop_flush_sinks(0);
	return EXIT_CANCELED;
}

int
main(int argc, char **argv)
{
	struct options	o;
	struct rng	rng;
	char		*err;
	uint64_t	start = eventloop_now();
	int		status;

	/*
	 * The room for a usage error, on the heap: 4 KiB on the stack would
	 * push every frame of the run a page deeper, a page fault more on
	 * every call (issue 28), for a message most runs never write.
	 */
	if ((err = malloc(ERR_MAX)) == NULL) {
		log_error("cannot start: %s", strerror(errno));
		return EXIT_CANCELED;
	}
	switch (options_parse(&o, argc, argv, err, ERR_MAX)) {
	case OPTIONS_ERROR:
		return usage_error(&o, err);
	case OPTIONS_HELP:
		free(err);
		options_free(&o);
		options_help(stdout);
		return flush_stdout();
	case OPTIONS_VERSION:
		free(err);
		options_free(&o);
		options_version(stdout);
		return flush_stdout();
	case OPTIONS_RUN:
		break;
	}
	if (o.metrics != NULL && !o.dry_run &&
	    metrics_check(o.metrics, err, ERR_MAX) == -1)
		return usage_error(&o, err);
	free(err);
	if (o.seeded)
		rng_init_seed(&rng, o.seed);
	else
		rng_init_kernel(&rng);
	log_init(o.verbosity, o.log_format, o.label, argv + 1,
	    (int)(o.command - argv) - 1);
	if (o.dry_run)
		status = dryrun_print(&o, &rng) == 0 ? flush_stdout() :
		    EXIT_CANCELED;
	else
		status = run_attempts(&o, &rng, start);
	options_free(&o);
	return status;
}
