/* SPDX-License-Identifier: ISC */
/* The main() of every unit suite: run it, each test in a process of its own. */
#ifndef RETRY_CHECK_RUN_H
#define RETRY_CHECK_RUN_H

#include <check.h>

/* Run the suite; 0 when every test passed, else 1. */
static inline int
check_run(Suite *s)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(s);
	/* A crash, a TMPDIR or a umask set by one test stays in that test. */
	srunner_set_fork_status(sr, CK_FORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}

#endif
