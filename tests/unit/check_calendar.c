/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of calendar.c: dates <-> days since 1970-01-01 around the
 * epoch, the leap years of the 400-year rule (1600, 1900, 2000, 2100,
 * 2400), 2038's 32-bit limit, years 0 and 9999 and before year 0; seconds
 * <-> broken-down times, negative ones rounding down; every day of 1600
 * to 2400 there and back, and agreement with gmtime(3).
 */
#include <check.h>
#include <stdint.h>
#include <time.h>

#include "check_run.h"
#include "policy/calendar.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* Days from Python's date.toordinal(), less 1970-01-01's. */
static const struct {
	int64_t	year;
	int	mon;
	int	day;
	int64_t	days;
} dates[] = {
	{ .year = 1970, .mon = 1, .day = 1, .days = 0 },
	{ .year = 1969, .mon = 12, .day = 31, .days = -1 },
	{ .year = 1970, .mon = 3, .day = 1, .days = 59 },
	{ .year = 1972, .mon = 2, .day = 29, .days = 789 },
	{ .year = 1600, .mon = 2, .day = 29, .days = -135081 },
	{ .year = 1600, .mon = 3, .day = 1, .days = -135080 },
	{ .year = 1900, .mon = 2, .day = 28, .days = -25509 },
	{ .year = 1900, .mon = 3, .day = 1, .days = -25508 },
	{ .year = 2000, .mon = 2, .day = 28, .days = 11015 },
	{ .year = 2000, .mon = 2, .day = 29, .days = 11016 },
	{ .year = 2000, .mon = 3, .day = 1, .days = 11017 },
	{ .year = 2000, .mon = 12, .day = 31, .days = 11322 },
	{ .year = 2001, .mon = 1, .day = 1, .days = 11323 },
	{ .year = 2024, .mon = 2, .day = 29, .days = 19782 },
	{ .year = 2038, .mon = 1, .day = 19, .days = 24855 },
	{ .year = 2038, .mon = 1, .day = 20, .days = 24856 },
	{ .year = 2100, .mon = 2, .day = 28, .days = 47540 },
	{ .year = 2100, .mon = 3, .day = 1, .days = 47541 },
	{ .year = 2400, .mon = 2, .day = 29, .days = 157113 },
	{ .year = 9999, .mon = 12, .day = 31, .days = 2932896 },
	{ .year = 10000, .mon = 1, .day = 1, .days = 2932897 },
	{ .year = 1, .mon = 1, .day = 1, .days = -719162 },
	/* Year 0 is a leap year; the days count from its March 1. */
	{ .year = 0, .mon = 1, .day = 1, .days = -719528 },
	{ .year = 0, .mon = 2, .day = 29, .days = -719469 },
	{ .year = 0, .mon = 3, .day = 1, .days = -719468 },
	{ .year = -1, .mon = 12, .day = 31, .days = -719529 },
	{ .year = -1, .mon = 3, .day = 1, .days = -719834 },
};

START_TEST(dates_give_their_days_since_1970)
{
	ck_assert_int_eq(calendar_days(dates[_i].year, dates[_i].mon,
	    dates[_i].day), dates[_i].days);
}
END_TEST

START_TEST(days_give_their_dates)
{
	struct calendar_tm	tm = { .hour = 7, .min = 8, .sec = 9 };

	calendar_date(dates[_i].days, &tm);
	ck_assert_int_eq(tm.year, dates[_i].year);
	ck_assert_int_eq(tm.mon, dates[_i].mon);
	ck_assert_int_eq(tm.day, dates[_i].day);
	/* The time of day is not the date's. */
	ck_assert(tm.hour == 7 && tm.min == 8 && tm.sec == 9);
}
END_TEST

static const struct {
	int64_t		 year;
	int		 leap;
} leaps[] = {
	{ .year = 1600, .leap = 1 },
	{ .year = 1700 },
	{ .year = 1900 },
	{ .year = 1970 },
	{ .year = 1972, .leap = 1 },
	{ .year = 2000, .leap = 1 },
	{ .year = 2023 },
	{ .year = 2024, .leap = 1 },
	{ .year = 2038 },
	{ .year = 2100 },
	{ .year = 2400, .leap = 1 },
	{ .year = 9996, .leap = 1 },
	{ .year = 9999 },
	{ .year = 0, .leap = 1 },
	{ .year = -1 },
	{ .year = -4, .leap = 1 },
	{ .year = -100 },
	{ .year = -400, .leap = 1 },
};

START_TEST(leap_years_follow_the_400_year_rule)
{
	ck_assert_int_eq(calendar_leap(leaps[_i].year), leaps[_i].leap);
	ck_assert_int_eq(calendar_month_days(leaps[_i].year, 2),
	    leaps[_i].leap ? 29 : 28);
}
END_TEST

START_TEST(months_have_their_days)
{
	static const int	days[] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	int			mon;

	for (mon = 1; mon <= 12; mon++) {
		ck_assert_int_eq(calendar_month_days(2023, mon),
		    days[mon - 1]);
		ck_assert_int_eq(calendar_month_days(2024, mon),
		    mon == 2 ? 29 : days[mon - 1]);
	}
}
END_TEST

