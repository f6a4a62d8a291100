/* SPDX-License-Identifier: ISC */
/*
 * Fuzz http.c and the parsers of its values (httpdate.c, sfv.c). The
 * input is a chunking seed (1 byte), a clock (4 bytes) and text. The text
 * is fed as output in chunks whose sizes the seed picks, in one chunk,
 * and line by line, which must agree and keep the bounds; it is
 * parsed as an HTTP-date, which must format back to itself, as the value
 * of a Retry-After header and of each rate-limit header (alone, and after
 * a Retry-After, which must win); and as a --http LIST.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "policy/http.h"
#include "policy/httpdate.h"
#include "invariants.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* 2025-06-01 00:00:00 UTC, the middle of the clocks tried. */
#define NOW_BASE 1748736000LL

static const char *const wdays[] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
};
static const char *const months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
	"Nov", "Dec"
};

/* What any record must be, however it was fed. */
static void
check_seen(const struct http_seen *hs)
{
	CHECK(hs->status == 0 || (hs->status >= 100 && hs->status <= 599));
	CHECK(hs->retry_after == 0 || hs->retry_after == 1);
	CHECK(hs->retry_after_s <= HTTP_RETRY_AFTER_MAX);
	CHECK(hs->retry_after || hs->retry_after_s == 0);
	CHECK(hs->bad_retry_after == 0 || hs->bad_retry_after == 1);
	CHECK(hs->quota_spent == 0 || hs->quota_spent == 1);
	CHECK(hs->bad_ratelimit == 0 || hs->bad_ratelimit == 1);
	CHECK(hs->retry_after == (hs->retry_after_from != HTTP_WAIT_NONE));
	CHECK(hs->retry_after_from <= HTTP_WAIT_X_RATELIMIT_RESET);
	CHECK(*http_wait_name(hs->retry_after_from) != '\0' ||
	    !hs->retry_after);
	/* A valid Retry-After of the last response comes first. */
	CHECK(!hs->resp.ra || (hs->retry_after_from == HTTP_WAIT_RETRY_AFTER &&
	    hs->retry_after_s == hs->resp.ra_s));
	CHECK(hs->resp.reset_s <= HTTP_RETRY_AFTER_MAX);
	CHECK(hs->resp.policy_s <= HTTP_RETRY_AFTER_MAX);
}

static int
seen_equal(const struct http_seen *a, const struct http_seen *b)
{
	return a->status == b->status && a->retry_after == b->retry_after &&
	    a->retry_after_s == b->retry_after_s &&
	    a->retry_after_from == b->retry_after_from &&
	    a->bad_retry_after == b->bad_retry_after &&
	    a->quota_spent == b->quota_spent &&
	    a->bad_ratelimit == b->bad_ratelimit;
}

/* A small generator of chunk sizes: 0-16 mostly, up to 1 KiB at times. */
static size_t
next_chunk(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return (*x & 3) == 0 ? (*x >> 8) % 1024 : (*x >> 8) % 17;
}

/* Feed the text three ways: they must agree, keeping the bounds. */
static void
check_feed(const char *text, size_t len, uint32_t seed, time_t now)
{
	struct http_seen	 whole, chunked, lines;
	struct http_line	 hl;
	const char		*p, *nl;
	size_t			 off, n;
	int			 bad = 0;

	http_clear(&whole);
	memset(&hl, 0, sizeof hl);
	http_feed(&whole, &hl, text, len, now);
	CHECK(hl.len <= HTTP_LINE_HEAD);
	http_flush(&whole, &hl, now);
	CHECK(hl.len == 0 && hl.cut == 0);
	check_seen(&whole);

	http_clear(&chunked);
	memset(&hl, 0, sizeof hl);
	for (off = 0; off < len; off += n) {
		n = next_chunk(&seed);
		if (n > len - off)
			n = len - off;
		http_feed(&chunked, &hl, text + off, n, now);
		CHECK(hl.len <= HTTP_LINE_HEAD);
		check_seen(&chunked);
		/* A malformed header, once seen, stays seen. */
		CHECK(chunked.bad_retry_after >= (bad & 1));
		CHECK(chunked.bad_ratelimit >= (bad >> 1));
		bad = chunked.bad_retry_after | chunked.bad_ratelimit << 1;
	}
	http_flush(&chunked, &hl, now);
	CHECK(hl.len == 0 && hl.cut == 0);
	CHECK(seen_equal(&whole, &chunked));

	/*
	 * Line by line: whole lines as they are; a last line without its
	 * newline as the end of a stream reads it (a Retry-After there may
	 * have been cut, and is not trusted).
	 */
	http_clear(&lines);
	for (p = text; p < text + len; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(text + len - p))) == NULL) {
			memset(&hl, 0, sizeof hl);
			http_feed(&lines, &hl, p, (size_t)(text + len - p), now);
			http_flush(&lines, &hl, now);
			break;
		}
		http_scan_line(&lines, p, (size_t)(nl - p), now);
	}
	CHECK(seen_equal(&whole, &lines));
}

