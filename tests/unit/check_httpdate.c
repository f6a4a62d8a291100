/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of httpdate.c: the three HTTP-date formats, with exact epoch
 * values, the 50-year rule of two-digit years, leap days and leap
 * seconds, malformed dates rejected, and agreement with gmtime(3) across
 * years 1-9999.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_run.h"
#include "policy/httpdate.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* 2025-06-01 00:00:00 UTC. */
#define NOW_2025 ((time_t)1748736000)
/* 2090-01-01 00:00:00 UTC. */
#define NOW_2090 ((time_t)3786912000)
/* 0000-01-01 00:00:00 UTC, before the March 1 that day counts start from. */
#define NOW_0000 ((time_t)-62167219200LL)
/* Clocks about 30000 years off, where no two-digit year fits 0-9999. */
#define NOW_PAST ((time_t)-1000000000000LL)
#define NOW_FUTURE ((time_t)1000000000000LL)

struct date_case {
	const char	*s;
	time_t		 now;
	int64_t		 t;
};

/* Epoch values from Python's calendar.timegm. */
static const struct date_case date_good[] = {
	{ "Sun, 06 Nov 1994 08:49:37 GMT", NOW_2025, 784111777 },
	{ "Sunday, 06-Nov-94 08:49:37 GMT", NOW_2025, 784111777 },
	{ "Sun Nov  6 08:49:37 1994", NOW_2025, 784111777 },
	{ "Sun Nov 06 08:49:37 1994", NOW_2025, 784111777 },
	{ "Thu, 01 Jan 1970 00:00:00 GMT", NOW_2025, 0 },
	{ "Wed, 31 Dec 1969 23:59:59 GMT", NOW_2025, -1 },
	{ "Sat, 01 Jan 2000 00:00:00 GMT", NOW_2025, 946684800 },
	{ "Tue, 29 Feb 2000 12:00:00 GMT", NOW_2025, 951825600 },
	{ "Thu, 29 Feb 2024 12:00:00 GMT", NOW_2025, 1709208000 },
	{ "Thu Feb 29 12:00:00 2024", NOW_2025, 1709208000 },
	{ "Thursday, 29-Feb-24 12:00:00 GMT", NOW_2025, 1709208000 },
	{ "Tue, 19 Jan 2038 03:14:07 GMT", NOW_2025, 2147483647LL },
	{ "Tue, 19 Jan 2038 03:14:08 GMT", NOW_2025, 2147483648LL },
	{ "Sun, 28 Feb 2100 23:59:59 GMT", NOW_2025, 4107542399LL },
	{ "Mon, 01 Mar 2100 00:00:00 GMT", NOW_2025, 4107542400LL },
	{ "Sat, 01 Jan 0000 00:00:00 GMT", NOW_2025, -62167219200LL },
	{ "Fri, 31 Dec 9999 23:59:59 GMT", NOW_2025, 253402300799LL },
	{ "Mon, 01 Jan 0001 00:00:00 GMT", NOW_2025, -62135596800LL },
	{ "Tue, 29 Feb 1600 00:00:00 GMT", NOW_2025, -11670998400LL },
	/* A leap second is the next second to POSIX time. */
	{ "Sat, 31 Dec 2016 23:59:60 GMT", NOW_2025, 1483228800 },
	/* The day name is not checked against the date. */
	{ "Mon, 06 Nov 1994 08:49:37 GMT", NOW_2025, 784111777 },
};

/* Two-digit years: at most 50 years ahead of now, else a century back. */
static const struct date_case date_rfc850[] = {
	{ "Friday, 31-May-75 23:59:59 GMT", NOW_2025, 3326572799LL },
	{ "Saturday, 01-Jun-75 00:00:00 GMT", NOW_2025, 3326572800LL },
	{ "Sunday, 01-Jun-75 00:00:01 GMT", NOW_2025, 170812801 },
	{ "Monday, 31-Dec-74 00:00:00 GMT", NOW_2025, 3313440000LL },
	{ "Thursday, 01-Jan-76 00:00:00 GMT", NOW_2025, 189302400 },
	{ "Friday, 01-Jan-99 00:00:00 GMT", NOW_2025, 915148800 },
	{ "Saturday, 01-Jan-00 00:00:00 GMT", NOW_2025, 946684800 },
	{ "Tuesday, 29-Feb-00 00:00:00 GMT", NOW_2025, 951782400 },
	{ "Thursday, 01-Mar-05 00:00:00 GMT", NOW_2090, 4265308800LL },
	{ "Monday, 01-Mar-00 00:00:00 GMT", NOW_2090, 4107542400LL },
	{ "Sunday, 01-Jan-40 00:00:00 GMT", NOW_2090, 5364662400LL },
	{ "Sunday, 01-Jan-40 00:00:01 GMT", NOW_2090, 2208988801LL },
	{ "Saturday, 01-Jan-00 00:00:00 GMT", NOW_0000, -62167219200LL },
	{ "Monday, 01-Jan-01 00:00:00 GMT", NOW_0000, -62135596800LL },
	{ "Saturday, 01-Jan-50 00:00:00 GMT", NOW_0000, -60589296000LL },
};

