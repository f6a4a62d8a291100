/* SPDX-License-Identifier: ISC */
/*
 * Strings put together without stdio, on the way of every run (the
 * attempts' variables, RETRY_CONTROL's path): printf's formatting is
 * pages of libc that a plain `retry -- true` would otherwise fault in for
 * nothing else (issue 28).
 */
#include "config.h"

#include <stdint.h>

#include "policy/put.h"

/* s at p, without its NUL; returns where the next part goes. */
char *
put_str(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	return p;
}

/* v in decimal at p, at least width digits; returns where the next goes. */
char *
put_uint(char *p, uint64_t v, int width)
{
	char	digits[20];
	int	n = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0 || n < width);
	while (n > 0)
		*p++ = digits[--n];
	return p;
}
