/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of stepreport.c: text from outside escaped inside a line of
 * Markdown, so that it can neither end the line nor mark it up; the
 * step's outputs; the summary line, with the failed attempts it names.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "policy/stepreport.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static const struct {
	const char	*in;
	size_t		 len;	/* 0: strlen(in) */
	const char	*want;
} rows[] = {
	{ "", 0, "" },
	{ "make test", 0, "make test" },
	{ "a-b_c.d/e,f;g=h%i", 0, "a-b\\_c.d/e,f;g=h%i" },
	/* Emphasis, code, links, images, HTML, tables, math, mentions. */
	{ "*b* _i_", 0, "\\*b\\* \\_i\\_" },
	{ "`c`", 0, "\\`c\\`" },
	{ "[x](y) ![i](z)", 0, "\\[x\\]\\(y\\) \\!\\[i\\]\\(z\\)" },
	{ "<img src=x>", 0, "\\<img src=x\\>" },
	{ "&amp;", 0, "\\&amp;" },
	{ "|a|b|", 0, "\\|a\\|b\\|" },
	{ "$x$ ~s~ @u ^h", 0, "\\$x\\$ \\~s\\~ \\@u \\^h" },
	{ "{}+#\"'", 0, "\\{\\}\\+\\#\\\"\\'" },
	/* A backslash is escaped too: it cannot escape what we add. */
	{ "a\\", 0, "a\\\\" },
	/* Workflow commands, both forms: nothing left to read. */
	{ "::error::x", 0, "\\:\\:error\\:\\:x" },
	{ "##[error]x", 0, "\\#\\#\\[error\\]x" },
	/* Controls, line separators and stray bytes, as \xNN (escaped). */
	{ "a\nb", 0, "a\\\\x0ab" },
	{ "a\rb\tc", 0, "a\\\\x0db\\\\x09c" },
	{ "\033[31m", 0, "\\\\x1b\\[31m" },
	{ "a\0b", 3, "a\\\\x00b" },
	{ "a\377b", 0, "a\\\\xffb" },
	{ "\342\200\250", 0, "\\\\xe2\\\\x80\\\\xa8" },
	{ "\342\200\256", 0, "\\\\xe2\\\\x80\\\\xae" },
	{ "\302\205", 0, "\\\\xc2\\\\x85" },
	/* UTF-8 stays whole. */
	{ "caf\303\251 \346\227\245", 0, "caf\303\251 \346\227\245" },
};

START_TEST(each_row_is_escaped_so)
{
	char	out[256];
	size_t	len = rows[_i].len != 0 ? rows[_i].len : strlen(rows[_i].in);
	size_t	n;

	memset(out, 'X', sizeof out);
	n = step_md_escape(rows[_i].in, len, out, sizeof out);
	ck_assert_str_eq(out, rows[_i].want);
	ck_assert_uint_eq(n, strlen(rows[_i].want));
}
END_TEST

/* Cut at every bound: never inside an escape or a character. */
START_TEST(a_long_string_is_cut_between_pieces)
{
	static const char	in[] = "a*\n\303\251z";
	static const char	full[] = "a\\*\\\\x0a\303\251z";
	static const size_t	ends[] = { 0, 1, 3, 8, 10, 11 };
	char			out[64];
	size_t			outlen, n, i, want;

	for (outlen = 1; outlen <= sizeof full + 1; outlen++) {
		memset(out, 'X', sizeof out);
		n = step_md_escape(in, sizeof in - 1, out, outlen);
		for (want = 0, i = 0; i < nitems(ends); i++)
			if (ends[i] < outlen)
				want = ends[i];
		ck_assert_uint_eq(n, want);
		ck_assert_int_eq(out[n], '\0');
		ck_assert_int_eq(memcmp(out, full, n), 0);
	}
}
END_TEST

START_TEST(the_outputs_are_three_lines)
{
	struct step_run	r;
	char		out[STEP_OUTPUTS_MAX];

	memset(&r, 0, sizeof r);
	r.attempts = 3;
	r.end = STEP_SUCCEEDED;
	ck_assert_uint_eq(step_outputs(&r, out, sizeof out), 39);
	ck_assert_str_eq(out, "attempts=3\nexit_status=0\ngave_up=false\n");
	r.end = STEP_GAVE_UP;
	r.status = 124;
	r.attempts = 18446744073709551615ULL;
	step_outputs(&r, out, sizeof out);
	ck_assert_str_eq(out, "attempts=18446744073709551615\n"
	    "exit_status=124\ngave_up=true\n");
	r.end = STEP_SIGNALED;
	r.status = 143;
	r.attempts = 0;
	step_outputs(&r, out, sizeof out);
	ck_assert_str_eq(out, "attempts=0\nexit_status=143\ngave_up=true\n");
}
END_TEST

/* n failures, attempt k with status k and reason "exit status k". */
static void
fail_n(struct step_failures *f, uint64_t n)
{
	char		why[32];
	uint64_t	k;

	memset(f, 0, sizeof *f);
	for (k = 1; k <= n; k++) {
		snprintf(why, sizeof why, "exit status %llu",
		    (unsigned long long)k);
		step_note_failure(f, k, (int)k, why, strlen(why));
	}
}

