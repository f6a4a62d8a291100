/* SPDX-License-Identifier: ISC */
/*
 * HTTP responses in an attempt's output, for --http. Each line of stdout and
 * stderr is looked at for a status line ("HTTP/1.1 503 ...") or a header
 * that asks for a wait (Retry-After, and the rate-limit headers: RateLimit,
 * RateLimit-Reset, X-RateLimit-Reset and their Remaining), after what HTTP
 * clients print before them: spaces or tabs (wget -S) and "< " (curl -v).
 * Only the first HTTP_LINE_HEAD bytes of a line count, and only a line whose
 * first byte after that prefix is 'H', 'R', 'r', 'X' or 'x' is looked at
 * closer, so a body passing through costs a memchr per line.
 *
 * Dates are the three HTTP-date formats of RFC 9110 section 5.6.7, worked out
 * with calendar arithmetic: timegm(3) is not in POSIX, and mktime(3) depends
 * on the time zone.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "policy/bytes.h"
#include "policy/http.h"
#include "policy/statuslist.h"

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

static int
is_lcalpha(char c)
{
	return c >= 'a' && c <= 'z';
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

/* The headers looked at. */
enum header {
	HDR_NONE,
	HDR_RETRY_AFTER,
	HDR_RATELIMIT,
	HDR_RATELIMIT_RESET,
	HDR_RATELIMIT_REMAINING,
	HDR_X_RATELIMIT_RESET,
	HDR_X_RATELIMIT_REMAINING,
};

/* Their names, in lower case; a longer name after its prefix or not. */
static const struct {
	const char	*name;
	enum header	 h;
} headers[] = {
	{ "retry-after", HDR_RETRY_AFTER },
	{ "ratelimit", HDR_RATELIMIT },
	{ "ratelimit-reset", HDR_RATELIMIT_RESET },
	{ "ratelimit-remaining", HDR_RATELIMIT_REMAINING },
	{ "x-ratelimit-reset", HDR_X_RATELIMIT_RESET },
	{ "x-ratelimit-remaining", HDR_X_RATELIMIT_REMAINING },
};

/* Is c the byte l, a lower case letter in either case? ASCII's case. */
static int
same_letter(char c, char l)
{
	return c == l || (is_lcalpha(l) && c == l - 'a' + 'A');
}

/*
 * If s is the header name, in any case and with blanks before the colon,
 * return 1 with *value at what follows the colon and its blanks.
 */
