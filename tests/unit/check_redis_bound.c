/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of redis_bound.c: the replies a store gets pass however
 * their bytes are split; a length past its bound is refused as soon as
 * its digits say so, before the bytes it announces; what is not RESP2 is
 * refused; a refused stream stays refused. Small limits, so that a row
 * shows the edge.
 */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "store/redis_bound.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static const struct redis_limits small = {
	.line = 8,		/* after the type byte, CR LF in */
	.bulk = 10,
	.elements = 3,
	.reply = 48,
};

/* Feed len bytes of s in chunks of step; 0, or -1 with *why. */
static int
feed(struct redis_bound *b, const char *s, size_t len, size_t step,
    const char **why)
{
	size_t	i, n;

	for (i = 0; i < len; i += n) {
		n = len - i < step ? len - i : step;
		if (redis_bound_feed(b, s + i, n, why) == -1)
			return -1;
	}
	return 0;
}

static const char *const good[] = {
	"+OK\r\n",
	"-ERR no\r\n",
	":-12\r\n",
	"$0\r\n\r\n",
	"$10\r\n0123456789\r\n",
	"$4\r\na\r\nb\r\n",		/* CR LF inside a string */
	"$-1\r\n",
	"*-1\r\n",
	"*0\r\n",
	"+a\rb\r\n",			/* a lone CR inside a line */
	"*3\r\n:1\r\n$2\r\n10\r\n$-1\r\n",
	"*2\r\n*3\r\n:1\r\n:2\r\n*0\r\n$1\r\nx\r\n",
	"$007\r\n1234567\r\n",
};

START_TEST(replies_pass_however_split)
{
	struct redis_bound	 b;
	const char		*s = good[_i], *why = NULL;
	size_t			 step;

	for (step = 1; step <= strlen(s); step++) {
		redis_bound_init(&b, &small);
		ck_assert_msg(feed(&b, s, strlen(s), step, &why) == 0,
		    "%s in steps of %zu: %s", s, step, why);
		/* Whole, and the next reply counts from nothing. */
		ck_assert_int_eq(b.items, 0);
		ck_assert_int_eq(b.at, REDIS_BOUND_TYPE);
		ck_assert_int_eq(feed(&b, s, strlen(s), step, &why), 0);
	}
}
END_TEST

static const struct {
	const char	*bytes;
	const char	*why;
} bad[] = {
	{ "$11\r\n", "a string longer than allowed" },
	{ "$2000000000\r\n", "a string longer than allowed" },
	{ "$99999999999999999999999999\r\n", "a string longer than allowed" },
	{ "*4\r\n", "an array longer than allowed" },
	{ "+OKOKOKOK\r\n", "a line longer than allowed" },
	{ "-1234567\r\n", "a line longer than allowed" },
	{ "$\r\n", "a length that is not a number" },
	{ "$-2\r\n", "a length that is not a number" },
	{ "$-11\r\n", "a length that is not a number" },
	{ "$--1\r\n", "a length that is not a number" },
	{ "$+1\r\n", "a length that is not a number" },
	{ "*1x\r\n", "a length that is not a number" },
	{ "$1\r\r\n", "a length that is not a number" },
	{ "$1 \r\n", "a length that is not a number" },
	{ "%1\r\n", "an unknown type of reply" },
	{ "_\r\n", "an unknown type of reply" },
	{ "\r\n", "an unknown type of reply" },
	{ "+OK\r\n:1\r\n!", "an unknown type of reply" },
	/* 4 + 3 x 17 bytes: each part fits, the reply does not. */
	{ "*3\r\n$10\r\n0123456789\r\n$10\r\n0123456789\r\n"
	    "$10\r\n0123456789\r\n", "a reply longer than allowed" },
	/* Nested arrays: none is long, all of them are. */
	{ "*3\r\n*3\r\n$3\r\nabc\r\n$3\r\nabc\r\n$3\r\nabc\r\n"
	    "*3\r\n$3\r\nabc\r\n$3\r\nabc\r\n$3\r\nabc\r\n",
	    "a reply longer than allowed" },
};

