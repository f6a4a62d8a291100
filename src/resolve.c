/* SPDX-License-Identifier: ISC */
/*
 * Names resolved with c-ares: the files of the system (/etc/hosts) and
 * then the name servers of resolv.conf, as getaddrinfo() does for a
 * "hosts: files dns" system, but with each socket in our own poll, so
 * that the call's end (or a signal) ends the lookup. getaddrinfo()
 * cannot be bounded (glibc's waits 5 s per server and try: 20 s was
 * measured), and getaddrinfo_a() is glibc's only and runs in a thread;
 * bench/resolve compares the three.
 *
 * A channel lives for one lookup: its sockets are closed before any
 * attempt is started, so no child inherits them.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include <ares.h>

#include "eventloop.h"
#include "resolve.h"

struct lookup {
	struct resolved	*out;
	int		 done;
	int		 status;
};

/* An IP address as written: no lookup. 0 when host is one. */
static int
literal(const char *host, unsigned port, struct resolved *out)
{
	struct sockaddr_in	*in4 = (struct sockaddr_in *)&out->addr[0];
	struct sockaddr_in6	*in6 = (struct sockaddr_in6 *)&out->addr[0];

	memset(out, 0, sizeof *out);
	if (inet_pton(AF_INET, host, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons((uint16_t)port);
		out->len[0] = sizeof *in4;
	} else if (inet_pton(AF_INET6, host, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)port);
		out->len[0] = sizeof *in6;
	} else
		return -1;
	out->n = 1;
	return 0;
}

static void
answered(void *arg, int status, int timeouts, struct ares_addrinfo *res)
{
	struct lookup			*l = arg;
	const struct ares_addrinfo_node	*a;
	struct resolved			*out = l->out;

	(void)timeouts;
	l->done = 1;
	l->status = status;
	for (a = res != NULL ? res->nodes : NULL;
	    a != NULL && out->n < RESOLVE_MAX; a = a->ai_next) {
		if ((a->ai_family != AF_INET && a->ai_family != AF_INET6) ||
		    a->ai_addrlen > sizeof out->addr[0])
			continue;
		memcpy(&out->addr[out->n], a->ai_addr, a->ai_addrlen);
		out->len[out->n++] = (socklen_t)a->ai_addrlen;
	}
	if (res != NULL)
		ares_freeaddrinfo(res);
}

/*
 * Wait for the channel's sockets, or its next timeout, or until; then let
 * c-ares read what came. -1 at until or on a signal.
 */
static int
step(ares_channel ch, uint64_t until)
{
	ares_socket_t	socks[ARES_GETSOCK_MAXNUM];
	struct pollfd	pfd[EVENTLOOP_MAXFDS];
	struct timeval	tv, *tvp;
	uint64_t	wake = until, now = eventloop_now();
	int		bits, i, n = 0, r;

	bits = ares_getsock(ch, socks, ARES_GETSOCK_MAXNUM);
	for (i = 0; i < ARES_GETSOCK_MAXNUM && n < EVENTLOOP_MAXFDS; i++) {
		if (!ARES_GETSOCK_READABLE(bits, i) &&
		    !ARES_GETSOCK_WRITABLE(bits, i))
			continue;
		pfd[n].fd = socks[i];
		pfd[n].events = (short)((ARES_GETSOCK_READABLE(bits, i) ?
		    POLLIN : 0) | (ARES_GETSOCK_WRITABLE(bits, i) ? POLLOUT : 0));
		pfd[n++].revents = 0;
	}
	if ((tvp = ares_timeout(ch, NULL, &tv)) != NULL) {
		uint64_t t = now + (uint64_t)tvp->tv_sec * 1000000000ULL +
		    (uint64_t)tvp->tv_usec * 1000ULL;
		if (t < wake)
			wake = t;
	}
	r = eventloop_wait(wake, pfd, n);
	if (r == -1 && errno != EINTR)
		return -1;
	for (i = 0; i < n; i++) {
		int rd = (pfd[i].revents & (POLLIN | POLLERR | POLLHUP)) != 0;
		int wr = (pfd[i].revents & POLLOUT) != 0;

		if (rd || wr)
			ares_process_fd(ch, rd ? pfd[i].fd : ARES_SOCKET_BAD,
			    wr ? pfd[i].fd : ARES_SOCKET_BAD);
	}
	/* Timeouts: c-ares sends again, or gives up on a server. */
	ares_process_fd(ch, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
	if (eventloop_signal() != 0 || eventloop_now() >= until)
		return -1;
	return 0;
}

/* Ask c-ares, in the time left. */
static int
lookup(const char *host, unsigned port, uint64_t until, struct lookup *l,
    char *err, size_t errlen)
{
	struct ares_options		opts;
	struct ares_addrinfo_hints	hints;
	ares_channel			ch;
	char				service[8];
	uint64_t			left;
	int				r;

	memset(&opts, 0, sizeof opts);
	/* Three tries in the time left, so that a lost datagram is sent again. */
	left = (until - eventloop_now()) / 1000000;
	opts.timeout = left / 3 > 10 ? (int)(left / 3) : 10;
	opts.tries = 3;
	if ((r = ares_init_options(&ch, &opts,
	    ARES_OPT_TIMEOUTMS | ARES_OPT_TRIES)) != ARES_SUCCESS) {
		snprintf(err, errlen, "cannot resolve %s: %s", host,
		    ares_strerror(r));
		return -1;
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	snprintf(service, sizeof service, "%u", port);
	ares_getaddrinfo(ch, host, service, &hints, answered, l);
	while (!l->done && step(ch, until) == 0)
		;
	if (!l->done) {
		ares_cancel(ch);
		l->status = eventloop_signal() != 0 ? ARES_ECANCELLED :
		    ARES_ETIMEOUT;
	}
	ares_destroy(ch);
	if (l->status == ARES_ECANCELLED) {
		errno = EINTR;
		snprintf(err, errlen, "cannot resolve %s: interrupted", host);
		return -1;
	}
	if (l->status == ARES_ETIMEOUT) {
		snprintf(err, errlen, "cannot resolve %s: no answer in time",
		    host);
		return -1;
	}
	return 0;
}

/*
 * host (a name, or an IPv4 or IPv6 address) and port as the addresses to
 * connect to, in the order to try them; by until. -1 with one line in
 * err (and errno EINTR when a signal came).
 */
int
resolve(const char *host, unsigned port, uint64_t until,
    struct resolved *out, char *err, size_t errlen)
{
	static int	initialized;
	struct lookup	l;
	int		r;

	if (literal(host, port, out) == 0)
		return 0;
	if (eventloop_now() >= until) {
		snprintf(err, errlen, "cannot resolve %s: no answer in time",
		    host);
		return -1;
	}
	if (!initialized) {
		if ((r = ares_library_init(ARES_LIB_INIT_ALL)) != ARES_SUCCESS) {
			snprintf(err, errlen, "cannot resolve %s: %s", host,
			    ares_strerror(r));
			return -1;
		}
		initialized = 1;
	}
	memset(&l, 0, sizeof l);
	l.out = out;
	if (lookup(host, port, until, &l, err, errlen) == -1)
		return -1;
	if (l.status != ARES_SUCCESS || out->n == 0) {
		snprintf(err, errlen, "cannot resolve %s: %s", host,
		    l.status != ARES_SUCCESS ? ares_strerror(l.status) :
		    "no address");
		return -1;
	}
	return 0;
}
