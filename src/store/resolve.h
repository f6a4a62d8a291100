/* SPDX-License-Identifier: ISC */
/*
 * A host name to addresses within a time bound, in the event loop: a
 * resolver that does not answer never holds a run (c-ares, driven by
 * eventloop_wait, so that a stop signal ends the wait too).
 */
#ifndef RETRY_RESOLVE_H
#define RETRY_RESOLVE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#define RESOLVE_MAX 8

struct resolved {
	struct sockaddr_storage	addr[RESOLVE_MAX];
	socklen_t		len[RESOLVE_MAX];
	int			n;
};

int	resolve_prepare(const char *host, char *err, size_t errlen);
int	resolve(const char *host, unsigned port, uint64_t until,
	    struct resolved *out, char *err, size_t errlen);

#endif
