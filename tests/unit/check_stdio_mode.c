/* SPDX-License-Identifier: ISC */
/* Unit tests of stdio_mode.c: the words of --stdin, --stdout, --output. */
#include <check.h>

#include "check_run.h"
#include "policy/stdio_mode.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

struct word {
	const char	*in;
	int		 ok;
	int		 want;	/* an enum stdin_mode or stdout_mode */
};

static const struct word stdin_words[] = {
	{ .in = "replay", .ok = 1, .want = STDIN_REPLAY },
	{ .in = "pass", .ok = 1, .want = STDIN_PASS },
	{ .in = "null", .ok = 1, .want = STDIN_NULL },
	{ .in = "" },
	{ .in = "default" },	/* the default has no word: it is chosen */
	{ .in = "Replay" },
	{ .in = "rep" },
	{ .in = "stream" },	/* --stdout's */
};

START_TEST(stdin_takes_replay_pass_or_null)
{
	const struct word	*w = &stdin_words[_i];
	enum stdin_mode		 got = STDIN_DEFAULT;
	const char		*why = NULL;

	if (w->ok) {
		ck_assert_int_eq(stdio_mode_parse_stdin(w->in, &got, &why), 0);
		ck_assert_int_eq(got, w->want);
		ck_assert_ptr_null(why);
	} else {
		ck_assert_int_eq(stdio_mode_parse_stdin(w->in, &got, &why), -1);
		ck_assert_int_eq(got, STDIN_DEFAULT);
		ck_assert_str_eq(why, "expected replay, pass or null");
	}
}
END_TEST

static const struct word stdout_words[] = {
	{ .in = "stream", .ok = 1, .want = STDOUT_STREAM },
	{ .in = "hold", .ok = 1, .want = STDOUT_HOLD },
	{ .in = "" },
	{ .in = "HOLD" },
	{ .in = "held" },
	{ .in = "pass" },	/* --stdin's */
};

START_TEST(stdout_takes_stream_or_hold)
{
	const struct word	*w = &stdout_words[_i];
	enum stdout_mode	 got = STDOUT_HOLD;
	const char		*why = NULL;

	if (w->ok) {
		ck_assert_int_eq(stdio_mode_parse_stdout(w->in, &got, &why), 0);
		ck_assert_int_eq(got, w->want);
		ck_assert_ptr_null(why);
	} else {
		ck_assert_int_eq(stdio_mode_parse_stdout(w->in, &got, &why),
		    -1);
		ck_assert_int_eq(got, STDOUT_HOLD);
		ck_assert_str_eq(why, "expected stream or hold");
	}
}
END_TEST

static const struct word output_words[] = {
	{ .in = "on-failure", .ok = 1, .want = OUTPUT_FAILURE_LAST },
	{ .in = "on-failure:last", .ok = 1, .want = OUTPUT_FAILURE_LAST },
	{ .in = "on-failure:all", .ok = 1, .want = OUTPUT_FAILURE_ALL },
	{ .in = "" },
	{ .in = "foo" },
	{ .in = "on-failure:" },
	{ .in = "on-failure:x" },
	{ .in = "on-failure:ALL" },
	{ .in = "on-failure:all " },
	{ .in = "On-Failure" },
	{ .in = "on-fail" },
	{ .in = ":all" },
	{ .in = "all" },
	{ .in = "hold" },	/* --stdout's */
};

START_TEST(output_takes_on_failure_last_or_all)
{
	const struct word	*w = &output_words[_i];
	enum output_mode	 got = OUTPUT_LIVE;
	const char		*why = NULL;

	if (w->ok) {
		ck_assert_int_eq(stdio_mode_parse_output(w->in, &got, &why), 0);
		ck_assert_int_eq(got, w->want);
		ck_assert_ptr_null(why);
	} else {
		ck_assert_int_eq(stdio_mode_parse_output(w->in, &got, &why),
		    -1);
		ck_assert_int_eq(got, OUTPUT_LIVE);
		ck_assert_str_eq(why, "expected on-failure, on-failure:last "
		    "or on-failure:all");
	}
}
END_TEST

static Suite *
stdio_mode_suite(void)
{
	Suite	*s = suite_create("stdio_mode");
	TCase	*tc;

	tc = tcase_create("words");
	tcase_add_loop_test(tc, stdin_takes_replay_pass_or_null, 0,
	    nitems(stdin_words));
	tcase_add_loop_test(tc, stdout_takes_stream_or_hold, 0,
	    nitems(stdout_words));
	tcase_add_loop_test(tc, output_takes_on_failure_last_or_all, 0,
	    nitems(output_words));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(stdio_mode_suite());
}
