/* SPDX-License-Identifier: ISC */
/*
 * HTTP responses in an attempt's output, for --http. Each line of stdout and
 * stderr is looked at for a status line ("HTTP/1.1 503 ...") or a Retry-After
 * header, after what HTTP clients print before them: spaces or tabs (wget -S)
 * and "< " (curl -v). Only the first HTTP_LINE_HEAD bytes of a line count,
 * and only a line whose first byte after that prefix is 'H', 'R' or 'r' is
 * looked at closer, so a body passing through costs a memchr per line.
 *
 * Dates are the three HTTP-date formats of RFC 9110 section 5.6.7, worked out
 * with calendar arithmetic: timegm(3) is not in POSIX, and mktime(3) depends
 * on the time zone.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "http.h"
#include "statuslist.h"

#define HTTP_MIN 100
#define HTTP_MAX 599
#define HTTP_LIST_MIN 400	/* --http=LIST: error statuses only */

#define SECS_PER_DAY 86400

/* Days from 0000-03-01 (proleptic Gregorian) to 1970-01-01. */
#define DAYS_TO_EPOCH 719468
#define DAYS_PER_400Y 146097

/* A broken-down UTC time, as a date string gives it. */
struct http_tm {
	int64_t		year;
	int		mon;		/* 1-12 */
	int		day;		/* 1-31 */
	int		hour;
	int		min;
	int		sec;		/* 0-60, for a leap second */
};

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

/* Days before each month of a year that starts on March 1 (Mar = 0). */
static const int march_days[] = {
	0, 31, 61, 92, 122, 153, 184, 214, 245, 275, 306, 337
};

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Add statuses lo..hi (both within 100-599) to the list. */
static void
list_add(struct http_list *hl, int lo, int hi)
{
	int	i;

	for (i = lo; i <= hi; i++)
		hl->bits[i / 64] |= 1ULL << (i % 64);
}

/* Read a status 100-599 of len bytes at s; -1 if it is not one. */
static int
list_status(const char *s, size_t len)
{
	int	v;

	if (len != 3 || !is_digit(s[0]) || !is_digit(s[1]) || !is_digit(s[2]))
		return -1;
	v = (s[0] - '0') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
	return v < HTTP_MIN || v > HTTP_MAX ? -1 : v;
}

/* Parse one element, a status or a range N-M, into the list. */
static int
list_element(const char *s, size_t len, void *arg, const char **why)
{
	struct http_list	*hl = arg;
	const char	*dash;
	int		 lo, hi;

	if ((dash = memchr(s, '-', len)) == NULL) {
		lo = hi = list_status(s, len);
	} else {
		lo = list_status(s, (size_t)(dash - s));
		hi = list_status(dash + 1, len - (size_t)(dash - s) - 1);
	}
	/* Only errors are retried or not: a 200 in the list is a mistake. */
	if (lo < HTTP_LIST_MIN || hi < HTTP_LIST_MIN) {
		*why = "expected HTTP error statuses 400-599 and ranges N-M";
		return -1;
	}
	if (lo > hi) {
		*why = "range N-M with N > M";
		return -1;
	}
	list_add(hl, lo, hi);
	return 0;
}

/*
 * Parse a comma separated list of statuses and ranges into hl (cleared
 * first), every element counting. On error return -1 with *why set.
 */
int
http_list_parse(const char *s, struct http_list *hl, const char **why)
{
	memset(hl, 0, sizeof *hl);
	return statuslist_split(s, list_element, hl, why);
}

/* The statuses that say "try again later", as --http alone means them. */
void
http_list_default(struct http_list *hl)
{
	static const int	statuses[] = {
		408, 425, 429, 500, 502, 503, 504
	};
	size_t			i;

	memset(hl, 0, sizeof *hl);
	for (i = 0; i < nitems(statuses); i++)
		list_add(hl, statuses[i], statuses[i]);
}

int
http_list_has(const struct http_list *hl, int status)
{
	if (status < HTTP_MIN || status > HTTP_MAX)
		return 0;
	return ((hl->bits[status / 64] >> (status % 64)) & 1) != 0;
}

void
http_clear(struct http_seen *hs)
{
	memset(hs, 0, sizeof *hs);
}

static int
is_leap(int64_t year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

/* Days in a month of a year (year >= 0). */
static int
month_days(int64_t year, int mon)
{
	static const int	days[] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};

	return mon == 2 && is_leap(year) ? 29 : days[mon - 1];
}

/*
 * Days from 0000-03-01 to March 1 of year y (y >= 0): 365 a year, plus the
 * February 29ths in between, those of the leap years 1..y.
 */