struct bad_date {
	const char	*s;
	time_t		 now;
};

static const struct bad_date date_bad[] = {
	{ "", NOW_2025 },
	{ "GMT", NOW_2025 },
	{ "Sun, 30 Feb 1994 08:49:37 GMT", NOW_2025 },
	{ "Wed, 29 Feb 2023 00:00:00 GMT", NOW_2025 },
	{ "Thu, 29 Feb 1900 00:00:00 GMT", NOW_2025 },
	{ "Wed Feb 29 00:00:00 2023", NOW_2025 },
	{ "Wednesday, 29-Feb-23 00:00:00 GMT", NOW_2025 },
	{ "Tuesday, 29-Feb-00 00:00:00 GMT", NOW_2090 },	/* 2100 */
	{ "Thu, 31 Apr 2024 00:00:00 GMT", NOW_2025 },
	{ "Sun, 00 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 32 Oct 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 24:00:00 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:60:00 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:61 GMT", NOW_2025 },
	{ "Sun, 6 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov 94 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov 01994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov -994 08:49:37 GMT", NOW_2025 },
	{ "sun, 06 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "SUN, 06 NOV 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37 gmt", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37 UTC", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37 +0000", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37 GMT ", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37 GMTx", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49:37 GMT\r", NOW_2025 },
	{ " Sun, 06 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun,  06 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun 06 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 8:49:37 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 08:49 GMT", NOW_2025 },
	{ "Sun, 06 Nov 1994 08-49-37 GMT", NOW_2025 },
	{ "Xyz, 06 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sunday, 06 Nov 1994 08:49:37 GMT", NOW_2025 },
	{ "Sun, 06-Nov-94 08:49:37 GMT", NOW_2025 },
	{ "Sunday, 06-Nov-1994 08:49:37 GMT", NOW_2025 },
	{ "Sunday, 6-Nov-94 08:49:37 GMT", NOW_2025 },
	{ "Sunday, 06-Nov-94 08:49:37", NOW_2025 },
	{ "Sunday, 06-Nov-94 24:49:37 GMT", NOW_2025 },
	{ "Sun Nov 6 08:49:37 1994", NOW_2025 },
	{ "Sun Nov  06 08:49:37 1994", NOW_2025 },
	{ "Sun Nov  0 08:49:37 1994", NOW_2025 },
	{ "Sun Nov  6 08:49:37 94", NOW_2025 },
	{ "Sun Nov  6 08:49:37 1994 GMT", NOW_2025 },
	{ "Sun Nov  6  08:49:37 1994", NOW_2025 },
	{ "Sun Nov  6 24:00:00 1994", NOW_2025 },
	{ "784111777", NOW_2025 },
	{ "Saturday, 01-Jan-50 00:00:01 GMT", NOW_0000 },	/* 50 BC */
	{ "Sunday, 06-Nov-94 08:49:37 GMT", NOW_PAST },
	{ "Sunday, 06-Nov-94 08:49:37 GMT", NOW_FUTURE },
};

/* Parse s from a heap copy of exactly its length, so any overread shows. */
static int
parse_exact(const char *s, size_t len, time_t now, time_t *t)
{
	char	*copy;
	int	 r;

	copy = malloc(len > 0 ? len : 1);
	ck_assert_ptr_ne(copy, NULL);
	memcpy(copy, s, len);
	r = http_date_parse(copy, len, now, t);
	free(copy);
	return r;
}

START_TEST(dates_in_all_three_formats_give_their_epoch_seconds)
{
	const struct date_case	*c = &date_good[_i];
	time_t			 t = 12345;

	ck_assert_msg(parse_exact(c->s, strlen(c->s), c->now, &t) == 0,
	    "\"%s\" rejected", c->s);
	ck_assert_msg((int64_t)t == c->t, "\"%s\": %lld, not %lld", c->s,
	    (long long)t, (long long)c->t);
}
END_TEST

