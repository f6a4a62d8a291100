/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of http.c: status lines and Retry-After headers as curl -i,
 * curl -v, wget -S and HTTPie print them, and lines that only look like
 * them; the rate-limit headers (RateLimit, RateLimit-Reset,
 * X-RateLimit-Reset and -Remaining) and Retry-After's precedence over
 * them; the last response winning; delay-seconds and HTTP-dates (the
 * dates themselves: check_httpdate.c); malformed values flagged; chunks
 * split at every byte; long lines and NUL bytes; --http=LIST.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_run.h"
#include "policy/http.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* 1994-11-06 08:44:37 UTC: five minutes before RFC 9110's example date. */
#define NOW_1994 ((time_t)784111777 - 300)
/* 2025-06-01 00:00:00 UTC. */
#define NOW_2025 ((time_t)1748736000)

/* Feed text in one chunk, flush, and return what was seen. */
static struct http_seen
seen_of(const char *text, size_t len, time_t now)
{
	struct http_seen	hs;
	struct http_line	hl;

	http_clear(&hs);
	memset(&hl, 0, sizeof hl);
	http_feed(&hs, &hl, text, len, now);
	http_flush(&hs, &hl, now);
	return hs;
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

/* Feed one line with a newline after it, and again with http_scan_line. */
static struct http_seen
seen_line(const char *line, time_t now)
{
	struct http_seen	hs, hs2;
	char			buf[1024];
	size_t			len;

	len = strlen(line);
	ck_assert_uint_lt(len, sizeof buf);
	memcpy(buf, line, len);
	buf[len] = '\n';
	hs = seen_of(buf, len + 1, now);
	http_clear(&hs2);
	http_scan_line(&hs2, line, len, now);
	ck_assert_msg(seen_equal(&hs, &hs2),
	    "\"%s\": http_feed and http_scan_line disagree", line);
	return hs;
}

struct status_case {
	const char	*line;
	int		 code;
};

static const struct status_case status_good[] = {
	{ "HTTP/1.1 200 OK", 200 },
	{ "HTTP/1.1 503 Service Unavailable", 503 },
	{ "HTTP/1.1 503 Service Unavailable\r", 503 },	/* curl -i */
	{ "< HTTP/1.1 503 Service Unavailable\r", 503 },	/* curl -v */
	{ "  HTTP/1.1 503 Service Unavailable", 503 },	/* wget -S */
	{ "\tHTTP/1.1 429 Too Many Requests", 429 },
	{ " \t HTTP/1.1 429", 429 },
	{ "<\tHTTP/1.1 502", 502 },
	{ "  < HTTP/1.1 504 Gateway Timeout", 504 },
	{ "HTTP/1.0 404 Not Found", 404 },
	{ "HTTP/2 429 ", 429 },			/* curl -i over HTTP/2 */
	{ "HTTP/2 429\r", 429 },
	{ "< HTTP/2 500 \r", 500 },
	{ "HTTP/3 502", 502 },
	{ "HTTP/1.1 100 Continue", 100 },
	{ "HTTP/1.1 599", 599 },
	{ "HTTP/1.1 408\tRequest Timeout", 408 },
	{ "HTTP/1.1  301 Moved Permanently", 301 },
	{ "HTTP/1.1 425\rx", 425 },
};

static const char *const status_bad[] = {
	"",
	"HTTP/1.1 5031",
	"HTTP/1.1 99",
	"HTTP/1.1 099",
	"HTTP/1.1 000",
	"HTTP/1.1 600",
	"HTTP/1.1 999 Huh",
	"HTTP/1.1 50",
	"HTTP/1.1 503x",
	"HTTP/1.1 503.",
	"HTTP/1.1 -503",
	"HTTP/1.1",
	"HTTP/1.1 ",
	"XHTTP/1.1 503",
	"HTTP/ 503",
	"HTTP/1.1503",
	"HTTP/.1 503",
	"HTTP/a 503",
	"HTTP 503",
	"http/1.1 503",
	"Http/1.1 503",
	"the HTTP/1.1 503 page",
	"<HTTP/1.1 503",
	"> HTTP/1.1 503",
	"<< HTTP/1.1 503",
	"HTTP/1.1\r503",
};

START_TEST(lists_given_again_add_up)
{
	struct http_list	l, more;
	const char		*why;

	ck_assert_int_eq(http_list_parse("429", &l, &why), 0);
	ck_assert_int_eq(http_list_parse("502-503", &more, &why), 0);
	http_list_merge(&l, &more);
	ck_assert(http_list_has(&l, 429));
	ck_assert(http_list_has(&l, 502));
	ck_assert(http_list_has(&l, 503));
	ck_assert(!http_list_has(&l, 500));
	ck_assert(!http_list_has(&more, 429));
}
END_TEST

START_TEST(status_lines_in_every_client_form_give_their_code)
{
	const struct status_case	*c = &status_good[_i];
	struct http_seen		 hs;

	hs = seen_line(c->line, NOW_1994);
	ck_assert_msg(hs.status == c->code, "\"%s\": status %d, not %d",
	    c->line, hs.status, c->code);
	ck_assert_int_eq(hs.retry_after, 0);
	ck_assert_int_eq(hs.bad_retry_after, 0);
}
END_TEST

START_TEST(lines_that_are_not_status_lines_change_nothing)
{
	static const char	 before[] =
	    "HTTP/1.1 200 OK\nRetry-After: 7\n";
	struct http_seen	 hs;
	char			 buf[256];
	size_t			 len;

	len = strlen(status_bad[_i]);
	memcpy(buf, before, sizeof before - 1);
	memcpy(buf + sizeof before - 1, status_bad[_i], len);
	buf[sizeof before - 1 + len] = '\n';
	hs = seen_of(buf, sizeof before + len, NOW_1994);
	ck_assert_msg(hs.status == 200, "\"%s\" read as status %d",
	    status_bad[_i], hs.status);
	ck_assert_msg(hs.retry_after == 1 && hs.retry_after_s == 7,
	    "\"%s\" cleared the Retry-After", status_bad[_i]);

	hs = seen_line(status_bad[_i], NOW_1994);
	ck_assert_msg(hs.status == 0, "\"%s\" alone read as status %d",
	    status_bad[_i], hs.status);
}
END_TEST

/* Whole heads, and the status and Retry-After they leave. */
static const struct whole_head {
	const char	*name;
	const char	*text;
	int		 status;
	int		 retry_after;
	uint64_t	 secs;
	int		 bad;
} heads[] = {
	{ "a status line clears the Retry-After before it",
	    "< HTTP/1.1 302 Found\r\n"
	    "< Retry-After: 120\r\n"
	    "< Location: https://example.org/\r\n"
	    "<\r\n"
	    "< HTTP/1.1 503 Service Unavailable\r\n"
	    "< Content-Length: 0\r\n", 503, 0, 0, 0 },
	{ "a bad Retry-After stays flagged across responses",
	    "HTTP/1.1 302 Found\nRetry-After: soon\n\n"
	    "HTTP/1.1 429 Too Many Requests\nRetry-After: 30\n", 429, 1, 30,
	    1 },
	{ "a folded Retry-After is flagged, its continuation ignored",
	    "HTTP/1.1 503 Service Unavailable\r\n"
	    "Retry-After:\r\n"
	    " 120\r\n"
	    "\r\n", 503, 0, 0, 1 },
	{ "the last valid Retry-After of a response wins",
	    "HTTP/1.1 429\nRetry-After: 60\nretry-after: 30\n"
	    "Retry-After: never\n", 429, 1, 30, 1 },
};

START_TEST(heads_leave_their_status_and_retry_after)
{
	const struct whole_head	*c = &heads[_i];
	struct http_seen	 hs;

	hs = seen_of(c->text, strlen(c->text), NOW_1994);
	ck_assert_msg(hs.status == c->status, "%s: status %d", c->name,
	    hs.status);
	ck_assert_msg(hs.retry_after == c->retry_after &&
	    hs.retry_after_s == c->secs, "%s: Retry-After %d, %llu s",
	    c->name, hs.retry_after, (unsigned long long)hs.retry_after_s);
	ck_assert_msg(hs.bad_retry_after == c->bad, "%s: bad %d", c->name,
	    hs.bad_retry_after);
}
END_TEST

START_TEST(the_last_status_line_wins)
{
	static const char	text[] =
	    "HTTP/1.1 503 Service Unavailable\r\n\r\nfirst\n"
	    "HTTP/1.1 502 Bad Gateway\r\n\r\nsecond\n"
	    "HTTP/2 200 \r\n\r\nthird\n";
	struct http_seen	hs;

	hs = seen_of(text, sizeof text - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 200);
	hs = seen_of(text, (size_t)(strstr(text, "HTTP/2") - text), NOW_1994);
	ck_assert_int_eq(hs.status, 502);
}
END_TEST

START_TEST(a_100_continue_gives_way_to_the_final_status)
{
	static const char	text[] =
	    "HTTP/1.1 100 Continue\r\n\r\n"
	    "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
	struct http_seen	hs;

	hs = seen_of(text, sizeof text - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 200);
}
END_TEST

/* A line of pad blanks then tail, judged on its first HTTP_LINE_HEAD bytes. */
struct head_case {
	size_t		 pad;
	const char	*tail;
	int		 code;
	int		 retry_after;
	int		 bad;
};

static const struct head_case head_cases[] = {
	{ 500, "HTTP/1.1 503", 503, 0, 0 },		/* 512 bytes */
	{ 499, "HTTP/1.1 503 OK", 503, 0, 0 },	/* space is byte 512 */
	{ 500, "HTTP/1.1 503 OK", 0, 0, 0 },	/* cut after the code */
	{ 501, "HTTP/1.1 503", 0, 0, 0 },
	{ 600, "HTTP/1.1 503", 0, 0, 0 },
	{ 498, "Retry-After: 5", 0, 1, 0 },		/* 512 bytes */
	{ 499, "Retry-After: 5", 0, 0, 1 },		/* value cut */
	{ 500, "Retry-After: 5", 0, 0, 1 },		/* cut at ':' */
	{ 501, "Retry-After: 5", 0, 0, 0 },		/* no colon seen */
};

START_TEST(a_long_line_is_judged_on_its_head)
{
	const struct head_case	*c = &head_cases[_i];
	struct http_seen	 hs, hs1;
	struct http_line	 hl;
	char			 buf[1024];
	size_t			 len, i;

	len = c->pad + strlen(c->tail);
	memset(buf, ' ', c->pad);
	memcpy(buf + c->pad, c->tail, strlen(c->tail));
	buf[len] = '\n';

	hs = seen_of(buf, len + 1, NOW_1994);
	ck_assert_msg(hs.status == c->code, "%zu blanks, \"%s\": status %d",
	    c->pad, c->tail, hs.status);
	ck_assert_msg(hs.retry_after == c->retry_after &&
	    hs.bad_retry_after == c->bad, "%zu blanks, \"%s\": Retry-After "
	    "%d, bad %d", c->pad, c->tail, hs.retry_after, hs.bad_retry_after);
	if (c->retry_after)
		ck_assert_uint_eq(hs.retry_after_s, 5);

	http_clear(&hs1);
	http_scan_line(&hs1, buf, len, NOW_1994);
	ck_assert_msg(seen_equal(&hs, &hs1), "%zu blanks, \"%s\": "
	    "http_scan_line disagrees", c->pad, c->tail);

	http_clear(&hs1);
	memset(&hl, 0, sizeof hl);
	for (i = 0; i <= len; i++)
		http_feed(&hs1, &hl, buf + i, 1, NOW_1994);
	ck_assert_msg(seen_equal(&hs, &hs1), "%zu blanks, \"%s\": "
	    "byte-wise feeding disagrees", c->pad, c->tail);
}
END_TEST

struct ra_case {
	const char	*line;
	uint64_t	 secs;
};

/* With now = NOW_1994, five minutes before 08:49:37. */
static const struct ra_case ra_good[] = {
	{ "Retry-After: 0", 0 },
	{ "Retry-After: 1", 1 },
	{ "Retry-After: 120", 120 },
	{ "Retry-After: 000120", 120 },
	{ "Retry-After: 21599", 21599 },
	{ "Retry-After: 21600", 21600 },
	{ "Retry-After: 21601", 21601 },
	{ "Retry-After: 9223372036", HTTP_RETRY_AFTER_MAX },
	{ "Retry-After: 9223372037", HTTP_RETRY_AFTER_MAX },
	{ "Retry-After: 99999999999999999999999", HTTP_RETRY_AFTER_MAX },
	{ "Retry-After: 18446744073709551616", HTTP_RETRY_AFTER_MAX },
	{ "retry-after: 5", 5 },
	{ "RETRY-AFTER: 5", 5 },
	{ "rEtRy-AfTeR: 5", 5 },
	{ "< Retry-After: 5", 5 },
	{ "< retry-after: 5\r", 5 },
	{ "   Retry-After: 5", 5 },
	{ "\tRetry-After: 5", 5 },
	{ "Retry-After : 5", 5 },
	{ "Retry-After\t:\t5\t", 5 },
	{ "Retry-After:5", 5 },
	{ "Retry-After: 5 \t \r", 5 },
	{ "Retry-After: Sun, 06 Nov 1994 08:49:37 GMT", 300 },
	{ "Retry-After: Sunday, 06-Nov-94 08:49:37 GMT", 300 },
	{ "Retry-After: Sun Nov  6 08:49:37 1994", 300 },
	{ "< retry-after: Sun, 06 Nov 1994 08:49:37 GMT\r", 300 },
	{ "Retry-After: Sun, 06 Nov 1994 08:44:38 GMT", 1 },
	{ "Retry-After: Sun, 06 Nov 1994 08:44:37 GMT", 0 },	/* now */
	{ "Retry-After: Sun, 06 Nov 1994 08:44:36 GMT", 0 },
	{ "Retry-After: Sat, 05 Nov 1994 08:49:37 GMT", 0 },
	{ "Retry-After: Thu, 01 Jan 1970 00:00:00 GMT", 0 },
	{ "Retry-After: Sun, 06 Nov 1994 14:44:37 GMT", 21600 },
	{ "Retry-After: Sun, 06 Nov 1994 14:44:38 GMT", 21601 },
	{ "Retry-After: Fri, 31 Dec 9999 23:59:59 GMT", HTTP_RETRY_AFTER_MAX },
};

/* Retry-After headers whose value is no delay-seconds or HTTP-date. */
static const char *const ra_bad[] = {
	"Retry-After:",
	"Retry-After: ",
	"Retry-After:\r",
	"Retry-After: \t \r",
	"Retry-After: abc",
	"Retry-After: 5 seconds",
	"Retry-After: 5 x",
	"Retry-After: 5,6",
	"Retry-After: -5",
	"Retry-After: +5",
	"Retry-After: 1.5",
	"Retry-After: 0x10",
	"Retry-After: 1e3",
	"Retry-After: Sun, 30 Feb 1994 08:49:37 GMT",
	"Retry-After: Wed, 29 Feb 2023 00:00:00 GMT",
	"Retry-After: Sun, 06 Nov 1994 24:00:00 GMT",
	"Retry-After: Sun, 06 Nov 1994 08:49:37 GMT garbage",
	"Retry-After: Sun, 06 Nov 1994 08:49:37 UTC",
	"Retry-After: Sun, 06 Nov 1994",
	"< retry-after: tomorrow\r",
};

/* Lines that are no Retry-After header at all. */
static const char *const ra_other[] = {
	"Retry-After 5",
	"Retry-Afterx: 5",
	"Retry-After-Ms: 5",
	"Retry-Afte: 5",
	"Retry: 5",
	"X-Retry-After: 5",
	"> Retry-After: 5",
	"<Retry-After: 5",
	"the Retry-After: 5 header",
	"R",
	"Retry-After",
};

START_TEST(retry_after_headers_in_every_form_give_their_seconds)
{
	const struct ra_case	*c = &ra_good[_i];
	struct http_seen	 hs;

	hs = seen_line(c->line, NOW_1994);
	ck_assert_msg(hs.retry_after == 1, "\"%s\" not taken", c->line);
	ck_assert_msg(hs.retry_after_s == c->secs, "\"%s\": %llu s, not %llu",
	    c->line, (unsigned long long)hs.retry_after_s,
	    (unsigned long long)c->secs);
	ck_assert_int_eq(hs.bad_retry_after, 0);
	ck_assert_int_eq(hs.status, 0);
}
END_TEST

START_TEST(malformed_retry_after_values_are_flagged_and_ignored)
{
	static const char	 before[] =
	    "HTTP/1.1 503\r\nRetry-After: 7\r\n";
	struct http_seen	 hs;
	char			 buf[256];
	size_t			 len;

	hs = seen_line(ra_bad[_i], NOW_1994);
	ck_assert_msg(hs.retry_after == 0 && hs.retry_after_s == 0,
	    "\"%s\" taken", ra_bad[_i]);
	ck_assert_msg(hs.bad_retry_after == 1, "\"%s\" not flagged",
	    ra_bad[_i]);

	/* An earlier valid one stands. */
	len = strlen(ra_bad[_i]);
	memcpy(buf, before, sizeof before - 1);
	memcpy(buf + sizeof before - 1, ra_bad[_i], len);
	hs = seen_of(buf, sizeof before - 1 + len, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	ck_assert_msg(hs.retry_after == 1 && hs.retry_after_s == 7,
	    "\"%s\" replaced the valid Retry-After", ra_bad[_i]);
	ck_assert_int_eq(hs.bad_retry_after, 1);
}
END_TEST

START_TEST(lines_that_are_not_retry_after_headers_are_not_flagged)
{
	struct http_seen	hs;

	hs = seen_line(ra_other[_i], NOW_1994);
	ck_assert_msg(hs.retry_after == 0 && hs.bad_retry_after == 0,
	    "\"%s\" read as a Retry-After", ra_other[_i]);
}
END_TEST

/*
 * Several responses, as curl -v and curl -i print them, with no final '\n':
 * the last Retry-After, unterminated, may have been cut, so it is not
 * trusted and the one before it (the date, 300 s ahead) stands.
 */
static const char multi[] =
    "HTTP/1.1 301 Moved Permanently\r\n"
    "Retry-After: 9\r\n"
    "Location: /x\r\n"
    "\r\n"
    "HTTP/1.1 100 Continue\r\n"
    "\r\n"
    "< HTTP/2 503 \r\n"
    "< retry-after: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
    "< Retry-After: soon\r\n"
    "<\r\n"
    "the HTTP/1.1 200 page\n"
    "  Retry-After: 240";

START_TEST(one_chunk_of_several_responses_gives_the_last)
{
	struct http_seen	hs;

	hs = seen_of(multi, sizeof multi - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	ck_assert_int_eq(hs.retry_after, 1);
	ck_assert_uint_eq(hs.retry_after_s, 300);
	ck_assert_int_eq(hs.bad_retry_after, 1);

	/* Without its last line, the date counts. */
	hs = seen_of(multi, (size_t)(strstr(multi, "the HTTP") - multi),
	    NOW_1994);
	ck_assert_int_eq(hs.retry_after, 1);
	ck_assert_uint_eq(hs.retry_after_s, 300);
}
END_TEST

/*
 * Feed a chunk from a heap copy of exactly its size, so that a read past it
 * shows under AddressSanitizer.
 */
static void
feed_exact_at(struct http_seen *hs, struct http_line *hl, const char *p,
    size_t len, time_t now)
{
	char	*copy;

	copy = malloc(len > 0 ? len : 1);
	ck_assert_ptr_ne(copy, NULL);
	memcpy(copy, p, len);
	http_feed(hs, hl, copy, len, now);
	free(copy);
}

static void
feed_exact(struct http_seen *hs, struct http_line *hl, const char *p,
    size_t len)
{
	feed_exact_at(hs, hl, p, len, NOW_1994);
}

START_TEST(chunks_split_at_every_byte_give_the_same_result_as_one)
{
	struct http_seen	whole, hs;
	struct http_line	hl;
	size_t			len = sizeof multi - 1, i, j;

	whole = seen_of(multi, len, NOW_1994);
	for (i = 0; i <= len; i++) {
		for (j = i; j <= len; j++) {
			http_clear(&hs);
			memset(&hl, 0, sizeof hl);
			feed_exact(&hs, &hl, multi, i);
			feed_exact(&hs, &hl, multi + i, j - i);
			feed_exact(&hs, &hl, multi + j, len - j);
			http_flush(&hs, &hl, NOW_1994);
			ck_assert_msg(seen_equal(&hs, &whole),
			    "split at %zu and %zu differs", i, j);
			ck_assert(hl.len == 0 && hl.cut == 0);
		}
	}
	http_clear(&hs);
	memset(&hl, 0, sizeof hl);
	for (i = 0; i < len; i++)
		feed_exact(&hs, &hl, multi + i, 1);
	http_flush(&hs, &hl, NOW_1994);
	ck_assert(seen_equal(&hs, &whole));
}
END_TEST

START_TEST(an_unterminated_retry_after_is_not_trusted)
{
	static const char	text[] = "HTTP/1.1 503 x\r\nRetry-After: 1";
	struct http_seen	hs;
	struct http_line	hl;

	http_clear(&hs);
	memset(&hl, 0, sizeof hl);
	http_feed(&hs, &hl, text, sizeof text - 1, NOW_1994);
	http_flush(&hs, &hl, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	ck_assert_int_eq(hs.retry_after, 0);
	ck_assert_int_eq(hs.bad_retry_after, 1);
}
END_TEST

START_TEST(the_last_line_counts_only_once_flushed)
{
	static const char	text[] = "HTTP/1.1 200 OK\nHTTP/1.1 503";
	struct http_seen	hs;
	struct http_line	hl;

	http_clear(&hs);
	memset(&hl, 0, sizeof hl);
	http_feed(&hs, &hl, text, sizeof text - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 200);
	http_flush(&hs, &hl, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	ck_assert(hl.len == 0 && hl.cut == 0);
	/* Flushing again, or an empty stream, changes nothing. */
	http_flush(&hs, &hl, NOW_1994);
	http_feed(&hs, &hl, text, 0, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
}
END_TEST

/* How a 64 KiB line starts. */
static const char *const long_starts[] = {
	"HTTP/1.1 200 ",	/* a status line with a long reason */
	"H",
	"R",
	"Retry-After: 1",
	"X-RateLimit-Reset: 1",
	"RateLimit: \"d\";r=0;t=1",
	"x",
	" ",
	"< ",
	"",
};

START_TEST(a_64_kib_line_does_not_hide_the_status_line_after_it)
{
	static const char	after[] = "\nHTTP/1.1 503 Unavailable\n";
	const size_t		n = 64 * 1024;
	const char		*start = long_starts[_i];
	struct http_seen	hs, hs1;
	struct http_line	hl;
	char			*buf;
	size_t			len, i;

	len = n + sizeof after - 1;
	buf = malloc(len);
	ck_assert_ptr_ne(buf, NULL);
	memset(buf, *start == '\0' ? '\0' : start[strlen(start) - 1], n);
	memcpy(buf, start, strlen(start));
	memcpy(buf + n, after, sizeof after - 1);

	hs = seen_of(buf, len, NOW_1994);
	ck_assert_msg(hs.status == 503, "after \"%s...\": status %d", start,
	    hs.status);
	ck_assert_int_eq(hs.retry_after, 0);
	/* Only a Retry-After whose value runs on is flagged. */
	ck_assert_int_eq(hs.bad_retry_after,
	    strncmp(start, "Retry-After:", 12) == 0);
	ck_assert_int_eq(hs.bad_ratelimit, strncmp(start, "X-Rate", 6) == 0 ||
	    strncmp(start, "RateLimit:", 10) == 0);
	ck_assert_int_eq(hs.quota_spent, 0);

	http_clear(&hs1);
	memset(&hl, 0, sizeof hl);
	for (i = 0; i < len; i += 1000)
		http_feed(&hs1, &hl, buf + i, len - i < 1000 ? len - i : 1000,
		    NOW_1994);
	http_flush(&hs1, &hl, NOW_1994);
	ck_assert(seen_equal(&hs, &hs1));

	http_clear(&hs1);
	memset(&hl, 0, sizeof hl);
	for (i = 0; i < len; i++)
		http_feed(&hs1, &hl, buf + i, 1, NOW_1994);
	http_flush(&hs1, &hl, NOW_1994);
	ck_assert(seen_equal(&hs, &hs1));
	free(buf);
}
END_TEST

START_TEST(nul_bytes_are_ordinary_bytes)
{
	static const char	text1[] = "HT\0TP/1.1 200\nHTTP/1.1 503\n";
	static const char	text2[] = "HTTP/1.1 503\nHTTP/1.1 200\0\n";
	static const char	text3[] = "\0HTTP/1.1 200\nHTTP/1.1 503 \0\n";
	static const char	text4[] = "HTTP/1.1 503\nRetry-After: 5\0\n";
	static const char	text5[] = "HTTP/1.1 503\nRetry-After: 5\n\0";
	struct http_seen	hs;

	hs = seen_of(text1, sizeof text1 - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	hs = seen_of(text2, sizeof text2 - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	hs = seen_of(text3, sizeof text3 - 1, NOW_1994);
	ck_assert_int_eq(hs.status, 503);
	hs = seen_of(text4, sizeof text4 - 1, NOW_1994);
	ck_assert_int_eq(hs.retry_after, 0);
	ck_assert_int_eq(hs.bad_retry_after, 1);
	hs = seen_of(text5, sizeof text5 - 1, NOW_1994);
	ck_assert_int_eq(hs.retry_after, 1);
	ck_assert_uint_eq(hs.retry_after_s, 5);
}
END_TEST

START_TEST(a_cleared_record_has_seen_nothing)
{
	struct http_seen	hs;

	memset(&hs, 0xa5, sizeof hs);
	http_clear(&hs);
	ck_assert_int_eq(hs.status, 0);
	ck_assert_int_eq(hs.retry_after, 0);
	ck_assert_uint_eq(hs.retry_after_s, 0);
	ck_assert_int_eq(hs.bad_retry_after, 0);
	ck_assert_int_eq(hs.retry_after_from, HTTP_WAIT_NONE);
	ck_assert_int_eq(hs.quota_spent, 0);
	ck_assert_int_eq(hs.bad_ratelimit, 0);
}
END_TEST

/*
 * Rate-limit headers, with now = NOW_2025: what the last response asks for
 * (Retry-After first, else the longest reset of a rate limit that is spent
 * or does not say), and whether it says its quota is spent.
 */
struct rl_case {
	const char		*head;
	int			 wait;		/* retry_after */
	uint64_t		 secs;
	enum http_wait_from	 from;
	int			 spent;
	int			 bad_ra;	/* a malformed Retry-After */
};

#define RL_X HTTP_WAIT_X_RATELIMIT_RESET
#define RL_RESET HTTP_WAIT_RATELIMIT_RESET
#define RL_FIELD HTTP_WAIT_RATELIMIT
#define RL_RA HTTP_WAIT_RETRY_AFTER
#define WAIT(s, f) .wait = 1, .secs = (s), .from = (f)

static const struct rl_case rl_good[] = {
	/* X-RateLimit-Reset: seconds from now up to 10^9, a Unix time above. */
	{ .head = "X-RateLimit-Reset: 30\n", WAIT(30, RL_X) },
	{ .head = "X-RateLimit-Reset: 0\n", WAIT(0, RL_X) },
	{ .head = "X-RateLimit-Reset: 21601\n", WAIT(21601, RL_X) },
	{ .head = "X-RateLimit-Reset: 1000000000\n",
	    WAIT(1000000000, RL_X) },
	{ .head = "X-RateLimit-Reset: 1000000001\n", WAIT(0, RL_X) },
	{ .head = "X-RateLimit-Reset: 1748736060\n", WAIT(60, RL_X) },
	{ .head = "X-RateLimit-Reset: 1748736000\n", WAIT(0, RL_X) },
	{ .head = "X-RateLimit-Reset: 1748735999\n", WAIT(0, RL_X) },
	{ .head = "X-RateLimit-Reset: 1748757600\n", WAIT(21600, RL_X) },
	{ .head = "X-RateLimit-Reset: 1748757601\n", WAIT(21601, RL_X) },
	{ .head = "X-RateLimit-Reset: 99999999999999999999999\n",
	    WAIT(HTTP_RETRY_AFTER_MAX, RL_X) },
	{ .head = "X-RateLimit-Reset: 18446744073709551616\n",
	    WAIT(HTTP_RETRY_AFTER_MAX, RL_X) },
	{ .head = "X-RateLimit-Reset: 1.5\n", WAIT(2, RL_X) },
	{ .head = "X-RateLimit-Reset: 1.000\n", WAIT(1, RL_X) },
	{ .head = "X-RateLimit-Reset: 1748736010.25\n", WAIT(11, RL_X) },
	/* Names in any case, blanks, the prefixes of curl -v and wget -S. */
	{ .head = "x-ratelimit-reset: 30\n", WAIT(30, RL_X) },
	{ .head = "X-RATELIMIT-RESET: 30\n", WAIT(30, RL_X) },
	{ .head = "x-RateLimit-rEsEt: 30\n", WAIT(30, RL_X) },
	{ .head = "X-RateLimit-Reset : 30 \t\r\n", WAIT(30, RL_X) },
	{ .head = "X-RateLimit-Reset:\t30\n", WAIT(30, RL_X) },
	{ .head = "X-RateLimit-Reset:30\n", WAIT(30, RL_X) },
	{ .head = "< x-ratelimit-reset: 30\r\n", WAIT(30, RL_X) },
	{ .head = "  X-RateLimit-Reset: 30\n", WAIT(30, RL_X) },
	/* RateLimit-Reset: seconds from now, whatever their size. */
	{ .head = "RateLimit-Reset: 7\n", WAIT(7, RL_RESET) },
	{ .head = "ratelimit-reset: 7\r\n", WAIT(7, RL_RESET) },
	{ .head = "RateLimit-Reset: 1748736060\n",
	    WAIT(1748736060, RL_RESET) },
	{ .head = "RateLimit-Reset: 99999999999999999999999\n",
	    WAIT(HTTP_RETRY_AFTER_MAX, RL_RESET) },
	/* RateLimit: a list of policies, r and t among their parameters. */
	{ .head = "RateLimit: \"default\";r=0;t=2\n",
	    WAIT(2, RL_FIELD), .spent = 1 },
	{ .head = "ratelimit: \"default\";r=0;t=2\r\n", WAIT(2, RL_FIELD),
	    .spent = 1 },
	{ .head = "RATELIMIT : \"default\";r=0;t=2 \r\n", WAIT(2, RL_FIELD),
	    .spent = 1 },
	{ .head = "RateLimit: default;r=0;t=2\n",
	    WAIT(2, RL_FIELD), .spent = 1 },
	{ .head = "RateLimit: \"default\";t=2;r=0\n",
	    WAIT(2, RL_FIELD), .spent = 1 },
	{ .head = "RateLimit: \"default\"; r=0; t=2\n", WAIT(2, RL_FIELD),
	    .spent = 1 },
	{ .head = "RateLimit: \"default\";t=5\n", WAIT(5, RL_FIELD) },
	{ .head = "RateLimit: \"default\";r=0\n", .spent = 1 },
	{ .head = "RateLimit: \"default\";r=3;t=5\n" },
	{ .head = "RateLimit: \"default\"\n" },
	{ .head = "RateLimit: \"default\";r=0;t=99999\n", WAIT(99999, RL_FIELD),
	    .spent = 1 },
	{ .head = "RateLimit: \"default\";r=0;t=999999999999999\n",
	    WAIT(HTTP_RETRY_AFTER_MAX, RL_FIELD), .spent = 1 },
	{ .head = "RateLimit: \"a\";r=5;t=60, \"b\";r=0;t=3\n",
	    WAIT(3, RL_FIELD), .spent = 1 },
	{ .head = "RateLimit: \"a\";r=0;t=60,\"b\";r=0;t=3\n",
	    WAIT(60, RL_FIELD), .spent = 1 },
	{ .head = "RateLimit: \"a\";r=1;t=60 ,\t\"b\";r=9;t=3\n" },
	{ .head = "RateLimit: \"d\\\"q\\\\\";q=100;w=60;r=0;t=2;pk=:YWJj:;x=?1;"
	    "y=-1.5;z;rr=7;tt=9\n", WAIT(2, RL_FIELD), .spent = 1 },
	{ .head = "RateLimit: \"d\";r=5;r=0;t=9;t=2\n", WAIT(2, RL_FIELD),
	    .spent = 1 },
	/* Remaining: 0, the quota is spent; above 0, a reset is no wait. */
	{ .head = "X-RateLimit-Remaining: 0\n", .spent = 1 },
	{ .head = "x-ratelimit-remaining: 000\r\n", .spent = 1 },
	{ .head = "RateLimit-Remaining: 0\n", .spent = 1 },
	{ .head = "X-RateLimit-Remaining: 4999\n" },
	{ .head = "X-RateLimit-Remaining: 4999\n"
	    "X-RateLimit-Reset: 1748739600\n" },
	{ .head = "X-RateLimit-Reset: 1748739600\n"
	    "X-RateLimit-Remaining: 4999\n" },
	{ .head = "RateLimit-Remaining: 1\nRateLimit-Reset: 30\n" },
	{ .head = "X-RateLimit-Remaining: 0\nX-RateLimit-Reset: 1748736005\n",
	    WAIT(5, RL_X), .spent = 1 },
	{ .head = "X-RateLimit-Reset: 1748736005\nX-RateLimit-Remaining: 0\n",
	    WAIT(5, RL_X), .spent = 1 },
	{ .head = "RateLimit-Remaining: 0\nRateLimit-Reset: 4\n",
	    WAIT(4, RL_RESET), .spent = 1 },
	{ .head = "X-RateLimit-Remaining: 7\nRateLimit: \"d\";r=0;t=2\n"
	    "X-RateLimit-Reset: 9\n", WAIT(9, RL_X), .spent = 1 },
	/* Several resets: the longest. */
	{ .head = "RateLimit-Reset: 4\nX-RateLimit-Reset: 9\n", WAIT(9, RL_X) },
	{ .head = "X-RateLimit-Reset: 9\nRateLimit-Reset: 4\n", WAIT(9, RL_X) },
	{ .head = "RateLimit: \"d\";t=12\nX-RateLimit-Reset: 9\n",
	    WAIT(12, RL_FIELD) },
	{ .head = "X-RateLimit-Reset: 9\nX-RateLimit-Reset: 3\n",
	    WAIT(9, RL_X) },
	/* A valid Retry-After comes first, before or after them. */
	{ .head = "Retry-After: 3\nX-RateLimit-Reset: 60\n", WAIT(3, RL_RA) },
	{ .head = "X-RateLimit-Reset: 60\nRetry-After: 3\n", WAIT(3, RL_RA) },
	{ .head = "X-RateLimit-Remaining: 0\nRateLimit: \"d\";r=0;t=60\n"
	    "Retry-After: 120\n", WAIT(120, RL_RA), .spent = 1 },
	{ .head = "Retry-After: 0\nRateLimit-Reset: 60\n", WAIT(0, RL_RA) },
	{ .head = "Retry-After: soon\nX-RateLimit-Reset: 60\n", WAIT(60, RL_X),
	    .bad_ra = 1 },
	/* A status line starts a response: what came before is not its. */
	{ .head = "HTTP/1.1 429 x\r\nX-RateLimit-Remaining: 0\r\n"
	    "X-RateLimit-Reset: 60\r\nRateLimit: \"d\";r=0;t=9\r\n\r\n"
	    "HTTP/1.1 403 Forbidden\r\n\r\n" },
	{ .head = "HTTP/1.1 429 x\r\nRetry-After: 5\r\n\r\n"
	    "HTTP/1.1 429 x\r\nX-RateLimit-Reset: 60\r\n\r\n",
	    WAIT(60, RL_X) },
	{ .head = "HTTP/1.1 429 x\r\nX-RateLimit-Reset: 60\r\n\r\n"
	    "HTTP/1.1 429 x\r\nRetry-After: 5\r\n\r\n", WAIT(5, RL_RA) },
	{ .head = "HTTP/1.1 200 OK\r\nX-RateLimit-Remaining: 4999\r\n\r\n"
	    "HTTP/1.1 403 Forbidden\r\nX-RateLimit-Reset: 60\r\n\r\n",
	    WAIT(60, RL_X) },
	/* GitHub's head, as curl -D prints it. */
	{ .head = "HTTP/2 403 \r\nserver: github.com\r\n"
	    "x-ratelimit-limit: 60\r\nx-ratelimit-remaining: 0\r\n"
	    "x-ratelimit-reset: 1748736003\r\nx-ratelimit-used: 60\r\n"
	    "x-ratelimit-resource: core\r\n\r\n", WAIT(3, RL_X), .spent = 1 },
};

/* Rate-limit headers whose value is malformed: flagged, nothing taken. */
static const char *const rl_bad[] = {
	"X-RateLimit-Reset:",
	"X-RateLimit-Reset: \t\r",
	"X-RateLimit-Reset: -5",
	"X-RateLimit-Reset: +5",
	"X-RateLimit-Reset: abc",
	"X-RateLimit-Reset: 5s",
	"X-RateLimit-Reset: 5 6",
	"X-RateLimit-Reset: 5,6",
	"X-RateLimit-Reset: 1.",
	"X-RateLimit-Reset: .5",
	"X-RateLimit-Reset: 1.5.5",
	"X-RateLimit-Reset: 1e9",
	"X-RateLimit-Reset: 0x10",
	"X-RateLimit-Reset: Sun, 06 Nov 1994 08:49:37 GMT",
	"RateLimit-Reset: 1.5",
	"RateLimit-Reset: -1",
	"RateLimit-Reset: ",
	"X-RateLimit-Remaining: -1",
	"X-RateLimit-Remaining: none",
	"X-RateLimit-Remaining: 0.0",
	"X-RateLimit-Remaining:",
	"RateLimit-Remaining: 0 left",
	"RateLimit:",
	"RateLimit: \"default\";r=-1;t=2",
	"RateLimit: \"default\";r=0;t=-2",
	"RateLimit: \"default\";r=0;t=2.5",
	"RateLimit: \"default\";r=0;t",
	"RateLimit: \"default\";r;t=2",
	"RateLimit: \"default\";r=0;t=\"2\"",
	"RateLimit: \"default\";r=0;t=?1",
	"RateLimit: \"default\";r=0;t=1234567890123456",
	"RateLimit: \"default;r=0;t=2",
	"RateLimit: \"de\\fault\";r=0;t=2",
	"RateLimit: \"default\";r=0;t=2,",
	"RateLimit: \"default\";r=0;t=2;",
	"RateLimit: \"default\";r=0;;t=2",
	"RateLimit: \"default\" ;r=0;t=2",
	"RateLimit: \"default\";r =0;t=2",
	"RateLimit: \"default\";R=0;T=2",
	"RateLimit: \"a\";r=0;t=2 \"b\"",
	"RateLimit: , \"a\";r=0;t=2",
	"RateLimit: (\"a\" \"b\");r=0;t=2",
	"RateLimit: r=0;t=2",
	"RateLimit: \"a\";r=0;t=2;x=@",
	"< ratelimit: \"d\";t=soon\r",
};

/* Lines that are no rate-limit header read. */
static const char *const rl_other[] = {
	"X-RateLimit-Limit: 60",
	"X-RateLimit-Used: 60",
	"X-RateLimit-Resource: core",
	"X-RateLimit-Reset-After: 1.5",
	"X-RateLimit-Remaining-Minute: 0",
	"RateLimit-Policy: \"default\";q=100;w=60",
	"RateLimit-Limit: 100",
	"RateLimits: \"default\";r=0;t=2",
	"X-RateLimit-Reset 30",
	"X-RateLimit: r=0",
	"XRateLimit-Reset: 30",
	"> X-RateLimit-Remaining: 0",
	"the X-RateLimit-Remaining: 0 header",
	"X",
	"x-ratelimit-remaining",
};

/* A record as the table says it should be. */
static void
check_rl(const struct rl_case *c, const struct http_seen *hs, const char *how)
{
	ck_assert_msg(hs->retry_after == c->wait && hs->retry_after_s ==
	    c->secs, "%s \"%s\": wait %d %llu s, not %d %llu s", how, c->head,
	    hs->retry_after, (unsigned long long)hs->retry_after_s, c->wait,
	    (unsigned long long)c->secs);
	ck_assert_msg(hs->retry_after_from == c->from, "%s \"%s\": from %d, "
	    "not %d", how, c->head, hs->retry_after_from, c->from);
	ck_assert_msg(hs->quota_spent == c->spent, "%s \"%s\": spent %d",
	    how, c->head, hs->quota_spent);
	ck_assert_int_eq(hs->bad_retry_after, c->bad_ra);
	ck_assert_int_eq(hs->bad_ratelimit, 0);
}

START_TEST(rate_limit_headers_in_every_form_give_their_wait)
{
	const struct rl_case	*c = &rl_good[_i];
	struct http_seen	 hs;
	struct http_line	 hl;
	size_t			 len = strlen(c->head), i;

	hs = seen_of(c->head, len, NOW_2025);
	check_rl(c, &hs, "whole");

	/* Byte by byte, from a heap copy of each byte. */
	http_clear(&hs);
	memset(&hl, 0, sizeof hl);
	for (i = 0; i < len; i++)
		feed_exact_at(&hs, &hl, c->head + i, 1, NOW_2025);
	http_flush(&hs, &hl, NOW_2025);
	check_rl(c, &hs, "byte-wise");
}
END_TEST

START_TEST(malformed_rate_limit_values_are_flagged_and_ignored)
{
	static const char	 before[] =
	    "HTTP/1.1 429\r\nRateLimit-Reset: 7\r\n";
	struct http_seen	 hs;
	char			 buf[256];
	size_t			 len;

	hs = seen_line(rl_bad[_i], NOW_2025);
	ck_assert_msg(hs.retry_after == 0 && hs.retry_after_s == 0 &&
	    hs.quota_spent == 0, "\"%s\" taken", rl_bad[_i]);
	ck_assert_msg(hs.bad_ratelimit == 1, "\"%s\" not flagged",
	    rl_bad[_i]);
	ck_assert_int_eq(hs.bad_retry_after, 0);

	/* An earlier valid one stands. */
	len = strlen(rl_bad[_i]);
	ck_assert_uint_lt(sizeof before - 1 + len, sizeof buf);
	memcpy(buf, before, sizeof before - 1);
	memcpy(buf + sizeof before - 1, rl_bad[_i], len);
	buf[sizeof before - 1 + len] = '\n';
	hs = seen_of(buf, sizeof before + len, NOW_2025);
	ck_assert_int_eq(hs.status, 429);
	ck_assert_msg(hs.retry_after == 1 && hs.retry_after_s == 7 &&
	    hs.retry_after_from == HTTP_WAIT_RATELIMIT_RESET,
	    "\"%s\" replaced the valid RateLimit-Reset", rl_bad[_i]);
	ck_assert_int_eq(hs.bad_ratelimit, 1);
}
END_TEST

START_TEST(lines_that_are_not_rate_limit_headers_are_not_flagged)
{
	struct http_seen	hs;

	hs = seen_line(rl_other[_i], NOW_2025);
	ck_assert_msg(hs.retry_after == 0 && hs.quota_spent == 0 &&
	    hs.bad_ratelimit == 0 && hs.bad_retry_after == 0,
	    "\"%s\" read as a rate-limit header", rl_other[_i]);
}
END_TEST

START_TEST(an_unterminated_rate_limit_header_is_not_trusted)
{
	static const char *const	texts[] = {
		"HTTP/1.1 403 x\r\nX-RateLimit-Remaining: 0",
		"HTTP/1.1 403 x\r\n< x-ratelimit-reset: 5",
		"HTTP/1.1 403 x\r\n  RateLimit: \"d\";r=0;t=2",
	};
	struct http_seen		hs;
	size_t				i;

	for (i = 0; i < nitems(texts); i++) {
		hs = seen_of(texts[i], strlen(texts[i]), NOW_2025);
		ck_assert_int_eq(hs.status, 403);
		ck_assert_msg(hs.retry_after == 0 && hs.quota_spent == 0,
		    "\"%s\" trusted", texts[i]);
		ck_assert_int_eq(hs.bad_ratelimit, 1);
	}
}
END_TEST

START_TEST(the_wait_headers_have_their_names)
{
	ck_assert_str_eq(http_wait_name(HTTP_WAIT_RETRY_AFTER),
	    "Retry-After");
	ck_assert_str_eq(http_wait_name(HTTP_WAIT_RATELIMIT), "RateLimit");
	ck_assert_str_eq(http_wait_name(HTTP_WAIT_RATELIMIT_RESET),
	    "RateLimit-Reset");
	ck_assert_str_eq(http_wait_name(HTTP_WAIT_X_RATELIMIT_RESET),
	    "X-RateLimit-Reset");
	ck_assert_str_eq(http_wait_name(HTTP_WAIT_NONE), "");
}
END_TEST

/* Up to three inclusive ranges; unused ones are { 0, -1 }. */
struct span {
	int	lo, hi;
};

struct list_good {
	const char	*in;
	struct span	 set[3];
};

#define NONE { 0, -1 }

static const struct list_good list_good[] = {
	{ "408", { { 408, 408 }, NONE, NONE } },
	{ "400", { { 400, 400 }, NONE, NONE } },
	{ "599", { { 599, 599 }, NONE, NONE } },
	{ "500-599", { { 500, 599 }, NONE, NONE } },
	{ "400-599", { { 400, 599 }, NONE, NONE } },
	{ "503-503", { { 503, 503 }, NONE, NONE } },
	{ "408,425,429", { { 408, 408 }, { 425, 425 }, { 429, 429 } } },
	{ "429,408", { { 408, 408 }, { 429, 429 }, NONE } },
	{ "500-599,408", { { 408, 408 }, { 500, 599 }, NONE } },
	{ "500-510,505-520", { { 500, 520 }, NONE, NONE } },
	{ "408,408", { { 408, 408 }, NONE, NONE } },
	{ "427-428,491-492", { { 427, 428 }, { 491, 492 }, NONE } },
};

struct list_bad {
	const char	*in;
	const char	*why;
};

#define EXPECTED "expected HTTP error statuses 400-599 and ranges N-M"

static const struct list_bad list_bad[] = {
	{ "0", EXPECTED },
	{ "99", EXPECTED },
	{ "099", EXPECTED },
	{ "600", EXPECTED },
	{ "0500", EXPECTED },
	{ "abc", EXPECTED },
	{ "5xx", EXPECTED },
	{ "408,,500", EXPECTED },
	{ ",408", EXPECTED },
	{ "408,", EXPECTED },
	{ ",", EXPECTED },
	{ "-500", EXPECTED },
	{ "500-", EXPECTED },
	{ "-", EXPECTED },
	{ "500-600", EXPECTED },
	{ "99-500", EXPECTED },
	{ "500-550-599", EXPECTED },
	{ " 500", EXPECTED },
	{ "500 ", EXPECTED },
	{ "+500", EXPECTED },
	{ "100", EXPECTED },		/* not an error: never retried */
	{ "200", EXPECTED },
	{ "399", EXPECTED },
	{ "200-500", EXPECTED },
	{ "599-500", "range N-M with N > M" },
	{ "408,501-500", "range N-M with N > M" },
	{ "", "empty list" },
	{ NULL, "empty list" },
};

/* Is status in the expected set of g? */
static int
list_expected(const struct list_good *g, int status)
{
	size_t	i;

	for (i = 0; i < nitems(g->set); i++) {
		if (status >= g->set[i].lo && status <= g->set[i].hi)
			return 1;
	}
	return 0;
}

START_TEST(valid_lists_hold_exactly_their_statuses)
{
	const struct list_good	*g = &list_good[_i];
	struct http_list	 hl;
	const char		*why = "unset";
	int			 status, has;

	memset(&hl, 0xa5, sizeof hl);
	ck_assert_msg(http_list_parse(g->in, &hl, &why) == 0,
	    "\"%s\" rejected: %s", g->in, why != NULL ? why : "(null)");
	ck_assert_ptr_eq(why, NULL);
	for (status = 0; status <= 700; status++) {
		has = http_list_has(&hl, status);
		ck_assert_msg(has == list_expected(g, status),
		    "\"%s\": status %d is %s", g->in, status,
		    has ? "in" : "not in");
	}
}
END_TEST

START_TEST(invalid_lists_are_errors_with_their_reason)
{
	const struct list_bad	*b = &list_bad[_i];
	struct http_list	 hl;
	const char		*why = NULL;

	ck_assert_msg(http_list_parse(b->in, &hl, &why) == -1,
	    "\"%s\" accepted", b->in != NULL ? b->in : "(null)");
	ck_assert_msg(why != NULL && strcmp(why, b->why) == 0,
	    "\"%s\": reason \"%s\", not \"%s\"",
	    b->in != NULL ? b->in : "(null)", why != NULL ? why : "(null)",
	    b->why);
}
END_TEST

START_TEST(the_default_list_is_exactly_the_try_later_statuses)
{
	struct http_list	hl;
	int			status, want;

	memset(&hl, 0xa5, sizeof hl);
	http_list_default(&hl);
	for (status = 0; status <= 700; status++) {
		want = status == 408 || status == 425 || status == 429 ||
		    status == 500 || status == 502 || status == 503 ||
		    status == 504;
		ck_assert_msg(http_list_has(&hl, status) == want,
		    "status %d", status);
	}
}
END_TEST

START_TEST(statuses_outside_100_to_599_are_never_members)
{
	static const int	outside[] = {
		-2147483647 - 1, -1, 0, 1, 99, 600, 639, 640, 1000, 2147483647
	};
	struct http_list	hl;
	const char		*why;
	size_t			i;

	memset(&hl, 0xff, sizeof hl);
	for (i = 0; i < nitems(outside); i++)
		ck_assert_msg(!http_list_has(&hl, outside[i]), "%d",
		    outside[i]);
	ck_assert_int_eq(http_list_parse("400-599", &hl, &why), 0);
	for (i = 0; i < nitems(outside); i++)
		ck_assert_msg(!http_list_has(&hl, outside[i]), "%d",
		    outside[i]);
}
END_TEST

/*
 * A failed attempt whose output showed no status line is worth a word:
 * curl's only for its 22 (an HTTP error came, its head unseen), another
 * command's for any failure; never once a status line was read.
 */
static const struct {
	int		 seen;		/* a status line's code; 0: none */
	int		 status;	/* the exit status */
	const char	*name;
	int		 unseen;
} unseen_cases[] = {
	{ 0, 22, "curl", 1 },
	{ 0, 7, "curl", 0 },
	{ 0, 28, "curl", 0 },
	{ 0, 0, "curl", 0 },
	{ 404, 22, "curl", 0 },
	{ 0, 8, "wget", 1 },
	{ 0, 1, "sh", 1 },
	{ 0, 0, "sh", 0 },
	{ 503, 1, "http", 0 },
};

START_TEST(failures_without_a_status_line_are_told_where_a_head_was_lost)
{
	struct http_seen	hs;

	http_clear(&hs);
	hs.status = unseen_cases[_i].seen;
	ck_assert_int_eq(http_heads_unseen(&hs, unseen_cases[_i].status,
	    unseen_cases[_i].name), unseen_cases[_i].unseen);
}
END_TEST

static Suite *
http_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("http");

	tc = tcase_create("status");
	tcase_add_loop_test(tc,
	    status_lines_in_every_client_form_give_their_code, 0,
	    nitems(status_good));
	tcase_add_loop_test(tc, lines_that_are_not_status_lines_change_nothing,
	    0, nitems(status_bad));
	tcase_add_test(tc, the_last_status_line_wins);
	tcase_add_test(tc, lists_given_again_add_up);
	tcase_add_loop_test(tc, heads_leave_their_status_and_retry_after, 0,
	    nitems(heads));
	tcase_add_test(tc, a_100_continue_gives_way_to_the_final_status);
	tcase_add_loop_test(tc, a_long_line_is_judged_on_its_head, 0,
	    nitems(head_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("retry-after");
	tcase_add_loop_test(tc,
	    retry_after_headers_in_every_form_give_their_seconds, 0,
	    nitems(ra_good));
	tcase_add_loop_test(tc,
	    malformed_retry_after_values_are_flagged_and_ignored, 0,
	    nitems(ra_bad));
	tcase_add_loop_test(tc,
	    lines_that_are_not_retry_after_headers_are_not_flagged, 0,
	    nitems(ra_other));
	suite_add_tcase(s, tc);

	tc = tcase_create("feed");
	tcase_add_test(tc, one_chunk_of_several_responses_gives_the_last);
	tcase_add_test(tc,
	    chunks_split_at_every_byte_give_the_same_result_as_one);
	tcase_add_test(tc, the_last_line_counts_only_once_flushed);
	tcase_add_test(tc, an_unterminated_retry_after_is_not_trusted);
	tcase_add_loop_test(tc,
	    a_64_kib_line_does_not_hide_the_status_line_after_it, 0,
	    nitems(long_starts));
	tcase_add_test(tc, nul_bytes_are_ordinary_bytes);
	tcase_add_test(tc, a_cleared_record_has_seen_nothing);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("ratelimit");
	tcase_add_loop_test(tc,
	    rate_limit_headers_in_every_form_give_their_wait, 0,
	    nitems(rl_good));
	tcase_add_loop_test(tc,
	    malformed_rate_limit_values_are_flagged_and_ignored, 0,
	    nitems(rl_bad));
	tcase_add_loop_test(tc,
	    lines_that_are_not_rate_limit_headers_are_not_flagged, 0,
	    nitems(rl_other));
	tcase_add_test(tc, an_unterminated_rate_limit_header_is_not_trusted);
	tcase_add_test(tc, the_wait_headers_have_their_names);
	tcase_add_loop_test(tc,
	    failures_without_a_status_line_are_told_where_a_head_was_lost, 0,
	    nitems(unseen_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("list");
	tcase_add_loop_test(tc, valid_lists_hold_exactly_their_statuses, 0,
	    nitems(list_good));
	tcase_add_loop_test(tc, invalid_lists_are_errors_with_their_reason, 0,
	    nitems(list_bad));
	tcase_add_test(tc, the_default_list_is_exactly_the_try_later_statuses);
	tcase_add_test(tc, statuses_outside_100_to_599_are_never_members);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(http_suite());
}
