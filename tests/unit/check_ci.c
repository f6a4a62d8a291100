/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of ci.c: which CI's log it is, and the exact lines of
 * GitHub's workflow commands and GitLab's collapsible sections, escapes
 * included, as their documentation gives them.
 */
#include <check.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "report/ci.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static char	out[CI_LINE_MAX(256)];

START_TEST(the_environment_names_the_ci)
{
	ck_assert_int_eq(ci_detect(1, "true", NULL, 1), CI_GITHUB);
	ck_assert_int_eq(ci_detect(1, NULL, "true", 1), CI_GITLAB);
	/* Both set: GitHub's word (a GitLab job run by act, say). */
	ck_assert_int_eq(ci_detect(1, "true", "true", 1), CI_GITHUB);
	/* Only "true" counts, as the runners set it. */
	ck_assert_int_eq(ci_detect(1, "1", "yes", 1), CI_NONE);
	ck_assert_int_eq(ci_detect(1, "", "", 1), CI_NONE);
	ck_assert_int_eq(ci_detect(1, NULL, NULL, 1), CI_NONE);
	/* --ci=off, or stderr not the job's log. */
	ck_assert_int_eq(ci_detect(0, "true", "true", 1), CI_NONE);
	ck_assert_int_eq(ci_detect(1, "true", "true", 0), CI_NONE);
}
END_TEST

START_TEST(a_pipe_is_a_log_and_a_file_is_not)
{
	int	p[2], fd;
	char	name[] = "/tmp/check_ci.XXXXXX";

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(ci_stream_is_log(p[1]), 1);
	close(p[0]);
	close(p[1]);
	ck_assert_int_ne(fd = mkstemp(name), -1);
	unlink(name);
	ck_assert_int_eq(ci_stream_is_log(fd), 0);
	close(fd);
	ck_assert_int_ne(fd = open("/dev/null", O_WRONLY), -1);
	ck_assert_int_eq(ci_stream_is_log(fd), 0);
	close(fd);
	ck_assert_int_eq(ci_stream_is_log(-1), 0);
}
END_TEST

struct escaped {
	const char	*in;
	const char	*out;
};

/* '%' first, so that what an escape writes is never escaped again. */
static const struct escaped escapes[] = {
	{ "plain", "plain" },
	{ "100%", "100%25" },
	{ "%25", "%2525" },
	{ "a\nb", "a%0Ab" },
	{ "a\r\nb", "a%0D%0Ab" },
	{ "::error::x", "::error::x" },
	{ "", "" },
};

START_TEST(github_data_escapes_percent_cr_and_lf)
{
	const struct escaped	*e = &escapes[_i];
	size_t			 n;

	n = ci_escape(e->in, strlen(e->in), out, sizeof out);
	ck_assert_str_eq(out, e->out);
	ck_assert_uint_eq(n, strlen(e->out));
}
END_TEST

START_TEST(an_escape_is_never_cut_in_half)
{
	char	small[6];

	/* "ab%25" fits; the next escape would not: it is left out whole. */
	ck_assert_uint_eq(ci_escape("ab%%", 4, small, sizeof small), 5);
	ck_assert_str_eq(small, "ab%25");
	ck_assert_uint_eq(ci_escape("abcdefgh", 8, small, sizeof small), 5);
	ck_assert_str_eq(small, "abcde");
}
END_TEST

START_TEST(github_annotations_are_workflow_commands)
{
	const char	*msg = "retry: a%b: attempt 1/2 failed\nx";
	size_t		 n;

	n = ci_annotation(CI_GITHUB, CI_WARNING, msg, strlen(msg), out,
	    sizeof out);
	ck_assert_uint_eq(n, strlen("::warning::retry: a%25b: attempt 1/2 "
	    "failed%0Ax\n"));
	ck_assert_mem_eq(out, "::warning::retry: a%25b: attempt 1/2 "
	    "failed%0Ax\n", n);
	n = ci_annotation(CI_GITHUB, CI_ERROR, "give up", 7, out, sizeof out);
	ck_assert_mem_eq(out, "::error::give up\n", n);
	ck_assert_uint_eq(n, 17);
	ck_assert_uint_eq(ci_annotation(CI_NONE, CI_ERROR, "x", 1, out,
	    sizeof out), 0);
}
END_TEST

