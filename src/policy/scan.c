/* SPDX-License-Identifier: ISC */
/* Whole numbers, decimal numbers and words of a table, for option values. */
#include <errno.h>
#include <math.h>		/* isfinite: a macro, no libm */
#include <stdlib.h>
#include <string.h>

#include "policy/scan.h"

/* A whole number without sign or garbage; -1 if it is not one. */
int
scan_u64(const char *s, uint64_t *out)
{
	unsigned long long	v;
	char		       *end;

	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

/* A finite decimal number; -1 if it is not one. */
int
scan_double(const char *s, double *out)
{
	char	*end;
	double	 v;

	/* Digits first: strtod would skip spaces and take a sign. */
	if ((*s < '0' || *s > '9') && *s != '.')
		return -1;
	if (strchr(s, 'x') != NULL || strchr(s, 'X') != NULL)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* The value of word s in table t of n entries, or -1 if s is not there. */
int
scan_word(const struct scan_word *t, size_t n, const char *s)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (strcmp(s, t[i].name) == 0)
			return t[i].value;
	}
	return -1;
}
