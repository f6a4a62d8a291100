/* SPDX-License-Identifier: ISC */
/*
 * One connection of the redis: store to one server: the name resolved,
 * each address tried, TLS when asked, and bytes written and read; every
 * step by the caller's time (until) and in the event loop, so that a
 * stop signal ends it (errno EINTR then). Failures are one line in err.
 */
#ifndef RETRY_REDIS_CONN_H
#define RETRY_REDIS_CONN_H

#include <stddef.h>
#include <stdint.h>

struct tls;
struct tls_conn;

struct redis_conn {
	int		 fd;		/* -1: none */
	struct tls_conn	*tls;
	int		 loopback;	/* the peer is 127/8 or ::1 */
};

void	redis_conn_init(struct redis_conn *c);
int	redis_conn_open(struct redis_conn *c, const char *host, unsigned port,
	    struct tls *tls, uint64_t until, char *err, size_t errlen);
int	redis_conn_write(struct redis_conn *c, const char *buf, size_t len,
	    uint64_t until, char *err, size_t errlen);
int	redis_conn_read(struct redis_conn *c, char *buf, size_t len,
	    size_t *got, uint64_t until, char *err, size_t errlen);
void	redis_conn_close(struct redis_conn *c);

#endif
