/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of eventloop.c's clock: its first reads are system calls and
 * the rest the vDSO's (issue 28), and both must be the one monotonic
 * clock, read into the right place: each read lies between two reads of
 * CLOCK_MONOTONIC made around it, on both sides of the switch.
 */
#include <check.h>
#include <stdint.h>
#include <time.h>

#include "check_run.h"
#include "proc/eventloop.h"

static uint64_t
monotonic(void)
{
	struct timespec	ts;

	ck_assert_int_eq(clock_gettime(CLOCK_MONOTONIC, &ts), 0);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

START_TEST(every_read_lies_between_its_neighbours)
{
	uint64_t	before, now, after, last = 0;
	int		i;

	/* Well past the system calls' share, whatever read this process. */
	for (i = 0; i < 200; i++) {
		before = monotonic();
		now = eventloop_now();
		after = monotonic();
		ck_assert_msg(before <= now && now <= after,
		    "read %d: %llu not within [%llu, %llu]", i,
		    (unsigned long long)now, (unsigned long long)before,
		    (unsigned long long)after);
		ck_assert_uint_ge(now, last);
		last = now;
	}
}
END_TEST

START_TEST(the_clock_moves_with_time)
{
	struct timespec	nap = { 0, 20 * 1000 * 1000 };
	uint64_t	t0 = eventloop_now();
	int		i;

	for (i = 0; i < 3; i++) {
		nanosleep(&nap, NULL);
		/* Both kinds of reads see the time slept. */
		ck_assert_uint_ge(eventloop_now() - t0,
		    (uint64_t)(i + 1) * 20 * 1000 * 1000);
	}
	for (i = 0; i < 40; i++)
		(void)eventloop_now();
	nanosleep(&nap, NULL);
	ck_assert_uint_ge(eventloop_now() - t0, 80ULL * 1000 * 1000);
}
END_TEST

static Suite *
eventloop_suite(void)
{
	Suite	*s = suite_create("eventloop");
	TCase	*tc = tcase_create("clock");

	tcase_add_test(tc, every_read_lies_between_its_neighbours);
	tcase_add_test(tc, the_clock_moves_with_time);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(eventloop_suite());
}
