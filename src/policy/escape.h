/* SPDX-License-Identifier: ISC */
/*
 * Text from outside made visible in a line of retry's (escape.c). Pure:
 * below log.c, beside utf8.c.
 */
#ifndef RETRY_ESCAPE_H
#define RETRY_ESCAPE_H

#include <stddef.h>

/* Where the escaped text goes. */
enum escape_form {
	ESCAPE_LINE,		/* a line of text, from its start */
	ESCAPE_SHELL,		/* the inside of a shell's $'...' */
};

size_t	escape_text(const char *, size_t, enum escape_form, char *, size_t);
int	escape_needed(const char *, size_t);
int	escape_special(const unsigned char *, size_t);

#endif
