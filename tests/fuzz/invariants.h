/* SPDX-License-Identifier: ISC */
/* Checks shared by the fuzz targets: each failure aborts with its line. */
#ifndef RETRY_FUZZ_INVARIANTS_H
#define RETRY_FUZZ_INVARIANTS_H

#include "policy/backoff.h"

/* Not assert(3): these must hold whether or not NDEBUG is defined. */
#define CHECK(cond) do {						\
	if (!(cond))							\
		invariants_fail(__FILE__, __LINE__, #cond);		\
} while (0)

void	invariants_fail(const char *, int, const char *)
	    __attribute__((__noreturn__));
void	invariants_backoff(const struct backoff *);

#endif