START_TEST(one_attempt_has_no_summary)
{
	struct step_run	r;
	char		out[STEP_SUMMARY_MAX];

	memset(&r, 0, sizeof r);
	r.command = "make";
	r.attempts = 1;
	ck_assert_uint_eq(step_summary(&r, out, sizeof out), 0);
	r.attempts = 0;
	r.end = STEP_GAVE_UP;
	ck_assert_uint_eq(step_summary(&r, out, sizeof out), 0);
}
END_TEST

START_TEST(the_summary_names_each_failure)
{
	struct step_failures	f;
	struct step_run		r;
	char			out[STEP_SUMMARY_MAX];
	size_t			n;

	fail_n(&f, 2);
	/* The last failure, told again when the run gives up: once. */
	step_note_failure(&f, 2, 2, "exit status 2", 13);
	memset(&r, 0, sizeof r);
	r.command = "make|x";
	r.end = STEP_SUCCEEDED;
	r.attempts = 3;
	r.total_ns = 61337000000ULL;
	r.fails = &f;
	n = step_summary(&r, out, sizeof out);
	ck_assert_str_eq(out, "- **retry**: make\\|x succeeded after 3 "
	    "attempts (2 failed: attempt 1: status 1, exit status 1; attempt "
	    "2: status 2, exit status 2) in 61.337s\n");
	ck_assert_uint_eq(n, strlen(out));
	r.end = STEP_SIGNALED;
	r.signo = 15;
	r.status = 143;
	step_summary(&r, out, sizeof out);
	ck_assert_str_eq(out, "- **retry**: make\\|x was interrupted by "
	    "signal 15 (SIGTERM) after 3 attempts, status 143 (2 failed: "
	    "attempt 1: status 1, exit status 1; attempt 2: status 2, exit "
	    "status 2) in 61.337s\n");
}
END_TEST

/* Many failures: the first five, how many more, the last three. */
START_TEST(many_failures_show_the_first_and_the_last)
{
	struct step_failures	f;
	struct step_run		r;
	char			out[STEP_SUMMARY_MAX], want[1024];
	uint64_t		k;
	size_t			len;

	memset(&r, 0, sizeof r);
	r.command = "x";
	r.end = STEP_GAVE_UP;
	r.status = 20;
	r.attempts = 20;
	r.fails = &f;
	fail_n(&f, 20);
	step_summary(&r, out, sizeof out);
	len = (size_t)snprintf(want, sizeof want, "- **retry**: x gave up "
	    "after 20 attempts, status 20 (20 failed: ");
	for (k = 1; k <= 20; k++) {
		if (k > 5 && k < 18) {
			if (k == 6)
				len += (size_t)snprintf(want + len,
				    sizeof want - len, "; 12 more");
			continue;
		}
		len += (size_t)snprintf(want + len, sizeof want - len,
		    "%sattempt %llu: status %llu, exit status %llu",
		    k == 1 ? "" : "; ", (unsigned long long)k,
		    (unsigned long long)k, (unsigned long long)k);
	}
	snprintf(want + len, sizeof want - len, ") in 0.000s\n");
	ck_assert_str_eq(out, want);
	/* Eight: all of them, none left out. */
	fail_n(&f, 8);
	step_summary(&r, out, sizeof out);
	ck_assert_ptr_nonnull(strstr(out, "; attempt 6: status 6, exit status "
	    "6; attempt 7: status 7, exit status 7; attempt 8: status 8, exit "
	    "status 8) in"));
	ck_assert_ptr_null(strstr(out, "more"));
}
END_TEST

/* A line too long for the room is cut, and still ends its line. */
START_TEST(a_cut_summary_ends_its_line)
{
	struct step_run	r;
	char		name[4096], out[128];
	size_t		n, i;

	memset(name, '*', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	memset(&r, 0, sizeof r);
	r.command = name;
	r.attempts = 2;
	for (i = 65; i <= sizeof out; i++) {
		memset(out, 'X', sizeof out);
		n = step_summary(&r, out, i);
		ck_assert_uint_lt(n, i);
		ck_assert_int_eq(out[n - 1], '\n');
		ck_assert_int_eq(out[n], '\0');
		ck_assert_ptr_null(memchr(out, '\n', n - 1));
		/* Never a lone backslash before the newline. */
		ck_assert_int_ne(out[n - 2], '\\');
	}
}
END_TEST

static Suite *
stepreport_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("stepreport");
	tc = tcase_create("markdown");
	tcase_add_loop_test(tc, each_row_is_escaped_so, 0, nitems(rows));
	tcase_add_test(tc, a_long_string_is_cut_between_pieces);
	suite_add_tcase(s, tc);

	tc = tcase_create("reports");
	tcase_add_test(tc, the_outputs_are_three_lines);
	tcase_add_test(tc, one_attempt_has_no_summary);
	tcase_add_test(tc, the_summary_names_each_failure);
	tcase_add_test(tc, many_failures_show_the_first_and_the_last);
	tcase_add_test(tc, a_cut_summary_ends_its_line);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(stepreport_suite());
}
