/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of duration.c: DURATION strings ("250ms", "1m30s", "1.5") to
 * nanoseconds, the inputs retry(1) calls errors under "DURATION FORMAT",
 * and the format for people.
 * Expected values are written from the unit definitions, not from output.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "policy/duration.h"

#define NS	1ULL
#define US	(1000 * NS)
#define MS	(1000 * US)
#define S	(1000 * MS)
#define M	(60 * S)
#define H	(60 * M)
#define D	(24 * H)

#define nitems(a) (sizeof (a) / sizeof (a)[0])

struct good {
	const char	*in;
	uint64_t	 ns;
};

static const struct good good[] = {
	{ "250ms", 250 * MS },
	{ "1.5s", 1500 * MS },
	{ "2m", 2 * M },
	{ "1m30s", 90 * S },
	{ "0", 0 },
	{ "0s", 0 },
	{ "0ms", 0 },
	{ "500us", 500 * US },
	{ "10ns", 10 * NS },
	{ "1h", H },
	{ "1d", D },
	{ "1h5m", H + 5 * M },
	{ "3", 3 * S },
	{ "0.5", 500 * MS },
	{ ".5", 500 * MS },
	{ ".5s", 500 * MS },
	{ "1.5ms", 1500 * US },
	{ "1.25m", 75 * S },
	{ "0.5h", 30 * M },
	{ "2s500ms", 2500 * MS },
	{ "1d2h3m4s5ms6us7ns",
	    D + 2 * H + 3 * M + 4 * S + 5 * MS + 6 * US + 7 * NS },
	{ "0.000000001", 1 },
	{ "000000000000000000000000007s", 7 * S },
	{ "1.0000000000000000000000000s", S },
	{ "86400", D },
	{ "9223372036854775807ns", (uint64_t)INT64_MAX },
	{ "9223372036.854775807s", (uint64_t)INT64_MAX },
	{ "106751d", 106751 * D },
	{ "106751d23h", 106751 * D + 23 * H },
};

static const char *const bad[] = {
	"-1",
	"abc",
	"5x",
	"1..2",
	"1.2.3s",
	"",
	".",
	".s",
	"nan",
	"NaN",
	"inf",
	"infinity",
	"1e400",
	"1e3",
	"0x10",
	"s",
	"ms",
	"-5ms",
	"1m30",			/* a unit-less part after a unit */
	"1s.5",
	"1ss",
	"1mus",
	"999999999999d",	/* overflow */
	"106752d",		/* just past INT64_MAX nanoseconds */
	"106751d24h",		/* the sum overflows, not a part */
	"9223372036854775808ns",
	"9223372036.854775808s",
	"99999999999999999999999999s",
	"1 s",
	" 1s",
	"1s ",
	"+1s",
	"1,5s",
	"1_000ms",
};

START_TEST(valid_durations_parse_to_exact_nanoseconds)
{
	const struct good	*g = &good[_i];
	const char		*why = "untouched";
	uint64_t		 ns = 12345;

	ck_assert_msg(duration_parse(g->in, &ns, &why) == 0,
	    "\"%s\" rejected: %s", g->in, why != NULL ? why : "(null)");
	ck_assert_msg(ns == g->ns, "\"%s\": got %llu ns, expected %llu",
	    g->in, (unsigned long long)ns, (unsigned long long)g->ns);
}
END_TEST

START_TEST(invalid_durations_are_errors_with_a_reason)
{
	const char	*in = bad[_i];
	const char	*why = NULL;
	uint64_t	 ns = 0;

	ck_assert_msg(duration_parse(in, &ns, &why) == -1,
	    "\"%s\" accepted as %llu ns", in, (unsigned long long)ns);
	ck_assert_msg(why != NULL, "\"%s\": no reason given", in);
	ck_assert_msg(*why != '\0', "\"%s\": empty reason", in);
}
END_TEST

START_TEST(a_null_string_is_an_error)
{
	const char	*why = NULL;
	uint64_t	 ns;

	ck_assert_int_eq(duration_parse(NULL, &ns, &why), -1);
	ck_assert_ptr_nonnull(why);
}
END_TEST

START_TEST(seconds_are_a_double_of_the_nanoseconds)
{
	ck_assert_double_eq(duration_seconds(0), 0.0);
	ck_assert_double_eq(duration_seconds(1500 * MS), 1.5);
	ck_assert_double_eq(duration_seconds(2 * M), 120.0);
	ck_assert_double_eq(duration_seconds(250 * US), 0.00025);
}
END_TEST

struct shown {
	uint64_t	 ns;
	const char	*text;
};

/* The forms the header of duration.c promises. */
static const struct shown shown[] = {
	{ 0, "0s" },
	{ 250 * MS, "250ms" },
	{ 1 * S, "1s" },
	{ 1500 * MS, "1.5s" },
	{ 1250 * MS, "1.25s" },
	{ 2 * M + 30 * S, "2m30s" },
	{ 3 * H + 5 * S, "3h0m5s" },
};

START_TEST(format_writes_the_documented_forms)
{
	const struct shown	*sh = &shown[_i];
	char			 buf[64], *p;

	p = duration_format(sh->ns, buf, sizeof buf);
	ck_assert_ptr_eq(p, buf);
	ck_assert_str_eq(buf, sh->text);
}
END_TEST

/* Values that the format shows without rounding. */
static const uint64_t exact[] = {
	0, 500 * US, 1 * MS, 250 * MS, 999 * MS, 1 * S, 1500 * MS,
	59 * S + 999 * MS, 61 * S, 2 * M + 30 * S, 3 * H + 5 * S, D,
	40 * D + 7 * S,
};