static int64_t
march_first(int64_t y)
{
	return 365 * y + y / 4 - y / 100 + y / 400;
}

/*
 * Days since 1970-01-01 of a date of years 0-9999. Counting years from March
 * puts the leap day at the end of one; the 400 years added keep January and
 * February of year 0 (March-year -1) off negative division.
 */
static int64_t
days_from_civil(int64_t year, int mon, int day)
{
	int64_t	y;
	int	mp;

	y = year - (mon <= 2) + 400;
	mp = mon <= 2 ? mon + 9 : mon - 3;
	return march_first(y) + march_days[mp] + day - 1 - DAYS_PER_400Y -
	    DAYS_TO_EPOCH;
}

/* The date of a day since 1970-01-01, any day a time_t can hold. */
static void
civil_from_days(int64_t days, struct http_tm *tm)
{
	int64_t	z, era, doe, yoe, doy;
	int	mp;

	z = days + DAYS_TO_EPOCH;
	era = z / DAYS_PER_400Y;
	if (z % DAYS_PER_400Y < 0)
		era--;
	doe = z - era * DAYS_PER_400Y;
	/* At most 366 days a year: start low, count up (twice at most). */
	yoe = doe / 366;
	while (march_first(yoe + 1) <= doe)
		yoe++;
	doy = doe - march_first(yoe);
	for (mp = 11; march_days[mp] > doy; mp--)
		;
	tm->day = (int)(doy - march_days[mp]) + 1;
	tm->mon = mp < 10 ? mp + 3 : mp - 9;
	tm->year = era * 400 + yoe + (tm->mon <= 2);
}

/* The broken-down UTC time of now. */
static void
civil_from_time(time_t now, struct http_tm *tm)
{
	int64_t	days, secs;

	days = (int64_t)now / SECS_PER_DAY;
	secs = (int64_t)now % SECS_PER_DAY;
	if (secs < 0) {
		days--;
		secs += SECS_PER_DAY;
	}
	civil_from_days(days, tm);
	tm->hour = (int)(secs / 3600);
	tm->min = (int)(secs / 60 % 60);
	tm->sec = (int)(secs % 60);
}

/* Is a later than b? */
static int
tm_after(const struct http_tm *a, const struct http_tm *b)
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
match_month(const char *s, size_t len, size_t *i, struct http_tm *tm)
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
match_time(const char *s, size_t len, size_t *i, struct http_tm *tm)
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
parse_imf(const char *s, size_t len, struct http_tm *tm)
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
rfc850_year(struct http_tm *tm, int yy, time_t now)
{
	struct http_tm	limit;

	civil_from_time(now, &limit);
	limit.year += 50;
	tm->year = limit.year - ((limit.year % 100 + 100) % 100) + yy;
	if (tm_after(tm, &limit))
		tm->year -= 100;
}

/* The obsolete RFC 850 form, "Sunday, 06-Nov-94 08:49:37 GMT". */
static int
parse_rfc850(const char *s, size_t len, time_t now, struct http_tm *tm)
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
parse_asctime(const char *s, size_t len, struct http_tm *tm)
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
	struct http_tm	tm;
	int64_t		v;

	if (parse_imf(s, len, &tm) == -1 &&
	    parse_rfc850(s, len, now, &tm) == -1 &&
	    parse_asctime(s, len, &tm) == -1)
		return -1;
	/* A two-digit year near a clock far off may land outside 0-9999. */
	if (tm.year < 0 || tm.year > 9999)
		return -1;
	if (tm.day < 1 || tm.day > month_days(tm.year, tm.mon))
		return -1;
	v = days_from_civil(tm.year, tm.mon, tm.day) * SECS_PER_DAY +
	    (int64_t)tm.hour * 3600 + (int64_t)tm.min * 60 + tm.sec;
	if ((int64_t)(time_t)v != v)
		return -1;
	*t = (time_t)v;
	return 0;
}

/*
 * The seconds a Retry-After value asks for (RFC 9110 section 10.2.3):
 * delay-seconds or an HTTP-date, at most HTTP_RETRY_AFTER_MAX; -1 if it is
 * neither.
 */
static int
retry_after_value(const char *s, size_t len, time_t now, uint64_t *secs)
{
	uint64_t	v = 0;
	size_t		i;
	time_t		t;

	if (len == 0)
		return -1;
	if (is_digit(s[0])) {
		for (i = 0; i < len; i++) {
			if (!is_digit(s[i]))
				return -1;
			/* Past the cap the value no longer matters. */
			if (v <= HTTP_RETRY_AFTER_MAX)
				v = v * 10 + (uint64_t)(s[i] - '0');
		}
	} else {
		if (http_date_parse(s, len, now, &t) == -1)
			return -1;
		/* Unsigned, so that no clock makes the difference overflow. */
		v = t > now ? (uint64_t)t - (uint64_t)now : 0;
	}
	*secs = v > HTTP_RETRY_AFTER_MAX ? HTTP_RETRY_AFTER_MAX : v;
	return 0;
}

