/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of statuslist.c: status LISTs ("1,2,5-7", success, fail) as
 * sets of exit statuses. Every valid list is checked against its expected
 * set for each status 0..255, so a stray or missing member is caught.
 */
#include <check.h>
#include <stddef.h>

#include "check_run.h"
#include "policy/statuslist.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* Up to four inclusive ranges; unused ones are { -1, -1 }. */
struct span {
	int	lo, hi;
};

struct good {
	const char	*in;
	struct span	 set[4];
};

#define NONE { -1, -1 }

static const struct good good[] = {
	{ "1", { { 1, 1 }, NONE, NONE, NONE } },
	{ "0", { { 0, 0 }, NONE, NONE, NONE } },
	{ "255", { { 255, 255 }, NONE, NONE, NONE } },
	{ "2,1", { { 1, 2 }, NONE, NONE, NONE } },
	{ "5-7", { { 5, 7 }, NONE, NONE, NONE } },
	{ "7-7", { { 7, 7 }, NONE, NONE, NONE } },
	{ "1,2,5-7", { { 1, 2 }, { 5, 7 }, NONE, NONE } },
	{ "5-7,2,1", { { 1, 2 }, { 5, 7 }, NONE, NONE } },
	{ "0-255", { { 0, 255 }, NONE, NONE, NONE } },
	{ "200-255,0-3", { { 0, 3 }, { 200, 255 }, NONE, NONE } },
	{ "1-3,2-5", { { 1, 5 }, NONE, NONE, NONE } },
	{ "5,5,5", { { 5, 5 }, NONE, NONE, NONE } },
	{ "success", { { 0, 0 }, NONE, NONE, NONE } },
	{ "true", { { 0, 0 }, NONE, NONE, NONE } },
	{ "fail", { { 1, 255 }, NONE, NONE, NONE } },
	{ "false", { { 1, 255 }, NONE, NONE, NONE } },
	{ "success,fail", { { 0, 255 }, NONE, NONE, NONE } },
	{ "fail,true", { { 0, 255 }, NONE, NONE, NONE } },
	{ "3,success,10-12", { { 0, 0 }, { 3, 3 }, { 10, 12 }, NONE } },
	{ "128-143,124,64,1", { { 1, 1 }, { 64, 64 }, { 124, 124 },
	    { 128, 143 } } },
};

static const char *const bad[] = {
	"256",
	"1000",
	"3-1",
	"2-1",
	"a",
	"1,,2",
	"",
	",",
	"1,",
	",1",
	"-1",
	"1-",
	"-",
	" 1",
	"1 ",
	"1, 2",
	"1-256",
	"1-2-3",
	"+1",
	"0x1",
	"1.0",
	"fails",
	"succes",
	"success-fail",
};

/* Is status in the expected set of g? */
static int
expected(const struct good *g, int status)
{
	size_t	i;

	for (i = 0; i < nitems(g->set); i++) {
		if (status >= g->set[i].lo && status <= g->set[i].hi)
			return 1;
	}
	return 0;
}

START_TEST(valid_lists_hold_exactly_their_statuses)
{
	const struct good	*g = &good[_i];
	struct statuslist	 sl;
	const char		*why = NULL;
	int			 status, has;

	ck_assert_msg(statuslist_parse(g->in, &sl, &why) == 0,
	    "\"%s\" rejected: %s", g->in, why != NULL ? why : "(null)");
	for (status = 0; status <= 255; status++) {
		has = statuslist_has(&sl, status);
		ck_assert_msg(has == expected(g, status),
		    "\"%s\": status %d is %s", g->in, status,
		    has ? "in" : "not in");
	}
	ck_assert(!statuslist_empty(&sl));
}
END_TEST

START_TEST(invalid_lists_are_errors_with_a_reason)
{
	struct statuslist	 sl;
	const char		*why = NULL;

	ck_assert_msg(statuslist_parse(bad[_i], &sl, &why) == -1,
	    "\"%s\" accepted", bad[_i]);
	ck_assert_msg(why != NULL && *why != '\0', "\"%s\": no reason",
	    bad[_i]);
}
END_TEST

START_TEST(parsing_replaces_what_the_list_held)
{
	struct statuslist	 sl;
	const char		*why;

	ck_assert_int_eq(statuslist_parse("1-9", &sl, &why), 0);
	ck_assert_int_eq(statuslist_parse("20", &sl, &why), 0);
	ck_assert(!statuslist_has(&sl, 1));
	ck_assert(!statuslist_has(&sl, 9));
	ck_assert(statuslist_has(&sl, 20));
}
END_TEST

START_TEST(statuses_outside_0_to_255_are_never_members)
{
	struct statuslist	 sl;
	const char		*why;

	ck_assert_int_eq(statuslist_parse("0-255", &sl, &why), 0);
	ck_assert(!statuslist_has(&sl, -1));
	ck_assert(!statuslist_has(&sl, 256));
	ck_assert(!statuslist_has(&sl, 1000));
}
END_TEST

START_TEST(a_cleared_list_is_empty_until_something_is_added)
{
	struct statuslist	sl;
	int			status;

	statuslist_clear(&sl);
	ck_assert(statuslist_empty(&sl));
	for (status = 0; status <= 255; status++)
		ck_assert(!statuslist_has(&sl, status));

	statuslist_add(&sl, 63, 64);	/* across a word boundary */
	statuslist_add(&sl, 255, 255);
	ck_assert(!statuslist_empty(&sl));
	for (status = 0; status <= 255; status++) {
		ck_assert_int_eq(statuslist_has(&sl, status),
		    status == 63 || status == 64 || status == 255);
	}
}
END_TEST

START_TEST(merging_adds_every_status_of_the_other_list)
{
	struct statuslist	a, b;
	const char		*why;
	int			 i;

	ck_assert_int_eq(statuslist_parse("1,70", &a, &why), 0);
	ck_assert_int_eq(statuslist_parse("3-5,200,255", &b, &why), 0);
	statuslist_merge(&a, &b);
	for (i = 0; i <= 255; i++)
		ck_assert_int_eq(statuslist_has(&a, i), i == 1 || i == 70 ||
		    (i >= 3 && i <= 5) || i == 200 || i == 255);
	/* The other list is left as it was. */
	ck_assert_int_eq(statuslist_has(&b, 1), 0);
}
END_TEST

static Suite *
statuslist_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("statuslist");

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, valid_lists_hold_exactly_their_statuses, 0,
	    nitems(good));
	tcase_add_loop_test(tc, invalid_lists_are_errors_with_a_reason, 0,
	    nitems(bad));
	tcase_add_test(tc, parsing_replaces_what_the_list_held);
	suite_add_tcase(s, tc);

	tc = tcase_create("set");
	tcase_add_test(tc, statuses_outside_0_to_255_are_never_members);
	tcase_add_test(tc, a_cleared_list_is_empty_until_something_is_added);
	tcase_add_test(tc, merging_adds_every_status_of_the_other_list);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(statuslist_suite());
}
