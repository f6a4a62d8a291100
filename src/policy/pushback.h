/* SPDX-License-Identifier: ISC */
/*
 * Pushback: what an attempt wrote to RETRY_CONTROL ("stop", "retry",
 * "delay DURATION"), parsed. Pure: the file is control.c's.
 */
#ifndef RETRY_PUSHBACK_H
#define RETRY_PUSHBACK_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of RETRY_CONTROL read at the most; a longer file is ignored. */
#define PUSHBACK_MAX 4096

/* The text of an ignored file, shown in a warning: room for this much. */
#define PUSHBACK_SHOW_MAX 48

enum pushback_word {
	PUSHBACK_NONE,		/* nothing said */
	PUSHBACK_STOP,		/* no more attempts */
	PUSHBACK_RETRY,		/* a failure is retried, whatever its status */
	PUSHBACK_DELAY,		/* the next sleep is at least delay */
};

struct pushback {
	enum pushback_word	word;
	uint64_t		delay;	/* PUSHBACK_DELAY: ns */
};

int	pushback_parse(const char *, size_t, struct pushback *,
	    const char **);
int	pushback_floor(const struct pushback *);
void	pushback_show(const char *, size_t, char *, size_t);

#endif
