/* SPDX-License-Identifier: ISC */
/*
 * The bytes a Redis server sends, checked before the reply reader keeps
 * them: the framing of RESP2 followed as the bytes come, so that a length
 * is refused when it is read, before any of what it announces is held.
 * Pure: no I/O, no allocation; the caller feeds what it reads.
 */
#ifndef RETRY_REDIS_BOUND_H
#define RETRY_REDIS_BOUND_H

#include <stddef.h>
#include <stdint.h>

/* The most that one reply may hold. */
struct redis_limits {
	size_t		line;		/* a line (status, error, integer, a
					   length), its CR LF included */
	size_t		bulk;		/* a bulk string's length */
	size_t		elements;	/* an array's */
	size_t		reply;		/* all of a reply's bytes */
};

enum redis_bound_at {
	REDIS_BOUND_TYPE,		/* the next byte is an item's type */
	REDIS_BOUND_LINE,		/* in the item's line */
	REDIS_BOUND_BULK,		/* in a bulk string's bytes */
};

struct redis_bound {
	struct redis_limits	 lim;
	enum redis_bound_at	 at;
	char			 type;	/* the item's: + - : $ * */
	int			 cr;	/* the line's last byte was CR */
	int			 neg;	/* a length of -1 (nil) */
	int			 digits;	/* of the length so far */
	uint64_t		 num;	/* the length so far */
	size_t			 line;	/* the line's bytes so far */
	uint64_t		 bulk;	/* string bytes and CR LF to come */
	uint64_t		 items;	/* to come in this reply; 0: between */
	size_t			 reply;	/* this reply's bytes so far */
	const char		*why;	/* refused: why, for good */
};

void	redis_bound_init(struct redis_bound *, const struct redis_limits *);
int	redis_bound_feed(struct redis_bound *, const char *, size_t,
	    const char **);

#endif
