/* SPDX-License-Identifier: ISC */
/*
 * The run's record, once it is over: --metrics counts it in FILE
 * (metrics.c). A record that cannot be written is said; retry's status
 * stays the command's, which is what the caller acts on, unless a stop
 * signal ends the wait for FILE's lock: then retry dies of it, as it
 * does of one in any of its waits.
 */
#include "config.h"

#include <limits.h>
#include <time.h>

#include "proc/eventloop.h"
#include "report/log.h"
#include "report/metrics.h"
#include "run/runloop.h"

#define RECORD_WAIT_NS 10000000000ULL	/* for FILE's lock, at the most */
#define RECORD_WAIT_MIN_NS 100000000ULL	/* past --deadline */

/* A rest in the wait for the lock: -1 once a stop signal has come. */
static int
rest(uint64_t ns)
{
	(void)eventloop_sleep_until(eventloop_now() + ns);
	return eventloop_signal() != 0 ? -1 : 0;
}

/*
 * How long the run may wait for FILE's lock: 10 s, less within
 * --deadline (a tenth of a second past it at the least); none when retry
 * is dying of a signal, which must not wait on another run.
 */
static uint64_t
lock_wait(const struct run *r)
{
	uint64_t	now = eventloop_now(), left;

	if (run_stopped(r))
		return 0;
	if (r->deadline == 0)
		return RECORD_WAIT_NS;
	left = r->deadline > now ? r->deadline - now : 0;
	if (left < RECORD_WAIT_MIN_NS)
		return RECORD_WAIT_MIN_NS;
	return left < RECORD_WAIT_NS ? left : RECORD_WAIT_NS;
}

/* Count the run, which ends with status, in --metrics' FILE. */
void
run_record(const struct run *r, int status)
{
	struct metrics_run	m;
	struct timespec		ts;
	char			err[PATH_MAX + 128];
	int			stopped = run_stopped(r);

	if (r->o->metrics == NULL)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	m.status = status;
	m.succeeded = r->state == RUN_SUCCEEDED;
	m.attempts = r->made;
	m.duration_ns = eventloop_now() - r->start;
	m.end = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (metrics_write(r->o->metrics, r->o->metrics_label != NULL ?
	    r->o->metrics_label : log_command_name(), &m, lock_wait(r), rest,
	    err, sizeof err) == -1) {
		/* A stop signal in the wait for FILE's lock: retry dies of it. */
		if (!stopped && eventloop_signal() != 0)
			log_error("cannot write the metrics to %s: a signal "
			    "came in the wait for its lock", r->o->metrics);
		else
			log_error("%s", err);
		eventloop_flush_sinks(r->deadline);
	}
	if (!stopped && eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
}
