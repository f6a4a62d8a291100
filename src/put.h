/* SPDX-License-Identifier: ISC */
#ifndef RETRY_PUT_H
#define RETRY_PUT_H

char	*put_str(char *, const char *);

#endif
