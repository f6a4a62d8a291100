/* SPDX-License-Identifier: ISC */
/* UTF-8: the length and the code point of one well-formed sequence. */
#ifndef RETRY_UTF8_H
#define RETRY_UTF8_H

#include <stddef.h>
#include <stdint.h>

size_t		utf8_len(const unsigned char *);
uint32_t	utf8_code(const unsigned char *, size_t);

#endif
