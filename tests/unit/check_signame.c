/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of signame.c: --signal's names and numbers to signals, and
 * back to the names messages print. The real-time signals are checked
 * against SIGRTMIN and SIGRTMAX as the C library gives them at run time.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "policy/signame.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

struct named {
	const char	*in;
	int		 signo;
};

static const struct named classic[] = {
	{ "TERM", SIGTERM },
	{ "SIGTERM", SIGTERM },
	{ "term", SIGTERM },
	{ "SigHup", SIGHUP },
	{ "KILL", SIGKILL },
	{ "9", 9 },
	{ "1", 1 },
};

START_TEST(classic_names_and_numbers_parse_in_any_case)
{
	const char	*why = NULL;

	ck_assert_int_eq(signame_parse(classic[_i].in, &why),
	    classic[_i].signo);
}
END_TEST

static const char *const not_signals[] = {
	"", "FOO", "SIG", "0", "-1", "9x", "99999", "RT", "RTMINX", "RTMIN-1",
	"RTMAX+1", "RTMIN+", "RTMAX-", "RTMIN+ 1", "RTMIN+-1", "RTMIN++1",
	"RTMIN+1x", "RTMIN1", "SIGSIGTERM",
};

START_TEST(what_is_no_signal_is_refused_with_a_reason)
{
	const char	*why = NULL;

	ck_assert_int_eq(signame_parse(not_signals[_i], &why), -1);
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, "signal name") != NULL, "'%s': %s",
	    not_signals[_i], why);
}
END_TEST

START_TEST(classic_signals_are_named_without_sig)
{
	char	buf[SIGNAME_MAX];

	ck_assert_str_eq(signame_name(SIGTERM, buf, sizeof buf), "TERM");
	ck_assert_str_eq(signame_name(SIGKILL, buf, sizeof buf), "KILL");
	ck_assert_ptr_null(signame_name(0, buf, sizeof buf));
}
END_TEST

#ifdef SIGRTMIN
START_TEST(real_time_names_count_from_sigrtmin_and_sigrtmax)
{
	const char	*why = NULL;
	char		 s[32];
	int		 n = SIGRTMAX - SIGRTMIN;

	ck_assert_int_eq(signame_parse("RTMIN", &why), SIGRTMIN);
	ck_assert_int_eq(signame_parse("SIGRTMIN", &why), SIGRTMIN);
	ck_assert_int_eq(signame_parse("rtmin+1", &why), SIGRTMIN + 1);
	ck_assert_int_eq(signame_parse("SIGRTMIN+0", &why), SIGRTMIN);
	ck_assert_int_eq(signame_parse("RTMAX", &why), SIGRTMAX);
	ck_assert_int_eq(signame_parse("sigrtmax-2", &why), SIGRTMAX - 2);
	snprintf(s, sizeof s, "RTMIN+%d", n);
	ck_assert_int_eq(signame_parse(s, &why), SIGRTMAX);
	snprintf(s, sizeof s, "RTMAX-%d", n);
	ck_assert_int_eq(signame_parse(s, &why), SIGRTMIN);
}
END_TEST

START_TEST(real_time_names_out_of_range_are_refused_with_the_range)
{
	const char	*why = NULL;
	char		 s[32], range[32];
	int		 n = SIGRTMAX - SIGRTMIN;

	snprintf(range, sizeof range, "from 0 to %d", n);
	snprintf(s, sizeof s, "RTMIN+%d", n + 1);
	ck_assert_int_eq(signame_parse(s, &why), -1);
	ck_assert_msg(strstr(why, range) != NULL, "%s: %s", s, why);
	snprintf(s, sizeof s, "SIGRTMAX-%d", n + 1);
	ck_assert_int_eq(signame_parse(s, &why), -1);
	ck_assert_msg(strstr(why, range) != NULL, "%s: %s", s, why);
	ck_assert_int_eq(signame_parse("RTMIN+99999999999999999999", &why), -1);
	ck_assert_msg(strstr(why, range) != NULL, "%s", why);
}
END_TEST

/* As kill -l: the lower half from RTMIN up, the upper from RTMAX down. */
START_TEST(every_real_time_signal_is_named_and_reads_back)
{
	const char	*why = NULL, *name;
	char		 buf[SIGNAME_MAX];
	int		 signo;

	ck_assert_str_eq(signame_name(SIGRTMIN, buf, sizeof buf), "RTMIN");
	ck_assert_str_eq(signame_name(SIGRTMAX, buf, sizeof buf), "RTMAX");
	ck_assert_str_eq(signame_name(SIGRTMIN + 1, buf, sizeof buf),
	    "RTMIN+1");
	ck_assert_str_eq(signame_name(SIGRTMAX - 1, buf, sizeof buf),
	    "RTMAX-1");
	for (signo = SIGRTMIN; signo <= SIGRTMAX; signo++) {
		name = signame_name(signo, buf, sizeof buf);
		ck_assert_ptr_nonnull(name);
		ck_assert_int_eq(signame_parse(name, &why), signo);
	}
	ck_assert_ptr_null(signame_name(SIGRTMAX + 1, buf, sizeof buf));
}
END_TEST
#endif

START_TEST(a_small_buffer_is_never_overrun)
{
	char	buf[8];

	memset(buf, 'X', sizeof buf);
	signame_name(SIGVTALRM, buf, 4);
	ck_assert_str_eq(buf, "VTA");
	ck_assert_int_eq(buf[4], 'X');
#ifdef SIGRTMIN
	memset(buf, 'X', sizeof buf);
	signame_name(SIGRTMIN + 1, buf, 4);
	ck_assert_str_eq(buf, "RTM");
	ck_assert_int_eq(buf[4], 'X');
#endif
}
END_TEST

static Suite *
signame_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("signame");

	tc = tcase_create("classic");
	tcase_add_loop_test(tc, classic_names_and_numbers_parse_in_any_case, 0,
	    nitems(classic));
	tcase_add_loop_test(tc, what_is_no_signal_is_refused_with_a_reason, 0,
	    nitems(not_signals));
	tcase_add_test(tc, classic_signals_are_named_without_sig);
	tcase_add_test(tc, a_small_buffer_is_never_overrun);
	suite_add_tcase(s, tc);

#ifdef SIGRTMIN
	tc = tcase_create("real-time");
	tcase_add_test(tc, real_time_names_count_from_sigrtmin_and_sigrtmax);
	tcase_add_test(tc,
	    real_time_names_out_of_range_are_refused_with_the_range);
	tcase_add_test(tc, every_real_time_signal_is_named_and_reads_back);
	suite_add_tcase(s, tc);
#endif

	return s;
}

int
main(void)
{
	return check_run(signame_suite());
}