/* The seconds a Retry-After of t asks for at now. */
static uint64_t
secs_until(time_t t, time_t now)
{
	uint64_t	d;

	if (t <= now)
		return 0;
	d = (uint64_t)t - (uint64_t)now;
	return d > HTTP_RETRY_AFTER_MAX ? HTTP_RETRY_AFTER_MAX : d;
}

/* A date that parses prints as an IMF-fixdate that parses to it again. */
static void
check_date(const char *s, size_t len, time_t now, time_t *t, int *ok)
{
	struct tm	tm;
	char		buf[64];
	time_t		back;
	int		n;

	*ok = http_date_parse(s, len, now, t) == 0;
	if (!*ok)
		return;
	CHECK(gmtime_r(t, &tm) != NULL);
	CHECK(tm.tm_year + 1900 >= 0 && tm.tm_year + 1900 <= 9999);
	n = snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d GMT",
	    wdays[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
	    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
	CHECK(n == 29);
	CHECK(http_date_parse(buf, (size_t)n, now, &back) == 0);
	CHECK(back == *t);
	/* An IMF-fixdate does not depend on the clock. */
	CHECK(http_date_parse(buf, (size_t)n, now + 86400 * 365 * 60LL,
	    &back) == 0);
	CHECK(back == *t);
}

static int
is_digits(const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
	}
	return len > 0;
}

/*
 * "Retry-After: <text>" is valid exactly when the text is delay-seconds or
 * a date, for a text that the header's own trimming leaves as it is.
 */
