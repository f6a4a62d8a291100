/* SPDX-License-Identifier: ISC */
/*
 * The words option values are made of: a whole number, a decimal number,
 * a name from a table. Stricter than strtoull and strtod, which skip
 * spaces and take a sign or hexadecimal: a value means what it reads as,
 * or it is refused.
 */
#ifndef RETRY_SCAN_H
#define RETRY_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* A word a value may be and the enum constant it stands for. */
struct scan_word {
	const char	*name;
	int		 value;
};

int	scan_u64(const char *, uint64_t *);
int	scan_double(const char *, double *);
int	scan_word(const struct scan_word *, size_t, const char *);

#endif