START_TEST(bad_replies_are_refused)
{
	struct redis_bound	 b;
	const char		*s = bad[_i].bytes, *why = NULL;
	size_t			 step;

	for (step = 1; step <= strlen(s); step++) {
		redis_bound_init(&b, &small);
		ck_assert_msg(feed(&b, s, strlen(s), step, &why) == -1,
		    "%s passed in steps of %zu", s, step);
		ck_assert_str_eq(why, bad[_i].why);
	}
}
END_TEST

/* "$2000000000": refused at its third digit, before the CR LF. */
START_TEST(length_refused_before_its_end)
{
	struct redis_bound	 b;
	const char		*why = NULL;

	redis_bound_init(&b, &small);
	ck_assert_int_eq(redis_bound_feed(&b, "$1", 2, &why), 0);
	ck_assert_int_eq(redis_bound_feed(&b, "0", 1, &why), 0);
	ck_assert_int_eq(redis_bound_feed(&b, "0", 1, &why), -1);
	ck_assert_str_eq(why, "a string longer than allowed");
}
END_TEST

START_TEST(refused_stays_refused)
{
	struct redis_bound	 b;
	const char		*why = NULL;

	redis_bound_init(&b, &small);
	ck_assert_int_eq(redis_bound_feed(&b, "%", 1, &why), -1);
	why = NULL;
	ck_assert_int_eq(redis_bound_feed(&b, "+OK\r\n", 5, &why), -1);
	ck_assert_str_eq(why, "an unknown type of reply");
}
END_TEST

/* The reply's bound is each reply's: many replies in a row pass. */
START_TEST(each_reply_has_its_own_bound)
{
	struct redis_bound	 b;
	const char		*r = "*2\r\n$10\r\n0123456789\r\n:1\r\n", *why;
	int			 i;

	redis_bound_init(&b, &small);
	for (i = 0; i < 100; i++)
		ck_assert_int_eq(redis_bound_feed(&b, r, strlen(r), &why), 0);
}
END_TEST

/* The store's own limits take what it gets: a script's answer. */
START_TEST(limits_at_the_edge)
{
	struct redis_limits	 lim = { .line = 5, .bulk = 3, .elements = 9,
				    .reply = 12 };
	struct redis_bound	 b;
	const char		*why;

	/* A reply of 9 bytes, then one of 12: the edge. */
	redis_bound_init(&b, &lim);
	ck_assert_int_eq(redis_bound_feed(&b, "$3\r\nabc\r\n", 9, &why), 0);
	ck_assert_int_eq(redis_bound_feed(&b, "*1\r\n$2\r\nab\r\n", 12,
	    &why), 0);
	ck_assert_int_eq(redis_bound_feed(&b, "*1\r\n$3\r\n", 8, &why), -1);
	ck_assert_str_eq(why, "a reply longer than allowed");
	/* An array of 9, not 10; a line of 5 bytes, CR LF in, not 6. */
	redis_bound_init(&b, &lim);
	ck_assert_int_eq(redis_bound_feed(&b, "*9", 2, &why), 0);
	redis_bound_init(&b, &lim);
	ck_assert_int_eq(redis_bound_feed(&b, "*10", 3, &why), -1);
	redis_bound_init(&b, &lim);
	ck_assert_int_eq(redis_bound_feed(&b, "+abc\r\n", 6, &why), 0);
	ck_assert_int_eq(redis_bound_feed(&b, "+abcd", 5, &why), 0);
	ck_assert_int_eq(redis_bound_feed(&b, "\r\n", 2, &why), -1);
	ck_assert_str_eq(why, "a line longer than allowed");
}
END_TEST

static Suite *
redis_bound_suite(void)
{
	Suite	*s = suite_create("redis_bound");
	TCase	*tc = tcase_create("feed");

	tcase_add_loop_test(tc, replies_pass_however_split, 0, nitems(good));
	tcase_add_loop_test(tc, bad_replies_are_refused, 0, nitems(bad));
	tcase_add_test(tc, length_refused_before_its_end);
	tcase_add_test(tc, refused_stays_refused);
	tcase_add_test(tc, each_reply_has_its_own_bound);
	tcase_add_test(tc, limits_at_the_edge);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(redis_bound_suite());
}
