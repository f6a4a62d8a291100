/* SPDX-License-Identifier: ISC */
/*
 * What the HTTP probes of the benchmarks share (herd/probe.c,
 * tail/probe.c): the monotonic clock as signed ns, and a wait for one
 * descriptor until an absolute time.
 */
#ifndef BENCH_POLLWAIT_H
#define BENCH_POLLWAIT_H

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <time.h>

static inline int64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Wait for events on fd until deadline: 1 ready, 0 timed out, -1 error. */
static inline int
wait_for(int fd, short events, int64_t deadline)
{
	struct pollfd	p;
	struct timespec	ts;
	int64_t		left;
	int		r;

	for (;;) {
		if ((left = deadline - now_ns()) <= 0)
			return 0;
		p.fd = fd;
		p.events = events;
		ts.tv_sec = left / 1000000000;
		ts.tv_nsec = left % 1000000000;
		r = ppoll(&p, 1, &ts, NULL);
		if (r > 0)
			return 1;
		if (r < 0 && errno != EINTR)
			return -1;
	}
}

#endif