/* Skip what clients print before a header: blanks, and "< " (curl -v). */
static size_t
skip_prefix(const char *s, size_t len)
{
	size_t	i = 0;

	while (i < len && is_blank(s[i]))
		i++;
	if (i + 1 < len && s[i] == '<' && is_blank(s[i + 1])) {
		for (i += 2; i < len && is_blank(s[i]); i++)
			;
	}
	return i;
}

/*
 * The code of a status line "HTTP/VERSION NNN ...", s at its 'H'; 0 if it is
 * not one. A line cut right after the code is not one: what came next is
 * unknown.
 */
static int
status_code(const char *s, size_t len, int cut)
{
	size_t	i = 5;
	int	code;

	if (len < 5 || memcmp(s, "HTTP/", 5) != 0)
		return 0;
	/* The version: digits and dots, a digit first (1.0, 1.1, 2, 3). */
	if (i == len || !is_digit(s[i]))
		return 0;
	while (i < len && (is_digit(s[i]) || s[i] == '.'))
		i++;
	if (i == len || !is_blank(s[i]))
		return 0;
	while (i < len && is_blank(s[i]))
		i++;
	if (i + 3 > len || !is_digit(s[i]) || !is_digit(s[i + 1]) ||
	    !is_digit(s[i + 2]))
		return 0;
	code = (s[i] - '0') * 100 + (s[i + 1] - '0') * 10 + (s[i + 2] - '0');
	if (code < HTTP_MIN || code > HTTP_MAX)
		return 0;
	i += 3;
	if (i == len)
		return cut ? 0 : code;
	return is_blank(s[i]) || s[i] == '\r' ? code : 0;
}

/*
 * If s is a Retry-After header, in any case and with blanks around the
 * colon, return 1 with *value at what follows the colon and its blanks.
 * The case is ASCII's, whatever the locale.
 */
static int
retry_after_header(const char *s, size_t len, size_t *value)
{
	static const char	lower[] = "retry-after";
	static const char	upper[] = "RETRY-AFTER";
	size_t			i;

	if (len < sizeof lower - 1)
		return 0;
	for (i = 0; i < sizeof lower - 1; i++) {
		if (s[i] != lower[i] && s[i] != upper[i])
			return 0;
	}
	while (i < len && is_blank(s[i]))
		i++;
	if (i == len || s[i] != ':')
		return 0;
	for (i++; i < len && is_blank(s[i]); i++)
		;
	*value = i;
	return 1;
}

/* Look at the first len bytes of a line; cut: the line went on. */
static void
scan(struct http_seen *hs, const char *s, size_t len, int cut, time_t now)
{
	uint64_t	secs;
	size_t		i;
	int		code;

	i = skip_prefix(s, len);
	s += i;
	len -= i;
	if (len == 0)
		return;
	if (s[0] == 'H') {
		/* A new response: an earlier Retry-After is not its own. */
		if ((code = status_code(s, len, cut)) != 0) {
			hs->status = code;
			hs->retry_after = 0;
			hs->retry_after_s = 0;
		}
		return;
	}
	if ((s[0] != 'R' && s[0] != 'r') || !retry_after_header(s, len, &i))
		return;
	s += i;
	len -= i;
	while (len > 0 && (is_blank(s[len - 1]) || s[len - 1] == '\r'))
		len--;
	/* A value that runs on past the head cannot be checked. */
	if (cut || retry_after_value(s, len, now, &secs) == -1) {
		hs->bad_retry_after = 1;
		return;
	}
	hs->retry_after = 1;
	hs->retry_after_s = secs;
}

/*
 * Look at one line without its '\n'. Only its first HTTP_LINE_HEAD bytes
 * count; a final '\r' is dropped when the line fits in them.
 */
void
http_scan_line(struct http_seen *hs, const char *line, size_t len,
    time_t now)
{
	if (len > HTTP_LINE_HEAD) {
		scan(hs, line, HTTP_LINE_HEAD, 1, now);
		return;
	}
	if (len > 0 && line[len - 1] == '\r')
		len--;
	scan(hs, line, len, 0, now);
}

/*
 * Could a line that starts with these len bytes be one that scan() looks
 * at? Yes while its first byte after the prefix is still to come.
 */
