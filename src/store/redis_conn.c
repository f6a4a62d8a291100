/* SPDX-License-Identifier: ISC */
/*
 * The redis: store's connections: a non-blocking socket of our own, so
 * that connecting, the TLS handshake and every byte wait in the event
 * loop within the call's bound (hiredis only formats commands and reads
 * replies). The addresses a name has are tried in turn, each with half
 * the time left while others remain, so that a node that is down leaves
 * time for the next.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "proc/eventloop.h"
#include "store/redis_conn.h"
#include "store/resolve.h"
#ifdef HAVE_OPENSSL
#include "store/tls.h"
#endif

void
redis_conn_init(struct redis_conn *c)
{
	memset(c, 0, sizeof *c);
	c->fd = -1;
}

/* Wait until fd is ready for events, or until. */
static int
wait_fd(int fd, short events, uint64_t until, char *err, size_t errlen)
{
	struct pollfd	pfd;
	int		r;

	for (;;) {
		if (eventloop_signal() != 0) {
			errno = EINTR;
			snprintf(err, errlen, "interrupted");
			return -1;
		}
		if (eventloop_now() >= until) {
			snprintf(err, errlen, "no answer in time");
			errno = ETIMEDOUT;
			return -1;
		}
		pfd.fd = fd;
		pfd.events = events;
		pfd.revents = 0;
		r = eventloop_wait(until, &pfd, 1);
		if (r == -1 && errno != EINTR) {
			snprintf(err, errlen, "%s", strerror(errno));
			return -1;
		}
		if (r > 0 && pfd.revents != 0)
			return 0;
	}
}

static int
is_loopback(const struct sockaddr_storage *ss)
{
	const struct sockaddr_in6	*in6;
	const uint8_t			*b;

	if (ss->ss_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)ss)->sin_addr.s_addr)
		    >> 24) == 127;
	in6 = (const struct sockaddr_in6 *)ss;
	b = in6->sin6_addr.s6_addr;
	if (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr))
		return b[12] == 127;
	return IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr);
}

/* Connect to one address by until; the socket, or -1. */
static int
connect_one(const struct sockaddr_storage *ss, socklen_t len, uint64_t until,
    char *err, size_t errlen)
{
	socklen_t	sl = sizeof(int);
	int		fd, e = 0, one = 1;

	/* No attempt inherits the connection. */
	fd = socket(ss->ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    0);
	if (fd == -1) {
		snprintf(err, errlen, "cannot connect: %s", strerror(errno));
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (connect(fd, (const struct sockaddr *)ss, len) == -1) {
		if (errno != EINPROGRESS) {
			snprintf(err, errlen, "cannot connect: %s",
			    strerror(errno));
			close(fd);
			return -1;
		}
		if (wait_fd(fd, POLLOUT, until, err, errlen) == -1) {
			close(fd);
			return -1;
		}
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &sl) == -1 ||
		    e != 0) {
			snprintf(err, errlen, "cannot connect: %s",
			    strerror(e != 0 ? e : errno));
			close(fd);
			return -1;
		}
	}
	return fd;
}

#ifdef HAVE_OPENSSL
/* The TLS handshake, by until. */
static int
handshake(struct redis_conn *c, struct tls *tls, const char *host,
    uint64_t until, char *err, size_t errlen)
{
	enum tls_io	io;

	if ((c->tls = tls_conn_new(tls, c->fd, host, err, errlen)) == NULL)
		return -1;
	while ((io = tls_handshake(c->tls, err, errlen)) != TLS_DONE) {
		if (io == TLS_FAILED)
			return -1;
		if (wait_fd(c->fd, io == TLS_WANT_READ ? POLLIN : POLLOUT,
		    until, err, errlen) == -1) {
			/* A server that does not speak TLS says nothing. */
			if (eventloop_signal() == 0)
				snprintf(err, errlen, "TLS: no answer to the "
				    "handshake in time");
			return -1;
		}
	}
	return 0;
}
#endif

/*
 * Connect to host:port by until, over TLS when tls is not NULL. -1 with
 * one line in err.
 */
int
redis_conn_open(struct redis_conn *c, const char *host, unsigned port,
    struct tls *tls, uint64_t until, char *err, size_t errlen)
{
	struct resolved	addrs;
	uint64_t	now, by;
	int		i;

	redis_conn_init(c);
	if (resolve(host, port, until, &addrs, err, errlen) == -1)
		return -1;
	for (i = 0; i < addrs.n && c->fd == -1; i++) {
		now = eventloop_now();
		by = i + 1 < addrs.n && until > now ? now + (until - now) / 2 :
		    until;
		c->fd = connect_one(&addrs.addr[i], addrs.len[i], by, err,
		    errlen);
		if (c->fd == -1 && eventloop_signal() != 0)
			return -1;
		if (c->fd != -1)
			c->loopback = is_loopback(&addrs.addr[i]);
	}
	if (c->fd == -1)
		return -1;
#ifdef HAVE_OPENSSL
	if (tls != NULL && handshake(c, tls, host, until, err, errlen) == -1) {
		redis_conn_close(c);
		return -1;
	}
#else
	(void)tls;
#endif
	return 0;
}

/* One step of writing or reading: what it did, or what it waits for. */
static int
transfer(struct redis_conn *c, int out, char *buf, size_t len, size_t *n,
    short *want, char *err, size_t errlen)
{
	ssize_t	r;

#ifdef HAVE_OPENSSL
	if (c->tls != NULL) {
		enum tls_io io = out ? tls_write(c->tls, buf, len, n, err,
		    errlen) : tls_read(c->tls, buf, len, n, err, errlen);

		*want = io == TLS_WANT_READ ? POLLIN : POLLOUT;
		return io == TLS_FAILED ? -1 : io == TLS_DONE;
	}
#endif
	*want = out ? POLLOUT : POLLIN;
	r = out ? send(c->fd, buf, len, MSG_NOSIGNAL) : recv(c->fd, buf, len, 0);
	if (r > 0) {
		*n = (size_t)r;
		return 1;
	}
	if (r == -1 && (errno == EAGAIN || errno == EWOULDBLOCK ||
	    errno == EINTR))
		return 0;
	snprintf(err, errlen, "%s", r == 0 ? "connection lost" :
	    strerror(errno));
	return -1;
}

/* Write all of buf by until. */
int
redis_conn_write(struct redis_conn *c, const char *buf, size_t len,
    uint64_t until, char *err, size_t errlen)
{
	size_t	n;
	short	want;
	int	r;

	while (len > 0) {
		if ((r = transfer(c, 1, (char *)buf, len, &n, &want, err,
		    errlen)) == -1)
			return -1;
		if (r == 1) {
			buf += n;
			len -= n;
		} else if (wait_fd(c->fd, want, until, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/* Read what comes, up to len bytes, by until: at least one byte. */
int
redis_conn_read(struct redis_conn *c, char *buf, size_t len, size_t *got,
    uint64_t until, char *err, size_t errlen)
{
	short	want;
	int	r;

	for (;;) {
		if ((r = transfer(c, 0, buf, len, got, &want, err,
		    errlen)) != 0)
			return r == 1 ? 0 : -1;
		if (wait_fd(c->fd, want, until, err, errlen) == -1)
			return -1;
	}
}

void
redis_conn_close(struct redis_conn *c)
{
#ifdef HAVE_OPENSSL
	tls_conn_free(c->tls);
#endif
	if (c->fd != -1)
		close(c->fd);
	redis_conn_init(c);
}
