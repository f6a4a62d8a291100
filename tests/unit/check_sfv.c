/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of sfv.c: Structured Field lists (RFC 8941) with every kind
 * of bare item and parameter, read into a transcript of what the reader
 * was told; malformed lists refused whole; a reader's refusal ends the
 * parse.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "policy/sfv.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* What the reader was told: ";key=value" a parameter, '|' a member's end. */
struct transcript {
	char		 text[256];
	const char	*refuse;	/* a key to refuse; "|": a member */
};

static void
say(struct transcript *t, const char *s)
{
	size_t	n = strlen(t->text);

	snprintf(t->text + n, sizeof t->text - n, "%s", s);
}

static int
on_param(void *arg, const char *key, size_t len, int64_t v)
{
	struct transcript	*t = arg;
	char			 buf[64];

	if (v == SFV_NOT_INT)
		snprintf(buf, sizeof buf, ";%.*s=?", (int)len, key);
	else
		snprintf(buf, sizeof buf, ";%.*s=%lld", (int)len, key,
		    (long long)v);
	say(t, buf);
	return t->refuse != NULL && strlen(t->refuse) == len &&
	    memcmp(t->refuse, key, len) == 0 ? -1 : 0;
}

static int
on_member(void *arg)
{
	struct transcript	*t = arg;

	say(t, "|");
	return t->refuse != NULL && strcmp(t->refuse, "|") == 0 ? -1 : 0;
}

/* Read s, of its length exactly, into a transcript. */
static int
read_list(const char *s, const char *refuse, struct transcript *t)
{
	const struct sfv_reader	rd = {
		.param = on_param,
		.member = on_member,
		.arg = t,
	};

	memset(t, 0, sizeof *t);
	t->refuse = refuse;
	return sfv_list(s, strlen(s), &rd);
}

static const struct {
	const char	*s;
	const char	*want;
} good[] = {
	{ "\"default\";r=0;t=2, \"day\";r=90;t=3600",
	    ";r=0;t=2|;r=90;t=3600|" },
	{ "a", "|" },
	{ "a ", "|" },
	{ "a, b,c", "|||" },
	{ "a\t,\tb", "||" },
	{ "a;x", ";x=?|" },
	{ "a;  k=1", ";k=1|" },
	{ "a;r=1;r=2", ";r=1;r=2|" },
	{ "a;key-1.x_y*=7", ";key-1.x_y*=7|" },
	{ "a;*k=tok", ";*k=?|" },
	{ "1;r=-5", ";r=-5|" },
	{ "-0;r=0", ";r=0|" },
	{ "1.5;t=1.25", ";t=?|" },
	{ "999999999999999;n=-999999999999999",
	    ";n=-999999999999999|" },
	{ "999999999999.999", "|" },
	{ ":aGVsbG8=:;k=\"s\\\"q\\\\\"", ";k=?|" },
	{ "::", "|" },
	{ "\"\"", "|" },
	{ "?1;b=?0", ";b=?|" },
	{ "*tok/en:x!#$%&'*+-.^_`|~", "|" },
	{ "Tok;k=Tok", ";k=?|" },
};

START_TEST(lists_tell_their_parameters_member_by_member)
{
	struct transcript	t;

	ck_assert_msg(read_list(good[_i].s, NULL, &t) == 0, "'%s' refused",
	    good[_i].s);
	ck_assert_str_eq(t.text, good[_i].want);
}
END_TEST

static const char *const bad[] = {
	"",
	" a",
	"a,",
	"a, ",
	",a",
	"a,,b",
	"a b",
	"(a b)",
	"a, (b)",
	"\"unterminated",
	"\"bad\\x\"",
	"\"ctl\001\"",
	"\"del\177\"",
	":bad$:",
	":unterminated",
	"?",
	"?2",
	"1234567890123456",
	"1234567890123.5",
	"1.2345",
	"1.",
	"-",
	"-a",
	"@",
	"a;",
	"a; ",
	"a;K=1",
	"a;1=1",
	"a;k=",
	"a;k=(1)",
	"a;k=@",
	"a;k=\"x",
	"a;k=1.",
};

START_TEST(malformed_lists_are_refused)
{
	struct transcript	t;

	ck_assert_msg(read_list(bad[_i], NULL, &t) == -1, "'%s' read as %s",
	    bad[_i], t.text);
}
END_TEST

static const struct {
	const char	*s;
	const char	*refuse;
	const char	*want;		/* told before the refusal */
} refused[] = {
	{ "a;y=1, b;x=2;z=3, c", "x", ";y=1|;x=2" },
	{ "a;x, b", "x", ";x=?" },
	{ "a;y=1, b", "|", ";y=1|" },
};

START_TEST(a_refusal_ends_the_parse)
{
	struct transcript	t;

	ck_assert_int_eq(read_list(refused[_i].s, refused[_i].refuse, &t), -1);
	ck_assert_str_eq(t.text, refused[_i].want);
}
END_TEST

/*
 * Every prefix of a list, from a heap copy of exactly its length (so any
 * overread shows under the sanitizers), reads as the bytes it holds.
 */
START_TEST(a_list_is_read_to_its_length_and_no_further)
{
	static const char	 s[] = "\"d\";r=0;t=2, :YQ==:;k=?1, 1.5";
	static const char	 ends[] = {
		3, 5, 7, 9, 11, 19, 21, 24, 27, 29
	};
	struct transcript	 t;
	const struct sfv_reader	 rd = {
		.param = on_param,
		.member = on_member,
		.arg = &t,
	};
	char			*copy;
	size_t			 len;
	int			 r;

	for (len = 0; len < sizeof s; len++) {
		copy = malloc(len > 0 ? len : 1);
		ck_assert_ptr_nonnull(copy);
		memcpy(copy, s, len);
		memset(&t, 0, sizeof t);
		r = sfv_list(copy, len, &rd);
		free(copy);
		/* A list may end after an item, a key or a key's value. */
		ck_assert_msg(r == (memchr(ends, (int)len, sizeof ends) !=
		    NULL ? 0 : -1), "the first %zu bytes: %d", len, r);
	}
	ck_assert_str_eq(t.text, ";r=0;t=2|;k=?||");
}
END_TEST

static Suite *
sfv_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("sfv");
	tc = tcase_create("list");
	tcase_add_loop_test(tc, lists_tell_their_parameters_member_by_member,
	    0, nitems(good));
	tcase_add_loop_test(tc, malformed_lists_are_refused, 0, nitems(bad));
	tcase_add_loop_test(tc, a_refusal_ends_the_parse, 0, nitems(refused));
	tcase_add_test(tc, a_list_is_read_to_its_length_and_no_further);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(sfv_suite());
}
