/* SPDX-License-Identifier: ISC */
/*
 * How an attempt ended: the facts, before any verdict on them. Shared by
 * supervise (which fills it in), verdict (which judges it) and log (which
 * reports it).
 */
#ifndef RETRY_OUTCOME_H
#define RETRY_OUTCOME_H

#include <stdint.h>

enum outcome_kind {
	OUTCOME_EXITED,		/* status: the exit status */
	OUTCOME_SIGNALED,	/* status: 128 + signo */
	OUTCOME_TIMEDOUT,	/* status: 124; signo: the signal sent */
	OUTCOME_EXEC_FAILED,	/* status: 126 or 127; exec_errno */
};

struct outcome {
	enum outcome_kind	kind;
	int			status;
	int			signo;
	int			exec_errno;
	const char	       *why;	/* retry's own word on it, or NULL */
	uint64_t		idle_ns;	/* TIMEDOUT by --idle-timeout: the
						   silence; else 0 */
};

#endif
