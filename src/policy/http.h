/* SPDX-License-Identifier: ISC */
/*
 * --http: the HTTP status, Retry-After and rate-limit headers that an
 * attempt's output shows, read from the response headers that curl -i, -D,
 * -v, wget -S and HTTPie print, and the set of statuses that --http=LIST
 * names.
 */
#ifndef RETRY_HTTP_H
#define RETRY_HTTP_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/*
 * The longest wait read, in seconds: DURATION_MAX's whole seconds (292
 * years), so that it converts to nanoseconds; a longer one counts as it.
 * How much of it is waited is --max-server-wait's (verdict.c).
 */
#define HTTP_RETRY_AFTER_MAX 9223372036ULL
#define HTTP_LINE_HEAD 512	/* bytes of a line that are looked at */

/* A set of HTTP statuses 100-599, for --http=LIST. */
struct http_list {
	uint64_t	bits[10];	/* bit N: status N */
};

/* The header that the server's wait came from. */
enum http_wait_from {
	HTTP_WAIT_NONE,
	HTTP_WAIT_RETRY_AFTER,		/* Retry-After */
	HTTP_WAIT_RATELIMIT,		/* RateLimit: ...;t=N */
	HTTP_WAIT_RATELIMIT_RESET,	/* RateLimit-Reset */
	HTTP_WAIT_X_RATELIMIT_RESET,	/* X-RateLimit-Reset */
};

/*
 * The last response's own headers, before Retry-After is put ahead of the
 * rate-limit ones. Each reset is in seconds from now, at most
 * HTTP_RETRY_AFTER_MAX.
 */
struct http_response {
	/* a valid Retry-After */
	int			ra;
	uint64_t		ra_s;
	/* a valid RateLimit-Reset or X-RateLimit-Reset: the longest */
	int			reset;
	uint64_t		reset_s;
	enum http_wait_from	reset_from;
	/* the t= of a RateLimit: policy that counts: the longest */
	int			policy;
	uint64_t		policy_s;
	/* a RateLimit-Remaining or X-RateLimit-Remaining above 0 */
	int			room;
};

/*
 * What one attempt's output said, as far as it was read. A status line
 * starts a new response and clears the Retry-After and rate-limit headers
 * before it; a malformed one stays flagged for the whole attempt.
 */
struct http_seen {
	/* the last status line's code; 0: none */
	int		status;
	/*
	 * The last response asked for a wait: a valid Retry-After, else the
	 * reset of a rate limit (unless a Remaining above 0 said there was
	 * room left in it).
	 */
	int		retry_after;
	/* its seconds from now, 0 to HTTP_RETRY_AFTER_MAX */
	uint64_t	retry_after_s;
	/* the header it came from */
	enum http_wait_from retry_after_from;
	/* a malformed Retry-After was seen and ignored */
	int		bad_retry_after;
	/* the last response said its rate-limit quota is spent */
	int		quota_spent;
	/* a malformed rate-limit header was seen and ignored */
	int		bad_ratelimit;
	struct http_response resp;
};

/* The start of the line being read, one per stream; zeroed: none yet. */
struct http_line {
	char	buf[HTTP_LINE_HEAD];
	size_t	len;		/* bytes kept (at most HTTP_LINE_HEAD) */
	int	cut;		/* the line went on past the bytes kept */
};

/* "408,425,429,500-599": 0, or -1 with a reason. */
int	http_list_parse(const char *, struct http_list *, const char **);
/* 408,425,429,500,502,503,504. */
void	http_list_default(struct http_list *);
/* 0 outside 100-599. */
int	http_list_has(const struct http_list *, int);
void	http_list_merge(struct http_list *, const struct http_list *);

void	http_clear(struct http_seen *);
/* A chunk of a stream, of any size; lines end at '\n'. */
void	http_feed(struct http_seen *, struct http_line *, const char *,
	    size_t, time_t);
/* The stream ended: its last line, if it had no '\n'. */
void	http_flush(struct http_seen *, struct http_line *, time_t);
/* One line without its '\n'. */
void	http_scan_line(struct http_seen *, const char *, size_t, time_t);
/* "Retry-After", "X-RateLimit-Reset", ...; "" for none. */
const char *http_wait_name(enum http_wait_from);
/* A failed attempt's heads went unseen: exit status, command's name. */
int	http_heads_unseen(const struct http_seen *, int, const char *);

#endif
