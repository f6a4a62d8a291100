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
 * A name the files have is answered from them alone, both families, as
 * glibc's files module does: c-ares, asked for each family on its own,
 * would ask the name servers for the family the files lack (the name
 * leaked, and 50 ms waited for an AAAA that does not come).
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
#include <strings.h>
#include <sys/stat.h>

#include <ares.h>

#include "policy/large.h"
#include "proc/dynlib.h"
#include "proc/eventloop.h"
#include "store/resolve.h"

/*
 * c-ares's functions, loaded (dlopen, dynlib.h) when a run first needs
 * them, not linked: a run without a redis: store pays nothing for
 * them at start-up.
 */
#define CARES_FUNCS(X, t) \
	X(t, ares_cancel) \
	X(t, ares_destroy) \
	X(t, ares_destroy_options) \
	X(t, ares_freeaddrinfo) \
	X(t, ares_getaddrinfo) \
	X(t, ares_getsock) \
	X(t, ares_init_options) \
	X(t, ares_library_init) \
	X(t, ares_process_fd) \
	X(t, ares_save_options) \
	X(t, ares_strerror) \
	X(t, ares_timeout)

static struct {
	CARES_FUNCS(DYNLIB_FIELD, cares)
} cares LARGE_ZEROED;	/* a redis: store's only */

static const struct dynlib_sym cares_syms[] = {
	CARES_FUNCS(DYNLIB_SYM, cares)
};
static struct dynlib cares_lib = DYNLIB(LIBCARES_SONAME, cares_syms);

/* Read by packaging tools, not by the code. */
/* cppcheck-suppress unusedStructMember */
DYNLIB_NOTE(cares_note, "[" DYNLIB_NOTE_ENTRY("redis-store",
    "names resolved for the redis: store of --budget", "recommended",
    LIBCARES_SONAME) "]");

/* Half of a lookup: one family's addresses (A or AAAA). */
struct family {
	struct resolved	 got;
	int		 done;
	int		 status;
};

/*
 * After one family answered with addresses, how long the other one may
 * still take: RFC 8305's Resolution Delay (50 ms), so that a resolver
 * that never answers AAAA (some do not, some middleboxes drop it) does
 * not cost the A answer that came.
 */
#define RESOLVE_GRACE_NS 50000000ULL

/*
 * localhost and its subdomains: the loopback addresses, IPv4 first, with
 * no lookup, as RFC 6761 (6.3) asks of resolver libraries. c-ares 1.18
 * answers an IPv6 localhost that /etc/hosts lacks by itself, and leaks
 * the name (LeakSanitizer). 0 when host is one.
 */
static int
localhost(const char *host, unsigned port, struct resolved *out)
{
	struct sockaddr_in	*in4 = (struct sockaddr_in *)&out->addr[0];
	struct sockaddr_in6	*in6 = (struct sockaddr_in6 *)&out->addr[1];
	size_t			 n = strlen(host);

	if (n > 0 && host[n - 1] == '.')
		n--;
	if (!((n == 9 || (n > 10 && host[n - 10] == '.')) &&
	    strncasecmp(host + n - 9, "localhost", 9) == 0))
		return -1;
	memset(out, 0, sizeof *out);
	in4->sin_family = AF_INET;
	in4->sin_port = htons((uint16_t)port);
	in4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	out->len[0] = sizeof *in4;
	in6->sin6_family = AF_INET6;
	in6->sin6_port = htons((uint16_t)port);
	/*
	 * Not libc's in6addr_loopback: a variable of libc's is copied into
	 * retry at every start (a copy relocation), and this one's page
	 * faulted in for it, though only a redis: store on localhost reads it.
	 */
	in6->sin6_addr = (struct in6_addr)IN6ADDR_LOOPBACK_INIT;
	out->len[1] = sizeof *in6;
	out->n = 2;
	return 0;
}

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
	struct family			*f = arg;
	const struct ares_addrinfo_node	*a;
	struct resolved			*out = &f->got;

	(void)timeouts;
	f->done = 1;
	f->status = status;
	for (a = res != NULL ? res->nodes : NULL;
	    a != NULL && out->n < RESOLVE_MAX; a = a->ai_next) {
		if ((a->ai_family != AF_INET && a->ai_family != AF_INET6) ||
		    a->ai_addrlen > sizeof out->addr[0])
			continue;
		memcpy(&out->addr[out->n], a->ai_addr, a->ai_addrlen);
		out->len[out->n++] = (socklen_t)a->ai_addrlen;
	}
	if (res != NULL)
		cares.ares_freeaddrinfo(res);
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
	unsigned	bits;
	int		i, n = 0, r;

	/*
	 * The bits as c-ares sets them (ARES_GETSOCK_READABLE and _WRITABLE),
	 * read unsigned: its own macros shift 1 into an int's sign bit for
	 * the last socket, which UBSan rightly refuses.
	 */
	bits = (unsigned)cares.ares_getsock(ch, socks, ARES_GETSOCK_MAXNUM);
	for (i = 0; i < ARES_GETSOCK_MAXNUM && n < EVENTLOOP_MAXFDS; i++) {
		int	rd = (bits & (1U << i)) != 0;
		int	wr = (bits & (1U << (i + ARES_GETSOCK_MAXNUM))) != 0;
		short	ev = (short)((rd ? POLLIN : 0) | (wr ? POLLOUT : 0));

		if (ev == 0)
			continue;
		pfd[n].fd = socks[i];
		pfd[n].events = ev;
		pfd[n++].revents = 0;
	}
	if ((tvp = cares.ares_timeout(ch, NULL, &tv)) != NULL) {
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
			cares.ares_process_fd(ch, rd ? pfd[i].fd : ARES_SOCKET_BAD,
			    wr ? pfd[i].fd : ARES_SOCKET_BAD);
	}
	/* Timeouts: c-ares sends again, or gives up on a server. */
	cares.ares_process_fd(ch, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
	if (eventloop_signal() != 0 || eventloop_now() >= until)
		return -1;
	return 0;
}