START_TEST(two_digit_years_follow_the_50_year_rule)
{
	const struct date_case	*c = &date_rfc850[_i];
	time_t			 t = 12345;

	ck_assert_msg(parse_exact(c->s, strlen(c->s), c->now, &t) == 0,
	    "\"%s\" rejected", c->s);
	ck_assert_msg((int64_t)t == c->t, "\"%s\" at %lld: %lld, not %lld",
	    c->s, (long long)c->now, (long long)t, (long long)c->t);
}
END_TEST

START_TEST(malformed_dates_are_rejected)
{
	const struct bad_date	*c = &date_bad[_i];
	time_t			 t = 12345;

	ck_assert_msg(parse_exact(c->s, strlen(c->s), c->now, &t) == -1,
	    "\"%s\" accepted as %lld", c->s, (long long)t);
	ck_assert_msg(t == 12345, "\"%s\": *t written", c->s);
}
END_TEST

START_TEST(a_date_is_read_to_its_length_and_no_further)
{
	static const char	s[] = "Sun, 06 Nov 1994 08:49:37 GMTXYZ";
	static const char	nul[] = "Sun, 06 Nov 1994 08:49:37 GMT\0";
	time_t			t;
	size_t			len;

	for (len = 0; len < 29; len++)
		ck_assert_msg(parse_exact(s, len, NOW_2025, &t) == -1,
		    "the first %zu bytes accepted", len);
	ck_assert_int_eq(parse_exact(s, 29, NOW_2025, &t), 0);
	ck_assert_int_eq((int64_t)t, 784111777);
	ck_assert_int_eq(parse_exact(s, 30, NOW_2025, &t), -1);
	ck_assert_int_eq(parse_exact(nul, sizeof nul - 1, NOW_2025, &t), -1);
}
END_TEST

static const char *const wdays[] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
};
static const char *const wdays_long[] = {
	"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
	"Saturday"
};
static const char *const months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
	"Nov", "Dec"
};

/*
 * Every format of a time as gmtime(3) breaks it down parses back to it,
 * from year 1 to 9999 in steps that move the day, month and time of day.
 */
START_TEST(dates_agree_with_gmtime_across_the_calendar)
{
	const int64_t	first = -62135596800LL, last = 253402300799LL;
	const int64_t	step = 86400LL * 5 + 3607;
	struct tm	tm;
	char		buf[64];
	time_t		t, got;
	int64_t		v;
	int		n;

	for (v = first; v <= last; v += step) {
		t = (time_t)v;
		ck_assert_ptr_ne(gmtime_r(&t, &tm), NULL);
		n = snprintf(buf, sizeof buf,
		    "%s, %02d %s %04d %02d:%02d:%02d GMT",
		    wdays[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
		    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
		ck_assert(http_date_parse(buf, (size_t)n, 0, &got) == 0);
		ck_assert_msg(got == t, "\"%s\": %lld, not %lld", buf,
		    (long long)got, (long long)t);
		n = snprintf(buf, sizeof buf, "%s %s %2d %02d:%02d:%02d %04d",
		    wdays[tm.tm_wday], months[tm.tm_mon], tm.tm_mday,
		    tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
		ck_assert(http_date_parse(buf, (size_t)n, 0, &got) == 0);
		ck_assert_msg(got == t, "\"%s\": %lld", buf, (long long)got);
		/* Now at the same time: the two-digit year is now's year. */
		n = snprintf(buf, sizeof buf,
		    "%s, %02d-%s-%02d %02d:%02d:%02d GMT",
		    wdays_long[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
		    (tm.tm_year + 1900) % 100, tm.tm_hour, tm.tm_min,
		    tm.tm_sec);
		ck_assert(http_date_parse(buf, (size_t)n, t, &got) == 0);
		ck_assert_msg(got == t, "\"%s\": %lld", buf, (long long)got);
	}
}
END_TEST

static Suite *
httpdate_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("httpdate");
	tc = tcase_create("date");
	tcase_add_loop_test(tc,
	    dates_in_all_three_formats_give_their_epoch_seconds, 0,
	    nitems(date_good));
	tcase_add_loop_test(tc, two_digit_years_follow_the_50_year_rule, 0,
	    nitems(date_rfc850));
	tcase_add_loop_test(tc, malformed_dates_are_rejected, 0,
	    nitems(date_bad));
	tcase_add_test(tc, a_date_is_read_to_its_length_and_no_further);
	tcase_add_test(tc, dates_agree_with_gmtime_across_the_calendar);
	/* Under the sanitizers the calendar walk takes a few seconds. */
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(httpdate_suite());
}
