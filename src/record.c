/* SPDX-License-Identifier: ISC */
/*
 * The run's record, once it is over: --metrics counts it in FILE
 * (metrics.c). A record that cannot be written is said; retry's status
 * stays the command's, which is what the caller acts on.
 */
#include "config.h"

#include <limits.h>
#include <time.h>

#include "eventloop.h"
#include "log.h"
#include "metrics.h"
#include "runloop.h"

/* Count the run, which ends with status, in --metrics' FILE. */
void
run_record(const struct run *r, int status)
{
	struct metrics_run	m;
	struct timespec		ts;
	char			err[PATH_MAX + 128];

	if (r->o->metrics == NULL)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	m.status = status;
	m.succeeded = r->state == RUN_SUCCEEDED;
	m.attempts = r->made;
	m.duration_ns = eventloop_now() - r->start;
	m.end = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (metrics_write(r->o->metrics, r->o->metrics_label != NULL ?
	    r->o->metrics_label : log_command_name(), &m, err,
	    sizeof err) == -1) {
		log_error("%s", err);
		eventloop_flush_sinks(r->deadline);
	}
}