/* Times from Python's datetime; before 1970 they round down. */
static const struct {
	int64_t			secs;
	struct calendar_tm	tm;
} times[] = {
	{ 0, { .year = 1970, .mon = 1, .day = 1 } },
	{ -1, { .year = 1969, .mon = 12, .day = 31, .hour = 23, .min = 59,
	    .sec = 59 } },
	{ -86400, { .year = 1969, .mon = 12, .day = 31 } },
	{ -86401, { .year = 1969, .mon = 12, .day = 30, .hour = 23,
	    .min = 59, .sec = 59 } },
	{ 86399, { .year = 1970, .mon = 1, .day = 1, .hour = 23, .min = 59,
	    .sec = 59 } },
	{ 951782400, { .year = 2000, .mon = 2, .day = 29 } },
	{ 2147483647, { .year = 2038, .mon = 1, .day = 19, .hour = 3,
	    .min = 14, .sec = 7 } },
	{ 2147483648LL, { .year = 2038, .mon = 1, .day = 19, .hour = 3,
	    .min = 14, .sec = 8 } },
	{ -2147483648LL, { .year = 1901, .mon = 12, .day = 13, .hour = 20,
	    .min = 45, .sec = 52 } },
	{ 4107542399LL, { .year = 2100, .mon = 2, .day = 28, .hour = 23,
	    .min = 59, .sec = 59 } },
	{ 4107542400LL, { .year = 2100, .mon = 3, .day = 1 } },
	{ 253402300799LL, { .year = 9999, .mon = 12, .day = 31, .hour = 23,
	    .min = 59, .sec = 59 } },
	{ -62135596800LL, { .year = 1, .mon = 1, .day = 1 } },
	{ -62167219200LL, { .year = 0, .mon = 1, .day = 1 } },
};

START_TEST(seconds_split_into_their_utc_time)
{
	struct calendar_tm	tm;

	calendar_split(times[_i].secs, &tm);
	ck_assert_int_eq(tm.year, times[_i].tm.year);
	ck_assert_int_eq(tm.mon, times[_i].tm.mon);
	ck_assert_int_eq(tm.day, times[_i].tm.day);
	ck_assert_int_eq(tm.hour, times[_i].tm.hour);
	ck_assert_int_eq(tm.min, times[_i].tm.min);
	ck_assert_int_eq(tm.sec, times[_i].tm.sec);
	ck_assert_int_eq(calendar_seconds(&times[_i].tm), times[_i].secs);
}
END_TEST

START_TEST(a_leap_second_is_the_next_second)
{
	const struct calendar_tm	tm = { .year = 2016, .mon = 12,
	    .day = 31, .hour = 23, .min = 59, .sec = 60 };

	ck_assert_int_eq(calendar_seconds(&tm), 1483228800);
}
END_TEST

/* Every day of 1600 to 2400 gives its date back, the next day after it. */
START_TEST(every_day_goes_there_and_back)
{
	struct calendar_tm	tm, prev;
	int64_t			days;

	calendar_date(calendar_days(1600, 1, 1) - 1, &prev);
	for (days = calendar_days(1600, 1, 1);
	    days <= calendar_days(2400, 12, 31); days++) {
		calendar_date(days, &tm);
		ck_assert_int_eq(calendar_days(tm.year, tm.mon, tm.day), days);
		ck_assert(tm.day >= 1 &&
		    tm.day <= calendar_month_days(tm.year, tm.mon));
		if (tm.day != 1)
			ck_assert(tm.year == prev.year && tm.mon == prev.mon &&
			    tm.day == prev.day + 1);
		else if (tm.mon != 1)
			ck_assert(tm.year == prev.year &&
			    tm.mon == prev.mon + 1 && prev.day ==
			    calendar_month_days(prev.year, prev.mon));
		else
			ck_assert(tm.year == prev.year + 1 && prev.mon == 12 &&
			    prev.day == 31);
		prev = tm;
	}
}
END_TEST

/* Every day of 1900 to 2400, at an odd second, agrees with gmtime_r. */
START_TEST(every_day_agrees_with_gmtime)
{
	struct calendar_tm	tm;
	struct tm		want;
	int64_t			secs;
	time_t			t;

	for (secs = -2208988800LL + 45296; secs < 13569465600LL;
	    secs += 86400 + 61) {
		t = (time_t)secs;
		ck_assert_ptr_nonnull(gmtime_r(&t, &want));
		calendar_split(secs, &tm);
		ck_assert(tm.year == want.tm_year + 1900 &&
		    tm.mon == want.tm_mon + 1 && tm.day == want.tm_mday &&
		    tm.hour == want.tm_hour && tm.min == want.tm_min &&
		    tm.sec == want.tm_sec);
		ck_assert_int_eq(calendar_seconds(&tm), secs);
	}
}
END_TEST

static Suite *
calendar_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("calendar");
	tc = tcase_create("dates");
	tcase_add_loop_test(tc, dates_give_their_days_since_1970, 0,
	    nitems(dates));
	tcase_add_loop_test(tc, days_give_their_dates, 0, nitems(dates));
	tcase_add_loop_test(tc, leap_years_follow_the_400_year_rule, 0,
	    nitems(leaps));
	tcase_add_test(tc, months_have_their_days);
	tcase_add_test(tc, every_day_goes_there_and_back);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("times");
	tcase_add_loop_test(tc, seconds_split_into_their_utc_time, 0,
	    nitems(times));
	tcase_add_test(tc, a_leap_second_is_the_next_second);
	tcase_add_test(tc, every_day_agrees_with_gmtime);
	/* Under the sanitizers the walks take a few seconds. */
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(calendar_suite());
}
