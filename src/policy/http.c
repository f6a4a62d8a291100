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
 * What a header's value is made of is read elsewhere, by pure parsers of
 * their own: an HTTP-date (httpdate.c), a Structured Field (sfv.c).
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "policy/bytes.h"
#include "policy/http.h"
#include "policy/httpdate.h"
#include "policy/sfv.h"
#include "policy/statuslist.h"

#define HTTP_MIN 100
#define HTTP_MAX 599
#define HTTP_LIST_MIN 400	/* --http=LIST: error statuses only */

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

/* Add the statuses of more to l: a LIST given again adds up. */
void
http_list_merge(struct http_list *l, const struct http_list *more)
{
	size_t	i;

	for (i = 0; i < sizeof l->bits / sizeof l->bits[0]; i++)
		l->bits[i] |= more->bits[i];
}

void
http_clear(struct http_seen *hs)
{
	memset(hs, 0, sizeof *hs);
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

/* A RateLimit field being read: the policy at hand, and those before it. */
struct ratelimit {
	int64_t		r;	/* the policy's r and t; -1: not given */
	int64_t		t;
	uint64_t	wait;	/* the longest t that counts */
	int		found;	/* one counts */
	int		spent;	/* a policy has r=0 */
};

/* A policy's r and t must be integers 0 or more; the last of a key counts. */
static int
ratelimit_param(void *arg, const char *key, size_t len, int64_t v)
{
	struct ratelimit	*rl = arg;

	if (len != 1 || (key[0] != 'r' && key[0] != 't'))
		return 0;
	if (v < 0)
		return -1;
	if (key[0] == 'r')
		rl->r = v;
	else
		rl->t = v;
	return 0;
}

/*
 * A policy read whole: the longest t of one that is spent or does not
 * say (no r) is the wait; one with room left (r > 0) asks for none.
 */
static int
ratelimit_policy(void *arg)
{
	struct ratelimit	*rl = arg;

	if (rl->r == 0)
		rl->spent = 1;
	if (rl->t >= 0 && rl->r <= 0 &&
	    (!rl->found || (uint64_t)rl->t > rl->wait)) {
		rl->wait = (uint64_t)rl->t;
		rl->found = 1;
	}
	rl->r = rl->t = -1;
	return 0;
}

/*
 * A RateLimit field of the IETF httpapi drafts, a Structured Field list
 * (RFC 8941) of quota policies: `"default";r=0;t=2, "day";r=90;t=3600`,
 * r the quota units left, t the seconds until the quota resets. A field
 * that does not parse is ignored whole, as RFC 8941 asks: nothing of it
 * is kept until all of it is read.
 */
static int
ratelimit_value(const char *s, size_t len, struct http_seen *hs)
{
	struct ratelimit	 rl = { .r = -1, .t = -1 };
	const struct sfv_reader	 rd = {
		.param = ratelimit_param,
		.member = ratelimit_policy,
		.arg = &rl,
	};
	uint64_t		 wait;

	if (sfv_list(s, len, &rd) == -1)
		return -1;
	if (rl.spent)
		hs->quota_spent = 1;
	wait = wait_cap(rl.wait);
	if (rl.found && (!hs->resp.policy || wait > hs->resp.policy_s)) {
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

/*
 * An attempt that exited with status (not 0) showed no status line: its
 * exit status stands in for the HTTP status. Worth a word when the output
 * most likely left out a response's head: curl -f's 22 is an HTTP error
 * that came, while its other statuses (7, no connection; 28, a timeout)
 * had none to show; for another command, any failure may be one. name:
 * the command's.
 */
int
http_heads_unseen(const struct http_seen *hs, int status, const char *name)
{
	if (hs->status != 0 || status == 0)
		return 0;
	return strcmp(name, "curl") != 0 || status == 22;
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
