/* SPDX-License-Identifier: ISC */
/*
 * The three HTTP-date formats of RFC 9110 section 5.6.7: IMF-fixdate,
 * the obsolete RFC 850 form and ANSI C's asctime() form, read exactly
 * and turned into seconds by the calendar's arithmetic (calendar.c):
 * timegm(3) is not in POSIX, and mktime(3) depends on the time zone.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <time.h>

#include "policy/calendar.h"
#include "policy/httpdate.h"

/*
 * Names as RFC 9110 section 5.6.7 spells them. "HTTP-date is case
 * sensitive", so they are matched exactly, as is "GMT".
 */
static const char *const day_names[] = {
	"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"
};
static const char *const day_names_long[] = {
	"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
	"Sunday"
};
static const char *const month_names[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
};

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Is a later than b? */
static int
tm_after(const struct calendar_tm *a, const struct calendar_tm *b)
{
	if (a->year != b->year)
		return a->year > b->year;
	if (a->mon != b->mon)
		return a->mon > b->mon;
	if (a->day != b->day)
		return a->day > b->day;
	if (a->hour != b->hour)
		return a->hour > b->hour;
	if (a->min != b->min)
		return a->min > b->min;
	return a->sec > b->sec;
}

/* Match the literal lit at s[*i] and step past it. */
static int
match_lit(const char *s, size_t len, size_t *i, const char *lit)
{
	size_t	n = strlen(lit);

	if (len - *i < n || memcmp(s + *i, lit, n) != 0)
		return -1;
	*i += n;
	return 0;
}

/* Read exactly n digits at s[*i] into *v and step past them. */
static int
match_digits(const char *s, size_t len, size_t *i, size_t n, int *v)
{
	size_t	k;

	if (len - *i < n)
		return -1;
	*v = 0;
	for (k = 0; k < n; k++) {
		if (!is_digit(s[*i + k]))
			return -1;
		*v = *v * 10 + (s[*i + k] - '0');
	}
	*i += n;
	return 0;
}

/* Match one of n names at s[*i]; its index in *v. */
static int
match_name(const char *s, size_t len, size_t *i, const char *const *names,
    size_t n, int *v)
{
	size_t	k;

	for (k = 0; k < n; k++) {
		if (match_lit(s, len, i, names[k]) == 0) {
			*v = (int)k;
			return 0;
		}
	}
	return -1;
}

/* Read a month name into tm->mon (1-12). */
static int
match_month(const char *s, size_t len, size_t *i, struct calendar_tm *tm)
{
	if (match_name(s, len, i, month_names, nitems(month_names),
	    &tm->mon) == -1)
		return -1;
	tm->mon++;
	return 0;
}

/*
 * Read time-of-day, "HH:MM:SS": 00:00:00 to 23:59:60, the 60 for a leap
 * second (RFC 9110 section 5.6.7).
 */
static int
match_time(const char *s, size_t len, size_t *i, struct calendar_tm *tm)
{
	if (match_digits(s, len, i, 2, &tm->hour) == -1 ||
	    match_lit(s, len, i, ":") == -1 ||
	    match_digits(s, len, i, 2, &tm->min) == -1 ||
	    match_lit(s, len, i, ":") == -1 ||
	    match_digits(s, len, i, 2, &tm->sec) == -1)
		return -1;
	return tm->hour <= 23 && tm->min <= 59 && tm->sec <= 60 ? 0 : -1;
}

/*
 * IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT". The day name is not checked
 * against the date: RFC 9110 asks only that it be one.
 */
static int
parse_imf(const char *s, size_t len, struct calendar_tm *tm)
{
	size_t	i = 0;
	int	wday, year;

	if (match_name(s, len, &i, day_names, nitems(day_names),
	    &wday) == -1 ||
	    match_lit(s, len, &i, ", ") == -1 ||
	    match_digits(s, len, &i, 2, &tm->day) == -1 ||
	    match_lit(s, len, &i, " ") == -1 ||
	    match_month(s, len, &i, tm) == -1 ||
	    match_lit(s, len, &i, " ") == -1 ||
	    match_digits(s, len, &i, 4, &year) == -1 ||
	    match_lit(s, len, &i, " ") == -1 ||
	    match_time(s, len, &i, tm) == -1 ||
	    match_lit(s, len, &i, " GMT") == -1)
		return -1;
	tm->year = year;
	return i == len ? 0 : -1;
}

