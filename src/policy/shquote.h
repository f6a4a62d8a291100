/* SPDX-License-Identifier: ISC */
/*
 * A command line as a POSIX shell would read it (shquote.c): its words,
 * a word that sets a variable, the syntax only a shell understands, and
 * a word quoted so that a shell reads it back as it is. For the command
 * line given as one word ("curl -fsS URL"), which retry names by its
 * first word and answers with a hint. Pure.
 */
#ifndef RETRY_SHQUOTE_H
#define RETRY_SHQUOTE_H

#include <stddef.h>

size_t	shquote_next_word(const char **, const char **);
int	shquote_assignment(const char *, size_t);
int	shquote_is_line(const char *);
int	shquote_syntax(const char *);
size_t	shquote_word(const char *, size_t, char *, size_t);

#endif
