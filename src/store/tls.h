/* SPDX-License-Identifier: ISC */
/*
 * TLS for the redis: store (rediss://), with OpenSSL 3, over a socket of
 * the caller's that is non-blocking: each step says what it waits for,
 * and the caller waits for it in the event loop, within its own bound.
 * The peer's certificate is always verified, and its name; there is no
 * way to turn that off.
 */
#ifndef RETRY_TLS_H
#define RETRY_TLS_H

#include <stddef.h>

struct tls;		/* the settings, for every connection of a run */
struct tls_conn;	/* one connection */

enum tls_io {
	TLS_DONE,
	TLS_WANT_READ,
	TLS_WANT_WRITE,
	TLS_FAILED,	/* said in err */
};

struct tls	*tls_new(char *err, size_t errlen);
void		 tls_free(struct tls *t);
struct tls_conn	*tls_conn_new(struct tls *t, int fd, const char *host,
		    char *err, size_t errlen);
enum tls_io	 tls_handshake(struct tls_conn *c, char *err, size_t errlen);
enum tls_io	 tls_read(struct tls_conn *c, char *buf, size_t len,
		    size_t *got, char *err, size_t errlen);
enum tls_io	 tls_write(struct tls_conn *c, const char *buf, size_t len,
		    size_t *put, char *err, size_t errlen);
void		 tls_conn_free(struct tls_conn *c);

#endif
