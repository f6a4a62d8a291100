/* SPDX-License-Identifier: ISC */
/* Unit tests of uncounted.c: --uncounted's list of exit and HTTP statuses. */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "policy/uncounted.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/*
 * --uncounted's LIST: exit statuses as a status list has them, and HTTP
 * error statuses written http:N or http:N-M; a status each set should
 * hold and one it should not, and whether an http: element came.
 */
static const struct mixed_case {
	const char	*in;
	const char	*why;		/* NULL: accepted */
	int		 exit_in, exit_out;
	int		 http_in, http_out;	/* 0: none to check */
	int		 has_http;
} mixed_cases[] = {
	{ "75", NULL, 75, 74, 0, 0, 0 },
	{ "75,http:503", NULL, 75, 0, 503, 502, 1 },
	{ "http:429,http:500-504", NULL, -1, 0, 502, 505, 1 },
	{ "fail", NULL, 1, 0, 0, 0, 0 },
	{ "3-5,http:503", NULL, 4, 6, 503, 429, 1 },
	{ "http:200", "expected HTTP error statuses 400-599 and ranges N-M",
	    0, 0, 0, 0, 0 },
	{ "http:", "expected http: and an HTTP error status 400-599 or a "
	    "range N-M", 0, 0, 0, 0, 0 },
	{ "http:5030000000000000", "expected http: and an HTTP error status "
	    "400-599 or a range N-M", 0, 0, 0, 0, 0 },
	{ "http:503-500", "range N-M with N > M", 0, 0, 0, 0, 0 },
	{ "HTTP:503", "not a status 0-255 or a word (success, true, fail, "
	    "false)", 0, 0, 0, 0, 0 },
	{ "256", "not a status 0-255 or a word (success, true, fail, false)",
	    0, 0, 0, 0, 0 },
	{ "75,", "empty element", 0, 0, 0, 0, 0 },
	{ "", "empty list", 0, 0, 0, 0, 0 },
	{ "12345678901234567", "not a status 0-255, a range N-M, a word "
	    "(success, true, fail, false) or http:N", 0, 0, 0, 0, 0 },
};

START_TEST(mixed_lists_hold_exit_and_http_statuses)
{
	const struct mixed_case	*c = &mixed_cases[_i];
	struct statuslist	 sl;
	struct http_list	 hl;
	const char		*why = NULL;
	int			 has = -1, rc;

	statuslist_clear(&sl);
	memset(&hl, 0, sizeof hl);
	rc = uncounted_parse(c->in, &sl, &hl, &has, &why);
	if (c->why != NULL) {
		ck_assert_msg(rc == -1 && why != NULL &&
		    strcmp(why, c->why) == 0, "\"%s\": %d, \"%s\"", c->in, rc,
		    why != NULL ? why : "(null)");
		return;
	}
	ck_assert_msg(rc == 0, "\"%s\" refused: %s", c->in, why);
	ck_assert_int_eq(has, c->has_http);
	if (c->exit_in >= 0)
		ck_assert_msg(statuslist_has(&sl, c->exit_in), "%s: %d",
		    c->in, c->exit_in);
	else
		ck_assert(statuslist_empty(&sl));
	if (c->exit_out != 0)
		ck_assert(!statuslist_has(&sl, c->exit_out));
	if (c->http_in != 0)
		ck_assert(http_list_has(&hl, c->http_in));
	if (c->http_out != 0)
		ck_assert(!http_list_has(&hl, c->http_out));
}
END_TEST

/* Given twice, --uncounted adds up: each parse adds to the sets. */
START_TEST(mixed_lists_add_up)
{
	struct statuslist	sl;
	struct http_list	hl;
	const char		*why;
	int			has;

	statuslist_clear(&sl);
	memset(&hl, 0, sizeof hl);
	ck_assert_int_eq(uncounted_parse("75", &sl, &hl, &has, &why), 0);
	ck_assert_int_eq(uncounted_parse("http:503,3", &sl, &hl, &has, &why),
	    0);
	ck_assert(statuslist_has(&sl, 75) && statuslist_has(&sl, 3));
	ck_assert(http_list_has(&hl, 503));
}
END_TEST

static Suite *
uncounted_suite(void)
{
	Suite	*s = suite_create("uncounted");
	TCase	*tc = tcase_create("lists");

	tcase_add_loop_test(tc, mixed_lists_hold_exit_and_http_statuses, 0,
	    nitems(mixed_cases));
	tcase_add_test(tc, mixed_lists_add_up);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(uncounted_suite());
}
