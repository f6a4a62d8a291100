/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of log.c's pure part: the wall-clock time of JSON events,
 * written as RFC 3339 UTC with milliseconds without the C library's help.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check_run.h"
#include "report/log.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static const struct {
	int64_t		 sec;
	long		 nsec;
	const char	*want;
} times[] = {
	{ 0, 0, "1970-01-01T00:00:00.000Z" },
	{ 0, 999999999, "1970-01-01T00:00:00.999Z" },	/* cut, not rounded */
	{ 86399, 1000000, "1970-01-01T23:59:59.001Z" },
	{ 951782400, 0, "2000-02-29T00:00:00.000Z" },	/* 400-year leap */
	{ 951868800, 0, "2000-03-01T00:00:00.000Z" },
	{ 1709164800, 500000000, "2024-02-29T00:00:00.500Z" },
	{ 1798217228, 123456789, "2026-12-25T16:47:08.123Z" },
	{ 1795625228, 123000000, "2026-11-25T16:47:08.123Z" },
	{ 4107542399, 0, "2100-02-28T23:59:59.000Z" },	/* not a leap year */
	{ 4107542400, 0, "2100-03-01T00:00:00.000Z" },
	{ -1, 0, "1969-12-31T23:59:59.000Z" },
	{ 253402300799, 999000000, "9999-12-31T23:59:59.999Z" },
};

START_TEST(times_are_rfc3339_utc_with_milliseconds)
{
	char	buf[40];

	log_time_format(times[_i].sec, times[_i].nsec, buf, sizeof buf);
	ck_assert_str_eq(buf, times[_i].want);
}
END_TEST

/* Every day of 1900 to 2400, at an odd second, agrees with gmtime_r. */
START_TEST(every_day_agrees_with_gmtime)
{
	int64_t		 sec;
	time_t		 t;
	struct tm	 tm;
	char		 buf[40], want[80];

	for (sec = -2208988800LL + 45296; sec < 13569465600LL;
	    sec += 86400) {
		t = (time_t)sec;
		ck_assert_ptr_nonnull(gmtime_r(&t, &tm));
		snprintf(want, sizeof want, "%04d-%02d-%02dT%02d:%02d:%02d.042Z",
		    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		    tm.tm_min, tm.tm_sec);
		log_time_format(sec, 42999999, buf, sizeof buf);
		ck_assert_str_eq(buf, want);
	}
}
END_TEST

START_TEST(a_short_buffer_is_cut_and_ended)
{
	char	buf[11];

	memset(buf, 'X', sizeof buf);
	log_time_format(0, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "1970-01-01");
}
END_TEST

static Suite *
log_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("log");
	tc = tcase_create("time");
	tcase_add_loop_test(tc, times_are_rfc3339_utc_with_milliseconds, 0,
	    nitems(times));
	tcase_add_test(tc, every_day_agrees_with_gmtime);
	tcase_add_test(tc, a_short_buffer_is_cut_and_ended);
	/* The walk over 500 years takes seconds on a loaded machine. */
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(log_suite());
}