START_TEST(gitlab_annotations_are_coloured_lines)
{
	size_t	n;

	n = ci_annotation(CI_GITLAB, CI_WARNING, "re\ttry\n", 7, out,
	    sizeof out);
	ck_assert_mem_eq(out, "\033[0;33mre try \033[0m\n", n);
	ck_assert_uint_eq(n, strlen("\033[0;33mre try \033[0m\n"));
	n = ci_annotation(CI_GITLAB, CI_ERROR, "no", 2, out, sizeof out);
	ck_assert_mem_eq(out, "\033[0;31mno\033[0m\n", n);
}
END_TEST

START_TEST(github_folds_are_groups)
{
	const char	*t = "retry: x: attempt 2/3, after 50%";
	size_t		 n;

	n = ci_fold_open(CI_GITHUB, "retry_ab_2", 1700000000, t, strlen(t),
	    out, sizeof out);
	ck_assert_mem_eq(out, "::group::retry: x: attempt 2/3, after "
	    "50%25\n", n);
	n = ci_fold_close(CI_GITHUB, "retry_ab_2", 1700000001, out,
	    sizeof out);
	ck_assert_mem_eq(out, "::endgroup::\n", n);
	ck_assert_uint_eq(n, 13);
}
END_TEST

START_TEST(gitlab_folds_are_sections)
{
	const char	*t = "attempt 1\r\n";
	const char	*open = "\033[0Ksection_start:1700000000:retry_ab_1\r"
	    "\033[0Kattempt 1  \n";
	const char	*close = "\033[0Ksection_end:1700000005:retry_ab_1\r"
	    "\033[0K\n";
	size_t		 n;

	n = ci_fold_open(CI_GITLAB, "retry_ab_1", 1700000000, t, strlen(t),
	    out, sizeof out);
	ck_assert_uint_eq(n, strlen(open));
	ck_assert_mem_eq(out, open, n);
	n = ci_fold_close(CI_GITLAB, "retry_ab_1", 1700000005, out,
	    sizeof out);
	ck_assert_uint_eq(n, strlen(close));
	ck_assert_mem_eq(out, close, n);
	ck_assert_uint_eq(ci_fold_open(CI_NONE, "x", 0, "t", 1, out,
	    sizeof out), 0);
	ck_assert_uint_eq(ci_fold_close(CI_NONE, "x", 0, out, sizeof out), 0);
}
END_TEST

START_TEST(a_long_message_fits_its_line)
{
	char	msg[256], big[CI_LINE_MAX(256)];
	size_t	n;

	memset(msg, '%', sizeof msg);
	n = ci_annotation(CI_GITHUB, CI_WARNING, msg, sizeof msg, big,
	    sizeof big);
	/* Each '%' is three bytes: all of them, and the newline. */
	ck_assert_uint_eq(n, strlen("::warning::") + 3 * sizeof msg + 1);
	ck_assert_int_eq(big[n - 1], '\n');
	n = ci_annotation(CI_GITHUB, CI_WARNING, msg, sizeof msg, out, 40);
	ck_assert_uint_le(n, 40);
	ck_assert_int_eq(out[n - 1], '\n');
}
END_TEST

static Suite *
ci_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("ci");
	tc = tcase_create("which");
	tcase_add_test(tc, the_environment_names_the_ci);
	tcase_add_test(tc, a_pipe_is_a_log_and_a_file_is_not);
	suite_add_tcase(s, tc);

	tc = tcase_create("lines");
	tcase_add_loop_test(tc, github_data_escapes_percent_cr_and_lf, 0,
	    nitems(escapes));
	tcase_add_test(tc, an_escape_is_never_cut_in_half);
	tcase_add_test(tc, github_annotations_are_workflow_commands);
	tcase_add_test(tc, gitlab_annotations_are_coloured_lines);
	tcase_add_test(tc, github_folds_are_groups);
	tcase_add_test(tc, gitlab_folds_are_sections);
	tcase_add_test(tc, a_long_message_fits_its_line);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(ci_suite());
}
