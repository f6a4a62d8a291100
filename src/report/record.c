/* SPDX-License-Identifier: ISC */
/*
 * The run's record, once it is over: --metrics counts it in FILE
 * (metrics.c), then the reports for CI steps tell of it (cistep.c). A
 * record that cannot be written is said; retry's status stays the
 * command's, which is what the caller acts on, unless a stop signal ends
 * the wait for FILE's lock: then retry dies of it, as it does of one in
 * any of its waits, and the reports say so.
 */
#include "config.h"

#include <limits.h>
#include <time.h>

#include "proc/eventloop.h"
#include "report/cistep.h"
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
static void
count(const struct record *rec, int was_stopped)
{
	struct metrics_run	m;
	struct timespec		ts;
	char			err[PATH_MAX + 128];

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
}

/*
 * The reports for CI steps: the run as it ends, by a signal that came in
 * the wait for the metrics' lock too.
 */
static void
report(const struct record *rec, int was_stopped)
{
	struct cistep_end	e;
	int			signo = rec->dying;

	if (!was_stopped && eventloop_signal() != 0)
		signo = eventloop_signal();
	e.ci = rec->ci;
	e.dotenv = rec->dotenv;
	e.end = signo != 0 ? STEP_SIGNALED : rec->succeeded ? STEP_SUCCEEDED :
	    STEP_GAVE_UP;
	e.status = signo != 0 ? 128 + signo : rec->status;
	e.signo = signo;
	e.attempts = rec->attempts;
	e.start = rec->start;
	/* A warning said goes out while the reader takes it. */
	if (cistep_write(&e))
		eventloop_flush_sinks(rec->deadline);
}

/* The run is over: count it, report it; die of a signal that came. */
void
record_run(const struct record *rec)
{
	int	was_stopped = stopped(rec);

	if (rec->file != NULL)
		count(rec, was_stopped);
	report(rec, was_stopped);
	if (!was_stopped && eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
}