static int
could_matter(const char *s, size_t len)
{
	size_t	i = 0;

	if (len > HTTP_LINE_HEAD)
		len = HTTP_LINE_HEAD;
	while (i < len && is_blank(s[i]))
		i++;
	if (i < len && s[i] == '<') {
		if (++i == len)
			return 1;
		if (!is_blank(s[i]))
			return 0;
		while (i < len && is_blank(s[i]))
			i++;
	}
	return i == len || s[i] == 'H' || s[i] == 'R' || s[i] == 'r';
}

/*
 * Keep n more bytes of the line being read, up to HTTP_LINE_HEAD. A line
 * that plainly cannot matter is not kept at all: it is marked cut with
 * nothing in it.
 */
static void
line_keep(struct http_line *hl, const char *p, size_t n)
{
	size_t	room;

	if (hl->cut || n == 0)
		return;
	if (hl->len == 0 && !could_matter(p, n)) {
		hl->cut = 1;
		return;
	}
	room = HTTP_LINE_HEAD - hl->len;
	if (n > room) {
		n = room;
		hl->cut = 1;
	}
	memcpy(hl->buf + hl->len, p, n);
	hl->len += n;
}

/* Look at the line kept, which has ended, and start an empty one. */
static void
line_end(struct http_seen *hs, struct http_line *hl, time_t now)
{
	if (hl->cut)
		scan(hs, hl->buf, hl->len, 1, now);
	else
		http_scan_line(hs, hl->buf, hl->len, now);
	hl->len = 0;
	hl->cut = 0;
}

/*
 * Look at the whole lines of the run at p (len bytes: newlines between the
 * lines, none after the last) that can be a status or a Retry-After line:
 * those with "HTTP/" or a ':' in them, in order. A body of short lines
 * then costs a memmem and a memchr over it, not a call per line: with
 * one call per line, 1 GiB of `yes` took four times as long as an
 * output condition.
 */
static void
scan_whole(struct http_seen *hs, const char *p, size_t len, time_t now)
{
	const char	*end = p + len, *h, *c, *at, *ls, *le;

	h = memmem(p, len, "HTTP/", 5);
	c = memchr(p, ':', len);
	while (h != NULL || c != NULL) {
		at = h != NULL && (c == NULL || h < c) ? h : c;
		ls = memrchr(p, '\n', (size_t)(at - p));
		ls = ls != NULL ? ls + 1 : p;
		le = memchr(at, '\n', (size_t)(end - at));
		if (le == NULL)
			le = end;
		http_scan_line(hs, ls, (size_t)(le - ls), now);
		if (le == end)
			return;
		p = le + 1;	/* later hits lie in later lines */
		if (h != NULL && h < p)
			h = memmem(p, (size_t)(end - p), "HTTP/", 5);
		if (c != NULL && c < p)
			c = memchr(p, ':', (size_t)(end - p));
	}
}

/*
 * Read a chunk of a stream, hl being what is kept of the line it continues
 * (a zeroed struct for none): first the end of that line, then the lines
 * that lie whole in the chunk, looked at in place, then the head of the
 * one that goes on past it.
 */
void
http_feed(struct http_seen *hs, struct http_line *hl, const char *p,
    size_t len, time_t now)
{
	const char	*nl;

	if (hl->len > 0 || hl->cut) {
		if ((nl = memchr(p, '\n', len)) == NULL) {
			line_keep(hl, p, len);
			return;
		}
		line_keep(hl, p, (size_t)(nl - p));
		line_end(hs, hl, now);
		len -= (size_t)(nl - p) + 1;
		p = nl + 1;
	}
	if (len > 0 && (nl = memrchr(p, '\n', len)) != NULL) {
		scan_whole(hs, p, (size_t)(nl - p), now);
		len -= (size_t)(nl - p) + 1;
		p = nl + 1;
	}
	line_keep(hl, p, len);
}

/* The stream ended: look at its last line if it had no newline. */
void
http_flush(struct http_seen *hs, struct http_line *hl, time_t now)
{
	size_t	i = 0;

	/*
	 * A Retry-After that never got its newline may have been cut by a
	 * kill or by output given up as late ("Retry-After: 1" of "...:
	 * 1200"): it is not trusted. A real head ends its lines with CRLF.
	 */
	if (hl->len >= 2 && hl->buf[0] == '<' && hl->buf[1] == ' ')
		i = 2;
	while (i < hl->len && is_blank(hl->buf[i]))
		i++;
	if (i < hl->len && (hl->buf[i] == 'R' || hl->buf[i] == 'r'))
		hl->cut = 1;
	line_end(hs, hl, now);
}