static void
check_retry_after(const char *s, size_t len, time_t now, int date_ok,
    time_t t)
{
	static const char	 name[] = "Retry-After: ";
	struct http_seen	 hs;
	char			 line[HTTP_LINE_HEAD];
	uint64_t		 v = 0;
	size_t			 i;
	const char		*end;

	end = s + len;
	if (len == 0 || sizeof name - 1 + len > sizeof line ||
	    memchr(s, '\n', len) != NULL || s[0] == ' ' || s[0] == '\t' ||
	    end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')
		return;
	memcpy(line, name, sizeof name - 1);
	memcpy(line + sizeof name - 1, s, len);
	http_clear(&hs);
	http_scan_line(&hs, line, sizeof name - 1 + len, now);
	check_seen(&hs);
	CHECK(hs.status == 0);
	if (is_digits(s, len)) {
		for (i = 0; i < len && v <= HTTP_RETRY_AFTER_MAX; i++)
			v = v * 10 + (uint64_t)(s[i] - '0');
		CHECK(hs.retry_after == 1 && !hs.bad_retry_after);
		CHECK(hs.retry_after_s == (v > HTTP_RETRY_AFTER_MAX ?
		    HTTP_RETRY_AFTER_MAX : v));
	} else if (date_ok) {
		CHECK(hs.retry_after == 1 && !hs.bad_retry_after);
		CHECK(hs.retry_after_s == secs_until(t, now));
	} else
		CHECK(hs.retry_after == 0 && hs.bad_retry_after == 1);
}

/* The seconds a value of digits (and a fraction, when frac) asks for. */
static int
count_of(const char *s, size_t len, int frac, uint64_t *v)
{
	size_t	i, dot = len;
	int	up = 0;

	*v = 0;
	for (i = 0; i < len; i++) {
		if (s[i] == '.' && frac && dot == len && i > 0)
			dot = i;
		else if (s[i] < '0' || s[i] > '9')
			return -1;
	}
	if (len == 0 || dot + 1 == len)
		return -1;
	for (i = 0; i < dot; i++) {
		if (*v < 1000000000000000000ULL)
			*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	for (i = dot + 1; i < len; i++)
		up |= s[i] != '0';
	*v += (uint64_t)up;
	if (*v > 1000000000000000000ULL)
		*v = 1000000000000000000ULL;
	return 0;
}

/* Scan "NAME: <text>", after a status line and maybe a Retry-After. */
static int
scan_header(struct http_seen *hs, const char *name, const char *s,
    size_t len, const char *before, time_t now)
{
	char	line[HTTP_LINE_HEAD];
	size_t	n = strlen(name);

	if (n + len > sizeof line)
		return -1;
	memcpy(line, name, n);
	memcpy(line + n, s, len);
	http_clear(hs);
	http_scan_line(hs, "HTTP/1.1 429 x", 14, now);
	if (before != NULL)
		http_scan_line(hs, before, strlen(before), now);
	http_scan_line(hs, line, n + len, now);
	check_seen(hs);
	CHECK(hs->status == 429);
	return 0;
}

/*
 * The text as the value of each rate-limit header: a valid one takes the
 * place of no Retry-After and never of a valid one; a malformed one is
 * flagged and takes nothing; X-RateLimit-Reset and RateLimit-Reset are
 * the seconds their digits say.
 */
static void
check_ratelimit(const char *s, size_t len, time_t now)
{
	static const char *const	 names[] = {
		"RateLimit: ", "RateLimit-Reset: ", "X-RateLimit-Reset: ",
		"RateLimit-Remaining: ", "X-RateLimit-Remaining: ",
	};
	struct http_seen		 hs;
	const char			*end = s + len;
	uint64_t			 v;
	size_t				 k;

	if (len == 0 || memchr(s, '\n', len) != NULL || s[0] == ' ' ||
	    s[0] == '\t' || end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r')
		return;
	for (k = 0; k < sizeof names / sizeof names[0]; k++) {
		if (scan_header(&hs, names[k], s, len, NULL, now) == -1)
			return;
		if (hs.bad_ratelimit)
			CHECK(!hs.retry_after && !hs.quota_spent);
		if (k == 1 || k == 2)
			CHECK(hs.bad_ratelimit ==
			    (count_of(s, len, k == 2, &v) == -1));
		if (k == 1 && count_of(s, len, 0, &v) == 0)
			CHECK(hs.retry_after && !hs.bad_ratelimit &&
			    hs.retry_after_s == (v > HTTP_RETRY_AFTER_MAX ?
			    HTTP_RETRY_AFTER_MAX : v));
		if (k == 2 && count_of(s, len, 1, &v) == 0)
			CHECK(hs.retry_after && !hs.bad_ratelimit &&
			    hs.retry_after_s == (v > 1000000000 ?
			    secs_until((time_t)v, now) :
			    (v > HTTP_RETRY_AFTER_MAX ? HTTP_RETRY_AFTER_MAX :
			    v)));
		if (k >= 3) {
			CHECK(!hs.retry_after);
			CHECK(hs.bad_ratelimit == (count_of(s, len, 0, &v) ==
			    -1));
			CHECK(hs.quota_spent == (!hs.bad_ratelimit && v == 0));
		}
		/* A Retry-After before it wins. */
		CHECK(scan_header(&hs, names[k], s, len, "Retry-After: 7",
		    now) == 0);
		CHECK(hs.retry_after && hs.retry_after_s == 7 &&
		    hs.retry_after_from == HTTP_WAIT_RETRY_AFTER);
	}
}

/* A list: the same twice, nothing outside 400-599, the union of its parts. */
static void
check_list(const char *s)
{
	struct http_list	 a, b, acc, one;
	const char		*why, *why2;
	char			*copy, *p, *comma;
	int			 r, status;
	size_t			 i;

	memset(&b, 0xa5, sizeof b);
	why = why2 = "unset";
	r = http_list_parse(s, &a, &why);
	CHECK(r == 0 || r == -1);
	CHECK(http_list_parse(s, &b, &why2) == r);
	if (r == -1) {
		CHECK(why != NULL && why2 != NULL && strcmp(why, why2) == 0);
		CHECK(strcmp(why, "expected HTTP error statuses 400-599 and "
		    "ranges N-M") == 0 || strcmp(why, "empty list") == 0 ||
		    strcmp(why, "range N-M with N > M") == 0);
		return;
	}
	CHECK(why == NULL && why2 == NULL);
	CHECK(memcmp(&a, &b, sizeof a) == 0);
	for (status = 0; status < 640; status++) {
		CHECK(((a.bits[status / 64] >> (status % 64)) & 1) ==
		    (uint64_t)http_list_has(&a, status));
		if (status < 400 || status > 599)
			CHECK(!http_list_has(&a, status));
	}
	if ((copy = strdup(s)) == NULL)
		return;
	memset(&acc, 0, sizeof acc);
	for (p = copy;; p = comma + 1) {
		if ((comma = strchr(p, ',')) != NULL)
			*comma = '\0';
		CHECK(http_list_parse(p, &one, &why) == 0);
		for (i = 0; i < 10; i++)
			acc.bits[i] |= one.bits[i];
		if (comma == NULL)
			break;
	}
	CHECK(memcmp(&acc, &a, sizeof acc) == 0);
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*text;
	char		*s;
	size_t		 len;
	uint32_t	 seed;
	int32_t		 off;
	time_t		 now, t = 0;
	int		 date_ok;

	if (size < 5)
		return 0;
	seed = data[0] | 0x100;
	/* Clocks from about 15000 BC to AD 19000: two-digit years at both. */
	off = (int32_t)((uint32_t)data[1] << 24 | (uint32_t)data[2] << 16 |
	    (uint32_t)data[3] << 8 | data[4]);
	now = (time_t)(NOW_BASE + (int64_t)off * 257);
	text = (const char *)data + 5;
	len = size - 5;

	check_feed(text, len, seed, now);
	check_date(text, len, now, &t, &date_ok);
	check_retry_after(text, len, now, date_ok, t);
	check_ratelimit(text, len, now);

	if ((s = malloc(len + 1)) == NULL)
		return 0;
	memcpy(s, text, len);
	s[len] = '\0';
	check_list(s);
	free(s);
	return 0;
}