/* Ask for one family's addresses. */
static void
ask(ares_channel ch, const char *host, const char *service, int family,
    struct family *f)
{
	struct ares_addrinfo_hints	hints;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = family;
	hints.ai_socktype = SOCK_STREAM;
	/* The port is a number: no /etc/services (0.5 ms, bench/resolve). */
	hints.ai_flags = ARES_AI_NUMERICSERV;
	cares.ares_getaddrinfo(ch, host, service, &hints, answered, f);
}

/*
 * Whether the system looks names up in its files before the name servers:
 * c-ares's lookups, read from nsswitch.conf (or host.conf, svc.conf,
 * resolv.conf's "lookup"), "fb" for "hosts: files dns".
 */
static int
files_first(ares_channel ch)
{
	struct ares_options	opts;
	int			mask, first;

	if (cares.ares_save_options(ch, &opts, &mask) != ARES_SUCCESS)
		return 0;
	first = (mask & ARES_OPT_LOOKUPS) != 0 && opts.lookups != NULL &&
	    opts.lookups[0] == 'f';
	cares.ares_destroy_options(&opts);
	return first;
}

/*
 * Look host up in the system's files alone, both families at once (a
 * channel whose lookups are "f": no name server is asked): its addresses
 * in f, IPv4 in f[0] and IPv6 in f[1], both done. -1 when the files do
 * not have it.
 */
static int
from_files(const char *host, const char *service, uint64_t until,
    struct family f[2])
{
	struct ares_options	 opts;
	struct family		 both;
	ares_channel		 ch;
	char			 files[] = "f";
	int			 i, k;

	memset(&opts, 0, sizeof opts);
	memset(&both, 0, sizeof both);
	opts.lookups = files;
	if (cares.ares_init_options(&ch, &opts, ARES_OPT_LOOKUPS) != ARES_SUCCESS)
		return -1;
	ask(ch, host, service, AF_UNSPEC, &both);
	/* c-ares reads the file at once; no socket is waited for. */
	while (!both.done && step(ch, until) == 0)
		;
	cares.ares_cancel(ch);
	cares.ares_destroy(ch);
	if (both.got.n == 0)
		return -1;
	for (i = 0; i < both.got.n; i++) {
		k = both.got.addr[i].ss_family == AF_INET ? 0 : 1;
		f[k].got.addr[f[k].got.n] = both.got.addr[i];
		f[k].got.len[f[k].got.n++] = both.got.len[i];
	}
	f[0].done = f[1].done = 1;
	return 0;
}

/*
 * Ask c-ares for both families, in the time left: until both answered,
 * or one with addresses and the other's grace is over; from the system's
 * files alone when they come first and have the name.
 */