/*
 * The year of a two-digit one yy (RFC 9110 section 5.6.7): one that would be
 * more than 50 years in the future is the most recent past year with those
 * digits. So the year is the latest one ending in yy whose date is not after
 * now's date 50 years on; comparing dates field by field leaves leap days
 * out of it.
 */
static void
rfc850_year(struct calendar_tm *tm, int yy, time_t now)
{
	struct calendar_tm	limit;

	calendar_split((int64_t)now, &limit);
	limit.year += 50;
	tm->year = limit.year - ((limit.year % 100 + 100) % 100) + yy;
	if (tm_after(tm, &limit))
		tm->year -= 100;
}

/* The obsolete RFC 850 form, "Sunday, 06-Nov-94 08:49:37 GMT". */
static int
parse_rfc850(const char *s, size_t len, time_t now, struct calendar_tm *tm)
{
	size_t	i = 0;
	int	wday, yy;

	if (match_name(s, len, &i, day_names_long, nitems(day_names_long),
	    &wday) == -1 ||
	    match_lit(s, len, &i, ", ") == -1 ||
	    match_digits(s, len, &i, 2, &tm->day) == -1 ||
	    match_lit(s, len, &i, "-") == -1 ||
	    match_month(s, len, &i, tm) == -1 ||
	    match_lit(s, len, &i, "-") == -1 ||
	    match_digits(s, len, &i, 2, &yy) == -1 ||
	    match_lit(s, len, &i, " ") == -1 ||
	    match_time(s, len, &i, tm) == -1 ||
	    match_lit(s, len, &i, " GMT") == -1 || i != len)
		return -1;
	rfc850_year(tm, yy, now);
	return 0;
}

/* ANSI C's asctime() form, "Sun Nov  6 08:49:37 1994". */
static int
parse_asctime(const char *s, size_t len, struct calendar_tm *tm)
{
	size_t	i = 0;
	int	wday, year;

	if (match_name(s, len, &i, day_names, nitems(day_names),
	    &wday) == -1 ||
	    match_lit(s, len, &i, " ") == -1 ||
	    match_month(s, len, &i, tm) == -1 ||
	    match_lit(s, len, &i, " ") == -1)
		return -1;
	/* The day is two digits, or a space and one. */
	if (match_lit(s, len, &i, " ") == 0) {
		if (match_digits(s, len, &i, 1, &tm->day) == -1)
			return -1;
	} else if (match_digits(s, len, &i, 2, &tm->day) == -1)
		return -1;
	if (match_lit(s, len, &i, " ") == -1 ||
	    match_time(s, len, &i, tm) == -1 ||
	    match_lit(s, len, &i, " ") == -1 ||
	    match_digits(s, len, &i, 4, &year) == -1)
		return -1;
	tm->year = year;
	return i == len ? 0 : -1;
}

/*
 * Parse an HTTP-date of len bytes at s, in any of its three formats, into
 * *t. now places the two-digit year of the RFC 850 form.
 */
int
http_date_parse(const char *s, size_t len, time_t now, time_t *t)
{
	struct calendar_tm	tm;
	int64_t			v;

	if (parse_imf(s, len, &tm) == -1 &&
	    parse_rfc850(s, len, now, &tm) == -1 &&
	    parse_asctime(s, len, &tm) == -1)
		return -1;
	/* A two-digit year near a clock far off may land outside 0-9999. */
	if (tm.year < 0 || tm.year > 9999)
		return -1;
	if (tm.day < 1 || tm.day > calendar_month_days(tm.year, tm.mon))
		return -1;
	v = calendar_seconds(&tm);
	if ((int64_t)(time_t)v != v)
		return -1;
	*t = (time_t)v;
	return 0;
}
