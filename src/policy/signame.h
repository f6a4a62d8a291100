/* SPDX-License-Identifier: ISC */
/* Signal names and numbers: "TERM", "SIGTERM", "15" <-> 15. */
#ifndef RETRY_SIGNAME_H
#define RETRY_SIGNAME_H

#include <stddef.h>

/* Room for any name signame_name writes ("RTMAX-NNN"). */
#define SIGNAME_MAX	16

const char	*signame_name(int, char *, size_t);
int		 signame_parse(const char *, const char **);

#endif
