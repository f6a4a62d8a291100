/* SPDX-License-Identifier: ISC */
/*
 * Reports for CI steps (cistep.c): at the end of a run, GitHub Actions'
 * step outputs and step summary, and --ci-dotenv's report for GitLab;
 * the failed attempts they tell of, noted as the messages tell them.
 */
#ifndef RETRY_CISTEP_H
#define RETRY_CISTEP_H

#include <stddef.h>
#include <stdint.h>

#include "policy/stepreport.h"

/* A run that is over, for its reports. */
struct cistep_end {
	int		 ci;		/* --ci=auto: 1; off: 0 */
	const char	*dotenv;	/* --ci-dotenv=FILE; NULL: none */
	enum step_end	 end;
	int		 status;	/* retry's */
	int		 signo;		/* STEP_SIGNALED */
	uint64_t	 attempts;	/* started */
	uint64_t	 start;		/* the run's, monotonic ns */
};

void	 cistep_failed(uint64_t, int, const char *, size_t);
uint64_t cistep_failures(int *);
int	 cistep_dotenv_check(const char *, char *, size_t);
int	 cistep_write(const struct cistep_end *);

#endif
