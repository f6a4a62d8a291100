/* SPDX-License-Identifier: ISC */
/*
 * --http: the HTTP status and Retry-After that an attempt's output shows,
 * read from the response headers that curl -i, -D, -v, wget -S and HTTPie
 * print, and the set of statuses that --http=LIST names.
 */
#ifndef RETRY_HTTP_H
#define RETRY_HTTP_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define HTTP_RETRY_AFTER_MAX 21600	/* seconds: 6 h, curl's own limit */
#define HTTP_LINE_HEAD 512	/* bytes of a line that are looked at */

/* A set of HTTP statuses 100-599, for --http=LIST. */
struct http_list {
	uint64_t	bits[10];	/* bit N: status N */
};

/*
 * What one attempt's output said, as far as it was read. A status line
 * starts a new response and clears the Retry-After before it; a malformed
 * Retry-After stays flagged for the whole attempt.
 */
struct http_seen {
	/* the last status line's code; 0: none */
	int		status;
	/* the last response had a valid Retry-After */
	int		retry_after;
	/* its seconds from now, 0 to HTTP_RETRY_AFTER_MAX */
	uint64_t	retry_after_s;
	/* a malformed Retry-After was seen and ignored */
	int		bad_retry_after;
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

void	http_clear(struct http_seen *);
/* A chunk of a stream, of any size; lines end at '\n'. */
void	http_feed(struct http_seen *, struct http_line *, const char *,
	    size_t, time_t);
/* The stream ended: its last line, if it had no '\n'. */
void	http_flush(struct http_seen *, struct http_line *, time_t);
/* One line without its '\n'. */
void	http_scan_line(struct http_seen *, const char *, size_t, time_t);
/* An HTTP-date to UTC seconds since the epoch: 0, or -1. */
int	http_date_parse(const char *, size_t, time_t, time_t *);

#endif