START_TEST(formatted_durations_parse_back_to_the_same_value)
{
	const char	*why;
	char		 buf[64];
	uint64_t	 ns;

	duration_format(exact[_i], buf, sizeof buf);
	ck_assert_msg(duration_parse(buf, &ns, &why) == 0,
	    "\"%s\" (from %llu ns) does not parse: %s", buf,
	    (unsigned long long)exact[_i], why);
	ck_assert_msg(ns == exact[_i], "\"%s\": %llu ns, expected %llu", buf,
	    (unsigned long long)ns, (unsigned long long)exact[_i]);
}
END_TEST

START_TEST(format_never_writes_past_a_small_buffer)
{
	char	buf[8];

	memset(buf, 'X', sizeof buf);
	duration_format(2 * M + 30 * S, buf, 4);
	ck_assert_str_eq(buf, "2m3");
	ck_assert_int_eq(buf[4], 'X');
}
END_TEST

/* Found by tests/fuzz: sub-microsecond values came out as "1e-06ms". */
START_TEST(small_and_largest_values_format_as_durations)
{
	static const uint64_t	values[] = { 1, 10, 999, 1000, 1500, 999999,
	    DURATION_MAX };
	const char		*why;
	char			 buf[64];
	uint64_t		 back;
	size_t			 i;

	ck_assert_str_eq(duration_format(1, buf, sizeof buf), "1ns");
	ck_assert_str_eq(duration_format(1500, buf, sizeof buf), "1.5us");
	for (i = 0; i < sizeof values / sizeof values[0]; i++) {
		duration_format(values[i], buf, sizeof buf);
		ck_assert_msg(duration_parse(buf, &back, &why) == 0,
		    "'%s' does not read back: %s", buf, why);
		ck_assert_msg(back <= values[i], "'%s' reads back as more", buf);
	}
}
END_TEST

/*
 * A list's element n (from 1), the last repeated: -t 10s,30s,2m gives
 * attempt n its nth limit, and every one past the third 2m.
 */
static const uint64_t	three[] = { 10 * S, 30 * S, 2 * M };
static const uint64_t	with_zero[] = { 200 * MS, 0 };

struct at {
	const uint64_t	*list;
	size_t		 len;
	uint64_t	 n, want;
};

static const struct at ats[] = {
	{ three, 3, 1, 10 * S },
	{ three, 3, 2, 30 * S },
	{ three, 3, 3, 2 * M },
	{ three, 3, 4, 2 * M },
	{ three, 3, UINT64_MAX, 2 * M },
	{ three, 3, 0, 10 * S },	/* 0 counts as the first */
	{ three, 1, 5, 10 * S },	/* one value: every attempt's */
	{ with_zero, 2, 1, 200 * MS },
	{ with_zero, 2, 2, 0 },		/* 0: no limit, for the rest */
	{ with_zero, 2, 9, 0 },
	{ NULL, 0, 1, 0 },		/* no list: no limit */
};

START_TEST(a_list_gives_the_nth_element_then_the_last)
{
	const struct at	*a = &ats[_i];

	ck_assert_uint_eq(duration_list_at(a->list, a->len, a->n), a->want);
}
END_TEST

/* The list grammar that --delay and --timeout share. */
struct list_case {
	const char	*in;
	const char	*why;	/* NULL: taken */
	size_t		 n;
	uint64_t	 want[3];
};

static const struct list_case lists[] = {
	{ "10s,30s,2m", NULL, 3, { 10 * S, 30 * S, 2 * M } },
	{ "0", NULL, 1, { 0 } },
	{ "200ms,1", NULL, 2, { 200 * MS, 1 * S } },
	{ "", "empty list", 0, { 0 } },
	{ "1s,,2s", "empty element", 0, { 0 } },
	{ "1s,", "empty element", 0, { 0 } },
	{ "1s,x", "expected a number", 0, { 0 } },
	{ "1s,5x", "unknown unit; use ns, us, ms, s, m, h or d", 0, { 0 } },
};

START_TEST(a_list_is_durations_between_commas)
{
	const struct list_case	*l = &lists[_i];
	uint64_t		*d = NULL;
	const char		*why = NULL;
	size_t			 n = 99, i;

	if (l->why != NULL) {
		ck_assert_int_eq(duration_list_parse(l->in, &d, &n, &why), -1);
		ck_assert_str_eq(why, l->why);
		ck_assert_ptr_null(d);
		ck_assert_uint_eq(n, 99);
		return;
	}
	ck_assert_int_eq(duration_list_parse(l->in, &d, &n, &why), 0);
	ck_assert_uint_eq(n, l->n);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(d[i], l->want[i]);
	free(d);
}
END_TEST

static Suite *
duration_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("duration");

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, valid_durations_parse_to_exact_nanoseconds, 0,
	    nitems(good));
	tcase_add_loop_test(tc, invalid_durations_are_errors_with_a_reason, 0,
	    nitems(bad));
	tcase_add_test(tc, a_null_string_is_an_error);
	tcase_add_test(tc, seconds_are_a_double_of_the_nanoseconds);
	suite_add_tcase(s, tc);

	tc = tcase_create("list");
	tcase_add_loop_test(tc, a_list_gives_the_nth_element_then_the_last, 0,
	    nitems(ats));
	tcase_add_loop_test(tc, a_list_is_durations_between_commas, 0,
	    nitems(lists));
	suite_add_tcase(s, tc);

	tc = tcase_create("format");
	tcase_add_test(tc, small_and_largest_values_format_as_durations);
	tcase_add_loop_test(tc, format_writes_the_documented_forms, 0,
	    nitems(shown));
	tcase_add_loop_test(tc,
	    formatted_durations_parse_back_to_the_same_value, 0, nitems(exact));
	tcase_add_test(tc, format_never_writes_past_a_small_buffer);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(duration_suite());
}
