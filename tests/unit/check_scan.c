/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of scan.c: the whole and decimal numbers of option values,
 * stricter than strtoull and strtod (no space, sign, hexadecimal, inf or
 * trailing garbage), and a word looked up in a table.
 */
#include <check.h>
#include <stdint.h>

#include "check_run.h"
#include "policy/scan.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

struct whole {
	const char	*in;
	int		 ok;
	uint64_t	 want;
};

static const struct whole wholes[] = {
	{ .in = "0", .ok = 1, .want = 0 },
	{ .in = "7", .ok = 1, .want = 7 },
	{ .in = "007", .ok = 1, .want = 7 },
	{ .in = "1000000", .ok = 1, .want = 1000000 },
	{ .in = "18446744073709551615", .ok = 1, .want = UINT64_MAX },
	{ .in = "18446744073709551616" },	/* one past */
	{ .in = "" },
	{ .in = "-1" },
	{ .in = "+1" },
	{ .in = " 1" },
	{ .in = "1 " },
	{ .in = "1.0" },
	{ .in = "1e3" },
	{ .in = "0x10" },
	{ .in = "12abc" },
	{ .in = "inf" },
};

START_TEST(whole_numbers_are_digits_only)
{
	const struct whole	*w = &wholes[_i];
	uint64_t		 got = 12345;

	if (w->ok) {
		ck_assert_msg(scan_u64(w->in, &got) == 0, "'%s' refused",
		    w->in);
		ck_assert_uint_eq(got, w->want);
	} else {
		ck_assert_msg(scan_u64(w->in, &got) == -1, "'%s' taken",
		    w->in);
		ck_assert_uint_eq(got, 12345);	/* untouched */
	}
}
END_TEST

struct decimal {
	const char	*in;
	int		 ok;
	double		 want;
};

static const struct decimal decimals[] = {
	{ .in = "0", .ok = 1, .want = 0 },
	{ .in = "1", .ok = 1, .want = 1 },
	{ .in = "1.5", .ok = 1, .want = 1.5 },
	{ .in = ".25", .ok = 1, .want = 0.25 },
	{ .in = "2.", .ok = 1, .want = 2 },
	{ .in = "1e3", .ok = 1, .want = 1000 },
	{ .in = "1000000", .ok = 1, .want = 1e6 },
	{ .in = "" },
	{ .in = "." },
	{ .in = "-1" },
	{ .in = "+1" },
	{ .in = " 1" },
	{ .in = "1 " },
	{ .in = "0x10" },
	{ .in = "0X1p3" },
	{ .in = "1e400" },	/* out of range */
	{ .in = "inf" },
	{ .in = "nan" },
	{ .in = "1,5" },
	{ .in = "1.5s" },
};

START_TEST(decimal_numbers_are_finite_and_unsigned)
{
	const struct decimal	*d = &decimals[_i];
	double			 got = -7;

	if (d->ok) {
		ck_assert_msg(scan_double(d->in, &got) == 0, "'%s' refused",
		    d->in);
		ck_assert_double_eq(got, d->want);
	} else {
		ck_assert_msg(scan_double(d->in, &got) == -1, "'%s' taken",
		    d->in);
		ck_assert_double_eq(got, -7);	/* untouched */
	}
}
END_TEST

static const struct scan_word colours[] = {
	{ "red", 3 },
	{ "green", 0 },
	{ "crimson", 3 },	/* another name of the same */
};

struct lookup {
	const char	*in;
	int		 want;
};

static const struct lookup lookups[] = {
	{ .in = "red", .want = 3 },
	{ .in = "green", .want = 0 },
	{ .in = "crimson", .want = 3 },
	{ .in = "blue", .want = -1 },
	{ .in = "", .want = -1 },
	{ .in = "Red", .want = -1 },	/* words are matched exactly */
	{ .in = "re", .want = -1 },	/* no abbreviations */
	{ .in = "reds", .want = -1 },
};

START_TEST(a_word_is_found_whole_and_exact)
{
	const struct lookup	*l = &lookups[_i];

	ck_assert_int_eq(scan_word(colours, nitems(colours), l->in), l->want);
}
END_TEST

START_TEST(an_empty_table_has_no_word)
{
	ck_assert_int_eq(scan_word(colours, 0, "red"), -1);
}
END_TEST

static Suite *
scan_suite(void)
{
	Suite	*s = suite_create("scan");
	TCase	*tc;

	tc = tcase_create("numbers");
	tcase_add_loop_test(tc, whole_numbers_are_digits_only, 0,
	    nitems(wholes));
	tcase_add_loop_test(tc, decimal_numbers_are_finite_and_unsigned, 0,
	    nitems(decimals));
	suite_add_tcase(s, tc);

	tc = tcase_create("words");
	tcase_add_loop_test(tc, a_word_is_found_whole_and_exact, 0,
	    nitems(lookups));
	tcase_add_test(tc, an_empty_table_has_no_word);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(scan_suite());
}
