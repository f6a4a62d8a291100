/* SPDX-License-Identifier: ISC */
/*
 * Fuzz the bound on a Redis server's bytes (what any server, hostile or
 * broken, may send): a chunking seed (1 byte), then the bytes. Fed whole,
 * in the seed's chunks and byte by byte, the verdict, its reason and the
 * state it ends in agree; nothing passes a bound. With hiredis, the reply
 * reader the bound guards is fed the same bytes, one at a time, as long
 * as the bound takes them: it has a reply whole exactly when the bound
 * says one ended, so that the two never frame the stream apart (what the
 * reader keeps is then what the bound counted).
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef HAVE_HIREDIS
#include <hiredis/hiredis.h>
#endif

#include "invariants.h"
#include "store/redis_bound.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Small, for the fuzzer to reach each edge. */
static const struct redis_limits lim = {
	.line = 16,
	.bulk = 24,
	.elements = 4,
	.reply = 96,
};

/* Feed len bytes in chunks of step: the verdict. */
static int
feed(struct redis_bound *b, const char *s, size_t len, size_t step)
{
	const char	*why = NULL;
	size_t		 i, n;

	for (i = 0; i < len; i += n) {
		n = len - i < step ? len - i : step;
		if (redis_bound_feed(b, s + i, n, &why) == -1) {
			CHECK(why != NULL && why == b->why);
			return -1;
		}
		CHECK(b->reply <= lim.reply && b->line <= lim.line);
		CHECK(b->at != REDIS_BOUND_LINE || b->num <= lim.bulk);
	}
	return 0;
}

static int
same(const struct redis_bound *a, const struct redis_bound *b)
{
	return a->why == b->why && (a->why != NULL || (a->at == b->at &&
	    a->items == b->items && a->reply == b->reply &&
	    a->bulk == b->bulk && a->line == b->line && a->num == b->num));
}

#ifdef HAVE_HIREDIS
/* Byte by byte, the reader has a reply exactly when the bound ended one. */
static void
against_hiredis(const char *s, size_t len)
{
	struct redis_bound	 b;
	redisReader		*r;
	void			*reply;
	const char		*why;
	size_t			 i;
	int			 ended;

	if ((r = redisReaderCreate()) == NULL)
		return;
	redis_bound_init(&b, &lim);
	for (i = 0; i < len; i++) {
		if (redis_bound_feed(&b, s + i, 1, &why) == -1)
			break;
		/* An error of its own (a depth past 7): no more to compare. */
		reply = NULL;
		if (redisReaderFeed(r, s + i, 1) != REDIS_OK ||
		    redisReaderGetReply(r, &reply) != REDIS_OK)
			break;
		ended = b.at == REDIS_BOUND_TYPE && b.items == 0;
		CHECK(ended == (reply != NULL));
		if (reply != NULL)
			freeReplyObject(reply);
	}
	redisReaderFree(r);
}
#endif

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct redis_bound	 whole, chunks, bytes;
	const char		*s = (const char *)data + 1;
	size_t			 len, step;
	int			 v;

	if (size == 0)
		return 0;
	step = 1 + data[0] % 32;
	len = size - 1;
	redis_bound_init(&whole, &lim);
	redis_bound_init(&chunks, &lim);
	redis_bound_init(&bytes, &lim);
	v = feed(&whole, s, len, len > 0 ? len : 1);
	CHECK(feed(&chunks, s, len, step) == v);
	CHECK(feed(&bytes, s, len, 1) == v);
	CHECK(same(&whole, &chunks) && same(&whole, &bytes));
#ifdef HAVE_HIREDIS
	against_hiredis(s, len);
#endif
	return 0;
}
