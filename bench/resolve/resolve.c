/* SPDX-License-Identifier: ISC */
/*
 * Name resolution with a time bound, three ways, for the choice of
 * issue 24: c-ares (ares_getaddrinfo driven by ppoll over ares_getsock,
 * ares_timeout and ares_process_fd), glibc's getaddrinfo_a (GAI_NOWAIT,
 * gai_suspend with the time left, gai_cancel when it runs out) and plain
 * getaddrinfo (no bound: the baseline). Built and run by bench/resolve/run.
 *
 *   resolve [-f] [-n N] [-b MS] gai|gai_a|ares|ares_svc NAME
 *	N resolutions of NAME (AF_UNSPEC, SOCK_STREAM, port 6379 as a number:
 *	AI_NUMERICSERV, as a store would ask),
 *	each bounded by MS milliseconds (default 250; gai has no bound).
 *	-f: each sample in a process of its own (fork), its first resolution:
 *	what a run pays (c-ares: channel set up and torn down inside the
 *	time; getaddrinfo_a: its thread started inside the time). Without
 *	-f, N calls in one process (a warm channel, glibc's thread pool).
 *	Prints one line of NAME=VALUE: the median, p99 and max in
 *	microseconds, the answers, time-outs and failures, and the most
 *	threads alive in the process right after a resolution returned.
 *	ares_svc: ares with the port as a name (no ARES_AI_NUMERICSERV):
 *	c-ares then asks getservbyname_r (NSS, /etc/services) first.
 *   resolve -s N PROG...	N times posix_spawn each PROG in turn and wait
 *				for it: per PROG the median, p99 (us)
 */
#define _GNU_SOURCE
#include <sys/types.h>
#include <sys/wait.h>
#include <ares.h>
#include <dirent.h>
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../clock.h"

extern char **environ;

enum { R_OK_, R_TIMEOUT, R_FAIL };

struct sample {
	unsigned long long	ns;
	int			result;
	int			threads;
	int			notcanceled;	/* gai_a: gai_cancel could not */
};

static struct timespec
ts_of(unsigned long long ns)
{
	struct timespec	ts;

	ts.tv_sec = (time_t)(ns / 1000000000ULL);
	ts.tv_nsec = (long)(ns % 1000000000ULL);
	return ts;
}

