/* SPDX-License-Identifier: ISC */
/* Byte strings: what libc has on some systems only. */
#ifndef RETRY_BYTES_H
#define RETRY_BYTES_H

#include <stddef.h>

const char	*bytes_rchr(const char *, int, size_t);

#endif
