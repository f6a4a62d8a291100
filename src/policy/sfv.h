/* SPDX-License-Identifier: ISC */
/*
 * A Structured Field list (RFC 8941), as the RateLimit header of the IETF
 * httpapi drafts is one: each member's parameters handed to a reader as
 * the parse meets them (sfv.c). Pure.
 */
#ifndef RETRY_SFV_H
#define RETRY_SFV_H

#include <stddef.h>
#include <stdint.h>

/* A parameter's value that is not an integer (a key alone: true). */
#define SFV_NOT_INT	INT64_MIN

/*
 * What a list's parse tells: param() for each parameter of a member (its
 * key, of its length, and its value: an integer, else SFV_NOT_INT), then
 * member() at the member's end. A -1 of either ends the parse: the field
 * is not read.
 */
struct sfv_reader {
	int	(*param)(void *, const char *, size_t, int64_t);
	int	(*member)(void *);
	void	*arg;
};

/* A list of len bytes at s, read by the reader: 0, or -1 (malformed). */
int	sfv_list(const char *, size_t, const struct sfv_reader *);

#endif