static int
threads(void)
{
	DIR		*d;
	struct dirent	*e;
	int		 n = 0;

	if ((d = opendir("/proc/self/task")) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* ---- plain getaddrinfo: no bound ---- */
static int
by_gai(const char *name)
{
	struct addrinfo	 hints, *res;
	int		 e;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	if ((e = getaddrinfo(name, "6379", &hints, &res)) != 0)
		return R_FAIL;
	freeaddrinfo(res);
	return R_OK_;
}

/* ---- getaddrinfo_a: GAI_NOWAIT, gai_suspend with the time left ---- */
/* glibc's thread reads the hints and the name after the call returns:
 * they must outlive a request that could not be cancelled */
static struct addrinfo gai_hints = {
	.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
	.ai_flags = AI_NUMERICSERV
};

static int
by_gai_a(const char *name, unsigned long long end, int *notcanceled)
{
	struct gaicb		*cb;
	const struct gaicb	*list[1];
	struct sigevent		 sev;
	struct timespec		 ts;
	unsigned long long	 t;
	int			 e;

	if ((cb = calloc(1, sizeof *cb)) == NULL ||
	    (cb->ar_name = strdup(name)) == NULL)
		return R_FAIL;
	cb->ar_service = "6379";
	cb->ar_request = &gai_hints;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_NONE;
	list[0] = cb;
	if (getaddrinfo_a(GAI_NOWAIT, (struct gaicb **)list, 1, &sev) != 0)
		return R_FAIL;
	for (;;) {
		if ((e = gai_error(cb)) != EAI_INPROGRESS)
			break;
		if ((t = now_ns()) >= end) {
			switch (gai_cancel(cb)) {
			case EAI_CANCELED:
				break;
			case EAI_ALLDONE:	/* it ended just now */
				e = gai_error(cb);
				goto done;
			default:		/* EAI_NOTCANCELED */
				/* the thread still writes into cb: leak it */
				(*notcanceled)++;
				return R_TIMEOUT;
			}
			free((char *)cb->ar_name);
			free(cb);
			return R_TIMEOUT;
		}
		ts = ts_of(end - t);
		(void)gai_suspend(list, 1, &ts);
	}
done:
	if (e == 0)
		freeaddrinfo(cb->ar_result);
	free((char *)cb->ar_name);
	free(cb);
	return e == 0 ? R_OK_ : R_FAIL;
}

/* ---- c-ares: ares_getaddrinfo, ppoll over its sockets ---- */
struct ares_q {
	int	done;
	int	status;
};

static void
ares_cb(void *arg, int status, int timeouts, struct ares_addrinfo *ai)
{
	struct ares_q	*q = arg;

	(void)timeouts;
	q->done = 1;
	q->status = status;
	if (ai != NULL)
		ares_freeaddrinfo(ai);
}

static ares_channel
ares_open(void)
{
	ares_channel		ch;
	struct ares_options	o;

	memset(&o, 0, sizeof o);
	if (ares_init_options(&ch, &o, 0) != ARES_SUCCESS) {
		fprintf(stderr, "resolve: ares_init_options failed\n");
		exit(1);
	}
	return ch;
}

static int
by_ares(ares_channel ch, const char *name, unsigned long long end, int numeric)
{
	struct ares_addrinfo_hints	 hints;
	struct ares_q			 q = { 0, 0 };
	ares_socket_t			 socks[ARES_GETSOCK_MAXNUM];
	struct pollfd			 pfd[ARES_GETSOCK_MAXNUM];
	struct timeval			 maxtv, tvbuf, *tv;
	struct timespec			 ts;
	unsigned long long		 t, left;
	int				 bits, i, n, r;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	/* else c-ares looks "6379" up with getservbyname_r: NSS, /etc/services */
	hints.ai_flags = numeric ? ARES_AI_NUMERICSERV : 0;
	ares_getaddrinfo(ch, name, "6379", &hints, ares_cb, &q);
	while (!q.done) {
		if ((t = now_ns()) >= end) {
			ares_cancel(ch);	/* calls ares_cb: ECANCELLED */
			return R_TIMEOUT;
		}
		left = end - t;
		bits = ares_getsock(ch, socks, ARES_GETSOCK_MAXNUM);
		for (n = 0, i = 0; i < ARES_GETSOCK_MAXNUM; i++) {
			if (!ARES_GETSOCK_READABLE(bits, i) &&
			    !ARES_GETSOCK_WRITABLE(bits, i))
				continue;
			pfd[n].fd = socks[i];
			pfd[n].events = (short)((ARES_GETSOCK_READABLE(bits,
			    i) ? POLLIN : 0) | (ARES_GETSOCK_WRITABLE(bits, i) ?
			    POLLOUT : 0));
			pfd[n].revents = 0;
			n++;
		}
		maxtv.tv_sec = (time_t)(left / 1000000000ULL);
		maxtv.tv_usec = (suseconds_t)(left % 1000000000ULL / 1000);
		tv = ares_timeout(ch, &maxtv, &tvbuf);
		ts.tv_sec = tv->tv_sec;
		ts.tv_nsec = tv->tv_usec * 1000;
		if (tv == &maxtv)	/* ours: to the nanosecond */
			ts = ts_of(left);
		r = ppoll(pfd, (nfds_t)n, &ts, NULL);
		if (r == -1 && errno != EINTR)
			return R_FAIL;
		if (r <= 0) {
			ares_process_fd(ch, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
			continue;
		}
		for (i = 0; i < n; i++)
			if (pfd[i].revents != 0)
				ares_process_fd(ch,
				    pfd[i].revents & (POLLIN | POLLERR |
				    POLLHUP) ? pfd[i].fd : ARES_SOCKET_BAD,
				    pfd[i].revents & POLLOUT ? pfd[i].fd :
				    ARES_SOCKET_BAD);
	}
	return q.status == ARES_SUCCESS ? R_OK_ : R_FAIL;
}

/* one resolution, bounded from its start; ch NULL: a channel of its own,
 * made (inside the bound) and destroyed (after it: what a store pays
 * before it goes on) in the time measured */
static struct sample
one(const char *method, const char *name, unsigned long long bound_ns,
    ares_channel ch)
{
	struct sample		s = { 0, R_FAIL, 0, 0 };
	unsigned long long	t0 = now_ns(), end = t0 + bound_ns;
	ares_channel		own;

	if (strcmp(method, "gai") == 0)
		s.result = by_gai(name);
	else if (strcmp(method, "gai_a") == 0)
		s.result = by_gai_a(name, end, &s.notcanceled);
	else if (ch != NULL)
		s.result = by_ares(ch, name, end, strcmp(method, "ares") == 0);
	else {
		own = ares_open();
		s.result = by_ares(own, name, end, strcmp(method, "ares") == 0);
		ares_destroy(own);
	}
	s.ns = now_ns() - t0;
	s.threads = threads();
	return s;
}

static void
quantiles(unsigned long long *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp_ns);
	printf(" p50_us=%.1f p99_us=%.1f max_us=%.1f", (double)t[n / 2] / 1e3,
	    (double)t[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1] / 1e3,
	    (double)t[n - 1] / 1e3);
}

/* the programs in turn, one spawn each, n rounds: the machine's load
 * drifts alike for all of them */
static int
spawn_bench(int n, int np, char **prog)
{
	char			*argv[2];
	unsigned long long	*t, t0;
	pid_t			 pid;
	int			 i, j, st;

	if ((t = calloc((size_t)n * (size_t)np, sizeof *t)) == NULL)
		return 1;
	for (i = 0; i < n; i++)
		for (j = 0; j < np; j++) {
			argv[0] = prog[j];
			argv[1] = NULL;
			t0 = now_ns();
			if (posix_spawn(&pid, prog[j], NULL, NULL, argv,
			    environ) != 0 || waitpid(pid, &st, 0) == -1 ||
			    st != 0) {
				fprintf(stderr, "resolve: %s failed\n", prog[j]);
				return 1;
			}
			t[(size_t)j * (size_t)n + (size_t)i] = now_ns() - t0;
		}
	for (j = 0; j < np; j++) {
		printf("spawn=%s n=%d", prog[j], n);
		quantiles(t + (size_t)j * (size_t)n, n);
		printf("\n");
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct sample		 s, *all;
	unsigned long long	*t, bound_ns = 250000000ULL;
	ares_channel		 ch = NULL;
	const char		*method, *name;
	pid_t			 pid;
	int			 c, i, n = 100, fresh = 0, p[2], st, nok = 0,
				 nto = 0, nfail = 0, tmax = 0, nc = 0;

	while ((c = getopt(argc, argv, "fn:b:s:")) != -1)
		switch (c) {
		case 'f':
			fresh = 1;
			break;
		case 'n':
			n = atoi(optarg);
			break;
		case 'b':
			bound_ns = strtoull(optarg, NULL, 10) * 1000000ULL;
			break;
		case 's':
			if (optind >= argc)
				goto usage;
			return spawn_bench(atoi(optarg), argc - optind,
			    argv + optind);
		default:
			goto usage;
		}
	if (argc - optind != 2 || n < 1)
		goto usage;
	method = argv[optind];
	name = argv[optind + 1];
	if (strcmp(method, "gai") != 0 && strcmp(method, "gai_a") != 0 &&
	    strcmp(method, "ares") != 0 && strcmp(method, "ares_svc") != 0)
		goto usage;
	if (ares_library_init(ARES_LIB_INIT_ALL) != ARES_SUCCESS)
		return 1;
	if (!fresh && strncmp(method, "ares", 4) == 0)
		ch = ares_open();
	if ((all = calloc((size_t)n, sizeof *all)) == NULL ||
	    (t = calloc((size_t)n, sizeof *t)) == NULL)
		return 1;
	for (i = 0; i < n; i++) {
		if (!fresh) {
			all[i] = one(method, name, bound_ns, ch);
			continue;
		}
		if (pipe(p) == -1 || (pid = fork()) == -1)
			return 1;
		if (pid == 0) {
			close(p[0]);
			s = one(method, name, bound_ns, NULL);
			if (write(p[1], &s, sizeof s) != sizeof s)
				_exit(1);
			_exit(0);	/* a blocked thread goes with it */
		}
		close(p[1]);
		if (read(p[0], &all[i], sizeof all[i]) != sizeof all[i])
			return 1;
		close(p[0]);
		waitpid(pid, &st, 0);
	}
	for (i = 0; i < n; i++) {
		t[i] = all[i].ns;
		nok += all[i].result == R_OK_;
		nto += all[i].result == R_TIMEOUT;
		nfail += all[i].result == R_FAIL;
		nc += all[i].notcanceled;
		if (all[i].threads > tmax)
			tmax = all[i].threads;
	}
	printf("method=%s name=%s mode=%s n=%d bound_ms=%llu", method, name,
	    fresh ? "fresh" : "warm", n, bound_ns / 1000000ULL);
	quantiles(t, n);
	printf(" ok=%d timeout=%d fail=%d notcanceled=%d threads_max=%d\n",
	    nok, nto, nfail, nc, tmax);
	if (ch != NULL)
		ares_destroy(ch);
	ares_library_cleanup();
	return 0;
usage:
	fprintf(stderr, "usage: resolve [-f] [-n N] [-b MS] gai|gai_a|ares|ares_svc NAME\n"
	    "       resolve -s N PROG...\n");
	return 2;
}
