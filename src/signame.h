/* SPDX-License-Identifier: ISC */
/* Signal names and numbers: "TERM", "SIGTERM", "15" <-> 15. */
#ifndef RETRY_SIGNAME_H
#define RETRY_SIGNAME_H

const char	*signame_name(int);
int		 signame_parse(const char *);

#endif
