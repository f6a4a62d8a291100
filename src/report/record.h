/* SPDX-License-Identifier: ISC */
/*
 * The run's record, once it is over: --metrics counts it in FILE
 * (metrics.c), and the reports for CI steps tell of it (cistep.c). The
 * run tells what it was as a value.
 */
#ifndef RETRY_RECORD_H
#define RETRY_RECORD_H

#include <stdint.h>

/* A run that is over. */
struct record {
	const char	*file;		/* --metrics=FILE; NULL: none */
	const char	*label;		/* --metrics-label; NULL: the command's */
	int		 status;	/* retry's */
	int		 succeeded;
	uint64_t	 attempts;	/* started */
	uint64_t	 start;		/* monotonic ns */
	uint64_t	 deadline;	/* monotonic ns; 0: none */
	int		 dying;		/* a signal retry dies of; 0: none */
	int		 ci;		/* --ci=auto: 1; off: 0 */
	const char	*dotenv;	/* --ci-dotenv=FILE; NULL: none */
};

void	record_run(const struct record *);

#endif