static int
lookup(const char *host, unsigned port, uint64_t until, struct family f[2],
    char *err, size_t errlen)
{
	struct ares_options	opts;
	ares_channel		ch;
	char			service[8];
	uint64_t		now = eventloop_now(), left, grace = 0;
	int			r;

	memset(&opts, 0, sizeof opts);
	/* Three tries in the time left, so that a lost datagram is sent again. */
	left = until > now ? (until - now) / 1000000 : 0;
	opts.timeout = left / 3 > 10 ? (int)(left / 3) : 10;
	opts.tries = 3;
	if ((r = cares.ares_init_options(&ch, &opts,
	    ARES_OPT_TIMEOUTMS | ARES_OPT_TRIES)) != ARES_SUCCESS) {
		snprintf(err, errlen, "cannot resolve %s: %s", host,
		    cares.ares_strerror(r));
		return -1;
	}
	snprintf(service, sizeof service, "%u", port);
	if (files_first(ch) && from_files(host, service, until, f) == 0) {
		cares.ares_destroy(ch);
		return 0;
	}
	ask(ch, host, service, AF_INET, &f[0]);
	ask(ch, host, service, AF_INET6, &f[1]);
	while (!(f[0].done && f[1].done)) {
		if (grace == 0 && ((f[0].done && f[0].got.n > 0) ||
		    (f[1].done && f[1].got.n > 0))) {
			grace = eventloop_now() + RESOLVE_GRACE_NS;
			if (grace < until)
				until = grace;
		}
		if (step(ch, until) == -1)
			break;
	}
	/* What is still asked is cancelled: its callback says so. */
	cares.ares_cancel(ch);
	cares.ares_destroy(ch);
	if (eventloop_signal() != 0) {
		errno = EINTR;
		snprintf(err, errlen, "cannot resolve %s: interrupted", host);
		return -1;
	}
	return 0;
}

/*
 * The files c-ares reads, and reads blocking: one that is there and not
 * a regular file (a FIFO) would hold the run past any bound. NULL when
 * all are fine, else the one that is not.
 */
static const char *
unreadable_file(void)
{
	static const char *const files[] = { "/etc/resolv.conf", "/etc/hosts",
	    "/etc/nsswitch.conf", "/etc/host.conf", "/etc/svc.conf" };
	struct stat	st;
	size_t		i;

	for (i = 0; i < sizeof files / sizeof files[0]; i++)
		if (stat(files[i], &st) == 0 && !S_ISREG(st.st_mode))
			return files[i];
	return NULL;
}

/*
 * Load what resolving host will need (c-ares, dynlib.h), unless it is an
 * address or localhost: called when a store is opened, so that the
 * loading is not in a call's time. -1 said in err.
 */
int
resolve_prepare(const char *host, char *err, size_t errlen)
{
	struct resolved	none;

	if (literal(host, 0, &none) == 0 || localhost(host, 0, &none) == 0)
		return 0;
	return dynlib_load(&cares_lib, "the redis: store", err, errlen);
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
	static int	 initialized;
	struct family	 f[2];
	const char	*bad;
	int		 i, j, r;

	if (literal(host, port, out) == 0 || localhost(host, port, out) == 0)
		return 0;
	if (eventloop_now() >= until) {
		snprintf(err, errlen, "cannot resolve %s: no answer in time",
		    host);
		return -1;
	}
	if (!initialized) {
		if (resolve_prepare(host, err, errlen) == -1)
			return -1;
		if ((r = cares.ares_library_init(ARES_LIB_INIT_ALL)) != ARES_SUCCESS) {
			snprintf(err, errlen, "cannot resolve %s: %s", host,
			    cares.ares_strerror(r));
			return -1;
		}
		initialized = 1;
	}
	if ((bad = unreadable_file()) != NULL) {
		snprintf(err, errlen, "cannot resolve %s: %s is not a regular "
		    "file", host, bad);
		return -1;
	}
	memset(f, 0, sizeof f);
	if (lookup(host, port, until, f, err, errlen) == -1)
		return -1;
	/* IPv4 first: a Redis bound to 127.0.0.1 is the common case. */
	memset(out, 0, sizeof *out);
	for (i = 0; i < 2; i++)
		for (j = 0; j < f[i].got.n && out->n < RESOLVE_MAX; j++) {
			out->addr[out->n] = f[i].got.addr[j];
			out->len[out->n++] = f[i].got.len[j];
		}
	if (out->n > 0)
		return 0;
	/* No address: the reason of a family that answered, if one did. */
	r = f[0].done && f[0].status != ARES_ECANCELLED ? f[0].status :
	    f[1].done && f[1].status != ARES_ECANCELLED ? f[1].status :
	    ARES_ETIMEOUT;
	snprintf(err, errlen, "cannot resolve %s: %s", host,
	    r == ARES_ETIMEOUT ? "no answer in time" : r == ARES_SUCCESS ?
	    "no address" : cares.ares_strerror(r));
	return -1;
}
