/* SPDX-License-Identifier: ISC */
/*
 * RESP2's framing, followed byte by byte as a server's bytes come, with a
 * bound on each part: a reply reader (hiredis) keeps all of a bulk string
 * until its last byte has come, and a line until its CR LF, so a server
 * that announces 2 GB and sends zeros would have it hold them all. Each
 * item is a type byte and a line ending in CR LF; a bulk string ($N) has
 * N bytes and CR LF more, an array (*N) N items more. The items still to
 * come say where a reply ends, nested arrays included, without a stack.
 * Only what retry asks for (RESP2: no HELLO 3 is sent) passes, so that the
 * reader never sees a part this does not know the length of.
 */
#include "config.h"

#include <string.h>

#include "store/redis_bound.h"

void
redis_bound_init(struct redis_bound *b, const struct redis_limits *lim)
{
	memset(b, 0, sizeof *b);
	b->lim = *lim;
	b->at = REDIS_BOUND_TYPE;
}

/* Refuse what came, and all that comes after: the stream is lost. */
static void
refuse(struct redis_bound *b, const char *why)
{
	b->why = why;
}

/* The byte that starts an item. */
static void
type_byte(struct redis_bound *b, char c)
{
	switch (c) {
	case '+':
	case '-':
	case ':':
	case '$':
	case '*':
		break;
	default:
		refuse(b, "an unknown type of reply");
		return;
	}
	b->type = c;
	b->at = REDIS_BOUND_LINE;
	b->line = b->digits = b->neg = b->cr = 0;
	b->num = 0;
	b->items--;
}

/*
 * A byte of the length of a bulk string or an array: digits, or -1 (nil).
 * Refused as soon as it passes the bound, before the rest comes.
 */
static void
length_byte(struct redis_bound *b, char c)
{
	uint64_t	max = b->type == '$' ? b->lim.bulk : b->lim.elements;
	uint64_t	d;

	if (c == '-' && b->line == 1) {
		b->neg = 1;
		return;
	}
	if (c < '0' || c > '9' || (b->neg && (b->digits > 0 || c != '1'))) {
		refuse(b, "a length that is not a number");
		return;
	}
	b->digits++;
	if (b->neg)
		return;
	d = (uint64_t)(c - '0');
	if (d > max || b->num > (max - d) / 10) {
		refuse(b, b->type == '$' ? "a string longer than allowed" :
		    "an array longer than allowed");
		return;
	}
	b->num = b->num * 10 + d;
}

/* The CR LF that ends an item's line. */
static void
line_end(struct redis_bound *b)
{
	if ((b->type == '$' || b->type == '*') && b->digits == 0) {
		refuse(b, "a length that is not a number");
		return;
	}
	if (b->type == '$' && !b->neg) {
		/* All of it, announced: refused now, not once it came. */
		if (b->num + 2 > b->lim.reply - b->reply) {
			refuse(b, "a reply longer than allowed");
			return;
		}
		b->bulk = b->num + 2;
		b->at = REDIS_BOUND_BULK;
		return;
	}
	if (b->type == '*' && !b->neg)
		b->items += b->num;
	b->at = REDIS_BOUND_TYPE;
}

/* A byte of an item's line. */
static void
line_byte(struct redis_bound *b, char c)
{
	int	was_cr = b->cr;

	if (++b->line > b->lim.line) {
		refuse(b, "a line longer than allowed");
		return;
	}
	b->cr = c == '\r';
	if (was_cr && c == '\n')
		line_end(b);
	else if (b->type != '$' && b->type != '*')
		return;
	else if (was_cr)	/* a length: nothing but LF after its CR */
		refuse(b, "a length that is not a number");
	else if (!b->cr)
		length_byte(b, c);
}

/*
 * Follow len more bytes of the stream. -1 with *why when they break a
 * bound or are not RESP2: nothing of them should be kept then, and the
 * connection is lost (what comes after cannot be framed).
 */
int
redis_bound_feed(struct redis_bound *b, const char *buf, size_t len,
    const char **why)
{
	size_t	i = 0, n;

	while (b->why == NULL && i < len) {
		if (b->at == REDIS_BOUND_BULK) {
			/* Its length is within the reply's bound (line_end). */
			n = len - i < b->bulk ? len - i : (size_t)b->bulk;
			b->bulk -= n;
			b->reply += n;
			i += n;
			if (b->bulk == 0)
				b->at = REDIS_BOUND_TYPE;
			continue;
		}
		if (b->at == REDIS_BOUND_TYPE && b->items == 0) {
			b->items = 1;	/* a new reply */
			b->reply = 0;
		}
		if (++b->reply > b->lim.reply) {
			refuse(b, "a reply longer than allowed");
			break;
		}
		if (b->at == REDIS_BOUND_TYPE)
			type_byte(b, buf[i++]);
		else
			line_byte(b, buf[i++]);
	}
	if (b->why != NULL) {
		*why = b->why;
		return -1;
	}
	return 0;
}
