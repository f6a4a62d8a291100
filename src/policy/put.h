/* SPDX-License-Identifier: ISC */
#ifndef RETRY_PUT_H
#define RETRY_PUT_H

#include <stdint.h>

char	*put_str(char *, const char *);
char	*put_uint(char *, uint64_t, int);

#endif
