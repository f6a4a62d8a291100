/* SPDX-License-Identifier: ISC */
/* UTF-8: the length of one well-formed sequence. */
#ifndef RETRY_UTF8_H
#define RETRY_UTF8_H

#include <stddef.h>

size_t	utf8_len(const unsigned char *);

#endif
