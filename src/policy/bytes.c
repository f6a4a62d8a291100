/* SPDX-License-Identifier: ISC */
/*
 * Byte strings: memrchr(3), which glibc and musl have and macOS lacks,
 * with a loop of its own where libc has none.
 */
#include "config.h"

#include <string.h>

#include "policy/bytes.h"

/* The last byte c among the len at p, or NULL. */
const char *
bytes_rchr(const char *p, int c, size_t len)
{
#ifdef HAVE_MEMRCHR
	return memrchr(p, c, len);
#else
	while (len > 0)
		if ((unsigned char)p[--len] == (unsigned char)c)
			return p + len;
	return NULL;
#endif
}