static int
header_is(const char *s, size_t len, const char *name, size_t *value)
{
	size_t	i, n = strlen(name);

	if (len < n)
		return 0;
	for (i = 0; i < n; i++) {
		if (!same_letter(s[i], name[i]))
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

/* Which header s is, with *value at its value; HDR_NONE: none of them. */
static enum header
header_of(const char *s, size_t len, size_t *value)
{
	size_t	k;

	for (k = 0; k < nitems(headers); k++) {
		if (header_is(s, len, headers[k].name, value))
			return headers[k].h;
	}
	return HDR_NONE;
}

/* Seconds, and past the point where they matter, no more. */
#define COUNT_MAX 1000000000000000000ULL	/* 10^18 */
/* An X-RateLimit-Reset above it is a Unix time (2001-09-09 and later). */
#define UNIX_TIME_MIN 1000000000ULL

/*
 * A count of len bytes at s: digits, and when frac allows, a fraction
 * that rounds it up ("1.5" of some X-RateLimit-Reset); at most COUNT_MAX.
 * -1 if it is not one.
 */
static int
count_value(const char *s, size_t len, int frac, uint64_t *v)
{
	size_t	i;
	int	up = 0;

	*v = 0;
	for (i = 0; i < len && is_digit(s[i]); i++) {
		if (*v < COUNT_MAX)
			*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	if (i == 0)
		return -1;
	if (frac && i < len && s[i] == '.') {
		if (++i == len || !is_digit(s[i]))
			return -1;
		for (; i < len && is_digit(s[i]); i++)
			up |= s[i] != '0';
	}
	if (i != len)
		return -1;
	*v += (uint64_t)up;
	if (*v > COUNT_MAX)
		*v = COUNT_MAX;
	return 0;
}

/* Seconds from now, at most HTTP_RETRY_AFTER_MAX. */
static uint64_t
wait_cap(uint64_t v)
{
	return v > HTTP_RETRY_AFTER_MAX ? HTTP_RETRY_AFTER_MAX : v;
}

/*
 * The seconds an X-RateLimit-Reset asks for: a Unix time when above 10^9
 * (GitHub's), seconds from now otherwise (many other APIs'); a time in
 * the past is 0.
 */
static int
x_reset_value(const char *s, size_t len, time_t now, uint64_t *secs)
{
	uint64_t	v;

	if (count_value(s, len, 1, &v) == -1)
		return -1;
	if (v > UNIX_TIME_MIN) {
		/* Unsigned, so that no clock makes the difference overflow. */
		v = (int64_t)v > (int64_t)now ? v - (uint64_t)now : 0;
	}
	*secs = wait_cap(v);
	return 0;
}

/* A Structured Field's bytes (RFC 8941 section 3.3). */

static int
is_alpha(char c)
{
	return is_lcalpha(c) || (c >= 'A' && c <= 'Z');
}

static int
is_tchar(char c)
{
	return is_alpha(c) || is_digit(c) ||
	    (c != '\0' && strchr("!#$%&'*+-.^_`|~:/", c) != NULL);
}

/*
 * Step past a Structured Field bare item at s[*i]: a string, a token, a
 * number, a byte sequence or a boolean (RFC 8941 section 4.2.3.1). *v is
 * the item when it is an integer (at most 15 digits), -1 when it is
 * anything else.
 */
static int
sf_item(const char *s, size_t len, size_t *i, int64_t *v)
{
	size_t	j = *i, n;
	int64_t	x = 0;
	int	neg = 0;

	*v = -1;
	if (j == len)
		return -1;
	if (s[j] == '"') {
		for (j++; j < len && s[j] != '"'; j++) {
			if (s[j] == '\\' && (++j == len ||
			    (s[j] != '"' && s[j] != '\\')))
				return -1;
			if (s[j] < 0x20 || s[j] > 0x7e)
				return -1;
		}
		if (j == len)
			return -1;
		j++;
	} else if (s[j] == '*' || is_alpha(s[j])) {
		while (j < len && is_tchar(s[j]))
			j++;
	} else if (s[j] == ':') {
		for (j++; j < len && s[j] != ':'; j++) {
			if (!is_alpha(s[j]) && !is_digit(s[j]) &&
			    s[j] != '+' && s[j] != '/' && s[j] != '=')
				return -1;
		}
		if (j++ == len)
			return -1;
	} else if (s[j] == '?') {
		if (j + 1 == len || (s[j + 1] != '0' && s[j + 1] != '1'))
			return -1;
		j += 2;
	} else {
		if (s[j] == '-') {
			neg = 1;
			j++;
		}
		for (n = 0; j < len && is_digit(s[j]) && n <= 15; j++, n++)
			x = x * 10 + (s[j] - '0');
		if (n == 0 || n > 15)
			return -1;
		if (j < len && s[j] == '.') {
			/* A decimal: up to 12 digits, then 1 to 3. */
			if (n > 12)
				return -1;
			for (j++, n = 0; j < len && is_digit(s[j]); j++)
				n++;
			if (n == 0 || n > 3)
				return -1;
		} else
			*v = neg ? -x : x;
	}
	*i = j;
	return 0;
}

/* A byte of a parameter's key, after its first. */
static int
is_keychar(char c)
{
	return is_lcalpha(c) || is_digit(c) || c == '_' || c == '-' ||
	    c == '.' || c == '*';
}

/* One quota policy of a RateLimit field: its r and t; -1: not given. */
struct policy {
	int64_t	r;
	int64_t	t;
};

/*
 * Step past the parameters of an item at s[*i] (";key=value" or ";key",
 * a boolean), keeping r and t, which must be integers 0 or more; the last
 * of a key counts (RFC 8941 section 4.2.3.2).
 */
static int
sf_params(const char *s, size_t len, size_t *i, struct policy *p)
{
	size_t	j = *i;
	int64_t	v;
	int	key;

	p->r = p->t = -1;
	while (j < len && s[j] == ';') {
		for (j++; j < len && s[j] == ' '; j++)
			;
		if (j == len || (!is_lcalpha(s[j]) && s[j] != '*'))
			return -1;
		/* A one-letter key: its letter, else none. */
		key = j + 1 == len || !is_keychar(s[j + 1]) ? s[j] : '\0';
		for (j++; j < len && is_keychar(s[j]); j++)
			;
		v = -1;		/* a key alone is the boolean true */
		if (j < len && s[j] == '=') {
			j++;
			if (sf_item(s, len, &j, &v) == -1)
				return -1;
		}
		if (key == 'r' || key == 't') {
			if (v < 0)
				return -1;
			if (key == 'r')
				p->r = v;
			else
				p->t = v;
		}
	}
	*i = j;
	return 0;
}

/*
 * A RateLimit field of the IETF httpapi drafts, a Structured Field list
 * (RFC 8941) of quota policies: `"default";r=0;t=2, "day";r=90;t=3600`,
 * r the quota units left, t the seconds until the quota resets. The
 * longest t of a policy that is spent or does not say (no r) is the
 * wait; one with room left (r > 0) asks for none. A field that does not
 * parse is ignored whole, as RFC 8941 asks.
 */
static int
ratelimit_value(const char *s, size_t len, struct http_seen *hs)
{
	struct policy	p;
	size_t		i = 0;
	int64_t		v;
	uint64_t	wait = 0;
	int		spent = 0, found = 0;

	for (;;) {
		if (i == len || s[i] == '(' || sf_item(s, len, &i, &v) == -1 ||
		    sf_params(s, len, &i, &p) == -1)
			return -1;
		if (p.r == 0)
			spent = 1;
		if (p.t >= 0 && p.r <= 0 && (!found || (uint64_t)p.t > wait)) {
			wait = (uint64_t)p.t;
			found = 1;
		}
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			break;
		if (s[i] != ',')
			return -1;
		for (i++; i < len && is_blank(s[i]); i++)
			;
	}
	if (spent)
		hs->quota_spent = 1;
	wait = wait_cap(wait);
	if (found && (!hs->resp.policy || wait > hs->resp.policy_s)) {
		hs->resp.policy = 1;
		hs->resp.policy_s = wait;
	}
	return 0;
}

/* The longest reset of a rate limit in this response. */
static void
reset_seen(struct http_seen *hs, uint64_t secs, enum http_wait_from from)
{
	if (!hs->resp.reset || secs > hs->resp.reset_s) {
		hs->resp.reset = 1;
		hs->resp.reset_s = secs;
		hs->resp.reset_from = from;
	}
}

/*
 * Read a header's value of len bytes at s into hs; -1 if it is malformed
 * (and then nothing of it is kept).
 */
static int
header_value(struct http_seen *hs, enum header h, const char *s, size_t len,
    time_t now)
{
	uint64_t	v;

	switch (h) {
	case HDR_RETRY_AFTER:
		if (retry_after_value(s, len, now, &v) == -1)
			return -1;
		hs->resp.ra = 1;
		hs->resp.ra_s = v;
		return 0;
	case HDR_RATELIMIT:
		return ratelimit_value(s, len, hs);
	case HDR_RATELIMIT_RESET:
		if (count_value(s, len, 0, &v) == -1)
			return -1;
		reset_seen(hs, wait_cap(v), HTTP_WAIT_RATELIMIT_RESET);
		return 0;
	case HDR_X_RATELIMIT_RESET:
		if (x_reset_value(s, len, now, &v) == -1)
			return -1;
		reset_seen(hs, v, HTTP_WAIT_X_RATELIMIT_RESET);
		return 0;
	case HDR_RATELIMIT_REMAINING:
	case HDR_X_RATELIMIT_REMAINING:
		if (count_value(s, len, 0, &v) == -1)
			return -1;
		if (v == 0)
			hs->quota_spent = 1;
		else
			hs->resp.room = 1;
		return 0;
	case HDR_NONE:
		break;
	}
	return -1;
}

/*
 * The wait the last response asks for: its Retry-After, else the longest
 * reset of its rate limits. A [X-]RateLimit-Reset counts unless the
 * response says its quota has room left: GitHub sends one with every
 * response, and a 502 with 4999 calls left is no reason to wait for the
 * hour's end.
 */
static void
resolve(struct http_seen *hs)
{
	const struct http_response	*r = &hs->resp;
	int				 reset;

	reset = r->reset && (hs->quota_spent || !r->room);
	hs->retry_after = 1;
	if (r->ra) {
		hs->retry_after_s = r->ra_s;
		hs->retry_after_from = HTTP_WAIT_RETRY_AFTER;
	} else if (r->policy && (!reset || r->policy_s >= r->reset_s)) {
		hs->retry_after_s = r->policy_s;
		hs->retry_after_from = HTTP_WAIT_RATELIMIT;
	} else if (reset) {
		hs->retry_after_s = r->reset_s;
		hs->retry_after_from = r->reset_from;
	} else {
		hs->retry_after = 0;
		hs->retry_after_s = 0;
		hs->retry_after_from = HTTP_WAIT_NONE;
	}
}

const char *
http_wait_name(enum http_wait_from from)
{
	switch (from) {
	case HTTP_WAIT_RETRY_AFTER:
		return "Retry-After";
	case HTTP_WAIT_RATELIMIT:
		return "RateLimit";
	case HTTP_WAIT_RATELIMIT_RESET:
		return "RateLimit-Reset";
	case HTTP_WAIT_X_RATELIMIT_RESET:
		return "X-RateLimit-Reset";
	case HTTP_WAIT_NONE:
		break;
	}
	return "";
}

/* Can a line whose first byte after the prefix is c be a header read? */
static int
could_be_header(char c)
{
	return c == 'R' || c == 'r' || c == 'X' || c == 'x';
}

/* Look at the first len bytes of a line; cut: the line went on. */
static void
scan(struct http_seen *hs, const char *s, size_t len, int cut, time_t now)
{
	enum header	h;
	size_t		i;
	int		code;

	i = skip_prefix(s, len);
	s += i;
	len -= i;
	if (len == 0)
		return;
	if (s[0] == 'H') {
		/* A new response: earlier headers are not its own. */
		if ((code = status_code(s, len, cut)) != 0) {
			hs->status = code;
			hs->quota_spent = 0;
			memset(&hs->resp, 0, sizeof hs->resp);
			resolve(hs);
		}
		return;
	}
	if (!could_be_header(s[0]) || (h = header_of(s, len, &i)) == HDR_NONE)
		return;
	s += i;
	len -= i;
	while (len > 0 && (is_blank(s[len - 1]) || s[len - 1] == '\r'))
		len--;
	/* A value that runs on past the head cannot be checked. */
	if (cut || header_value(hs, h, s, len, now) == -1) {
		if (h == HDR_RETRY_AFTER)
			hs->bad_retry_after = 1;
		else
			hs->bad_ratelimit = 1;
		return;
	}
	resolve(hs);
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
	return i == len || s[i] == 'H' || could_be_header(s[i]);
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
 * lines, none after the last) that can be a status line or a header read:
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
		ls = bytes_rchr(p, '\n', (size_t)(at - p));
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
	if (len > 0 && (nl = bytes_rchr(p, '\n', len)) != NULL) {
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
	 * A header that never got its newline may have been cut by a kill
	 * or by output given up as late ("Retry-After: 1" of "...: 1200",
	 * "X-RateLimit-Remaining: 0" of "...: 05"): it is not trusted. A
	 * real head ends its lines with CRLF.
	 */
	if (hl->len >= 2 && hl->buf[0] == '<' && hl->buf[1] == ' ')
		i = 2;
	while (i < hl->len && is_blank(hl->buf[i]))
		i++;
	if (i < hl->len && could_be_header(hl->buf[i]))
		hl->cut = 1;
	line_end(hs, hl, now);
}
