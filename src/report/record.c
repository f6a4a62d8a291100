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
#include "report/record.h"

#define RECORD_WAIT_NS 10000000000ULL	/* for FILE's lock, at the most */
#define RECORD_WAIT_MIN_NS 100000000ULL	/* past --deadline */

/* A stop signal came, or retry is to die of one. */
static int
stopped(const struct record *rec)
{
	return rec->dying != 0 || eventloop_signal() != 0;
}

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
lock_wait(const struct record *rec)
{
	uint64_t	now = eventloop_now(), left;

	if (stopped(rec))
		return 0;
	if (rec->deadline == 0)
		return RECORD_WAIT_NS;
	left = rec->deadline > now ? rec->deadline - now : 0;
	if (left < RECORD_WAIT_MIN_NS)
		return RECORD_WAIT_MIN_NS;
	return left < RECORD_WAIT_NS ? left : RECORD_WAIT_NS;
}

/* Count the run in --metrics' FILE. */
void
record_run(const struct record *rec)
{
	struct metrics_run	m;
	struct timespec		ts;
	char			err[PATH_MAX + 128];
	int			was_stopped = stopped(rec);

	if (rec->file == NULL)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	m.status = rec->status;
	m.succeeded = rec->succeeded;
	m.attempts = rec->attempts;
	m.duration_ns = eventloop_now() - rec->start;
	m.end = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (metrics_write(rec->file, rec->label != NULL ? rec->label :
	    log_command_name(), &m, lock_wait(rec), rest, err,
	    sizeof err) == -1) {
		/* A stop signal in the wait for FILE's lock: retry dies of it. */
		if (!was_stopped && eventloop_signal() != 0)
			log_error("cannot write the metrics to %s: a signal "
			    "came in the wait for its lock", rec->file);
		else
			log_error("%s", err);
		eventloop_flush_sinks(rec->deadline);
	}
	if (!was_stopped && eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
}
