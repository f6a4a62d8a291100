/* SPDX-License-Identifier: ISC */
/*
 * herd server: a loopback TCP server with C service slots, for the retry
 * storm benchmark (bench/herd/run).
 *
 *   server [-m shed|queue] [-c SLOTS] [-s SERVICE] [-o OUTAGE] [-q QMAX]
 *          [-L LIFETIME] [-p PORT] -l LOGFILE
 *
 * A client connects to 127.0.0.1:PORT and sends one line "ID ATTEMPT\n".
 * That line is an arrival. The server answers one line and closes:
 *   "OK"    after SERVICE in a slot
 *   "BUSY"  at once, when it sheds the request (mode shed, all slots busy;
 *           mode queue, queue full)
 *   "DOWN"  at once, during the outage
 * mode shed:  an arrival that finds every slot busy is rejected at once.
 * mode queue: it waits in a FIFO; the server serves it when a slot frees,
 *             even when the client has given up and hung up meanwhile (the
 *             work is spent all the same, and logged as wasted).
 * The outage (-o seconds, 0 = none) starts when the server receives
 * SIGUSR1 and ends by itself; during it every arrival gets DOWN. (The
 * harness can instead stop the process with SIGSTOP.)
 *
 * Every event is kept in memory with its CLOCK_MONOTONIC time in ns and
 * written to LOGFILE when the server exits (SIGTERM, SIGINT, or after
 * LIFETIME seconds, default 120), one per line: "T_NS KIND ID ATTEMPT".
 * KIND: arrivals D (down) B (busy, shed) A (admitted to a free slot)
 * Q (queued); completions O (answered OK) W (served, but the client had
 * gone: wasted); outage U (start) E (end).
 * On start it prints "port N" on stdout, once listening.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define LINE_MAX_BYTES 64

enum cstate { C_FREE = 0, C_READING, C_WAITING, C_SERVING };

struct conn {
	enum cstate st;
	int id, attempt;
	size_t len;
	char buf[LINE_MAX_BYTES];
};

struct ev {
	int64_t t;
	int id, attempt;
	char kind;
};

struct slot {
	int busy;
	int64_t end;        /* ns, CLOCK_MONOTONIC */
	int fd;             /* -1 when the client is gone */
	int id, attempt;
};

/* a queued request: the fd stays open while the client is there */
struct qent {
	int fd;             /* -1 once the client hung up */
	int id, attempt;
};

static struct conn *conns;
static int nconns;
static struct ev *evs;
static size_t nevs, capevs;
static struct slot *slots;
static int nslots = 2;
static struct qent *queue;
static size_t qhead, qlen, qcap;
static size_t qmax = 100000;
static int mode_queue;
static int64_t service_ns = 50000000;
static int64_t outage_ns;
static int64_t outage_end;
static int in_outage;
static int epfd, tfd;

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void die(const char *what)
{
	perror(what);
	exit(2);
}

static void log_ev(int64_t t, char kind, int id, int attempt)
{
	if (nevs == capevs) {
		capevs = capevs ? capevs * 2 : 65536;
		evs = realloc(evs, capevs * sizeof *evs);
		if (!evs)
			die("realloc");
	}
	evs[nevs++] = (struct ev){ t, id, attempt, kind };
}

static int64_t parse_seconds(const char *s, const char *opt)
{
	char *end;
	double v = strtod(s, &end);
	double mult = 1e9;
	if (end == s || v < 0)
		goto bad;
	if (!strcmp(end, "ms"))
		mult = 1e6;
	else if (!strcmp(end, "us"))
		mult = 1e3;
	else if (*end && strcmp(end, "s"))
		goto bad;
	return (int64_t)(v * mult + 0.5);
bad:
	fprintf(stderr, "server: bad duration for %s: %s\n", opt, s);
	exit(2);
}

static void reply_close(int fd, const char *msg)
{
	if (fd < 0)
		return;
	/* one short line on a fresh socket: never blocks in practice */
	(void)send(fd, msg, strlen(msg), MSG_NOSIGNAL | MSG_DONTWAIT);
	epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
	conns[fd].st = C_FREE;
	close(fd);
}

static void drop(int fd)
{
	epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
	conns[fd].st = C_FREE;
	close(fd);
}

static void start_service(int s, int fd, int id, int attempt, int64_t t)
{
	slots[s] = (struct slot){ 1, t + service_ns, fd, id, attempt };
	if (fd >= 0)
		conns[fd].st = C_SERVING;
}

static int free_slot(void)
{
	for (int i = 0; i < nslots; i++)
		if (!slots[i].busy)
			return i;
	return -1;
}

static void arrival(int fd, int64_t t)
{
	struct conn *c = &conns[fd];
	if (in_outage) {
		log_ev(t, 'D', c->id, c->attempt);
		reply_close(fd, "DOWN\n");
		return;
	}
	int s = free_slot();
	if (s >= 0 && qlen == 0) {
		log_ev(t, 'A', c->id, c->attempt);
		start_service(s, fd, c->id, c->attempt, t);
		return;
	}
	if (!mode_queue || qlen >= qmax) {
		log_ev(t, 'B', c->id, c->attempt);
		reply_close(fd, "BUSY\n");
		return;
	}
	log_ev(t, 'Q', c->id, c->attempt);
	if (qlen == qcap) {
		size_t ncap = qcap ? qcap * 2 : 1024;
		struct qent *nq = malloc(ncap * sizeof *nq);
		if (!nq)
			die("malloc");
		for (size_t i = 0; i < qlen; i++)
			nq[i] = queue[(qhead + i) % qcap];
		free(queue);
		queue = nq;
		qcap = ncap;
		qhead = 0;
	}
	queue[(qhead + qlen) % qcap] = (struct qent){ fd, c->id, c->attempt };
	qlen++;
	c->st = C_WAITING;
}

/* a client hung up: forget its fd wherever it waits, keep the work */
static void hangup(int fd)
{
	struct conn *c = &conns[fd];
	if (c->st == C_WAITING) {
		for (size_t i = 0; i < qlen; i++) {
			struct qent *q = &queue[(qhead + i) % qcap];
			if (q->fd == fd)
				q->fd = -1;
		}
	} else if (c->st == C_SERVING) {
		for (int i = 0; i < nslots; i++)
			if (slots[i].busy && slots[i].fd == fd)
				slots[i].fd = -1;
	}
	drop(fd);
}

static void complete_due(int64_t t)
{
	for (int i = 0; i < nslots; i++) {
		struct slot *sl = &slots[i];
		while (sl->busy && sl->end <= t) {
			int64_t done = sl->end;
			char peek;
			if (sl->fd >= 0 &&
			    recv(sl->fd, &peek, 1, MSG_PEEK | MSG_DONTWAIT) == 0) {
				hangup(sl->fd); /* gone, and epoll has not said so yet */
			}
			if (sl->fd >= 0) {
				log_ev(t, 'O', sl->id, sl->attempt);
				reply_close(sl->fd, "OK\n");
			} else {
				log_ev(t, 'W', sl->id, sl->attempt);
			}
			sl->busy = 0;
			if (qlen > 0) {
				struct qent q = queue[qhead];
				qhead = (qhead + 1) % qcap;
				qlen--;
				/* back to back: the slot was free from `done` on */
				start_service(i, q.fd, q.id, q.attempt, done);
			}
		}
	}
}

static void arm_timer(void)
{
	int64_t next = INT64_MAX;
	for (int i = 0; i < nslots; i++)
		if (slots[i].busy && slots[i].end < next)
			next = slots[i].end;
	if (in_outage && outage_end < next)
		next = outage_end;
	struct itimerspec its = { 0 };
	if (next != INT64_MAX) {
		if (next < 1)
			next = 1;
		its.it_value.tv_sec = next / 1000000000;
		its.it_value.tv_nsec = next % 1000000000;
	}
	if (timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL) < 0)
		die("timerfd_settime");
}

static void read_conn(int fd, uint32_t events)
{
	struct conn *c = &conns[fd];
	if (c->st != C_READING) {
		/* waiting or serving: only a hangup can come now */
		char tmp[256];
		ssize_t r = recv(fd, tmp, sizeof tmp, MSG_DONTWAIT);
		if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR) ||
		    (events & (EPOLLHUP | EPOLLERR)))
			hangup(fd);
		return;
	}
	for (;;) {
		ssize_t r = recv(fd, c->buf + c->len, sizeof c->buf - 1 - c->len,
				 MSG_DONTWAIT);
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			return;
		if (r <= 0) {
			drop(fd);
			return;
		}
		c->len += (size_t)r;
		c->buf[c->len] = 0;
		char *nl = strchr(c->buf, '\n');
		if (nl) {
			int id = -1, attempt = 0;
			if (sscanf(c->buf, "%d %d", &id, &attempt) < 1) {
				reply_close(fd, "ERR\n");
				return;
			}
			c->id = id;
			c->attempt = attempt;
			arrival(fd, now_ns());
			return;
		}
		if (c->len >= sizeof c->buf - 1) {
			reply_close(fd, "ERR\n");
			return;
		}
	}
}

static void write_log(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	static char buf[1 << 20];
	setvbuf(f, buf, _IOFBF, sizeof buf);
	for (size_t i = 0; i < nevs; i++)
		fprintf(f, "%lld %c %d %d\n", (long long)evs[i].t, evs[i].kind,
			evs[i].id, evs[i].attempt);
	if (fclose(f) != 0)
		die(path);
}

static void usage(void)
{
	fprintf(stderr, "usage: server [-m shed|queue] [-c SLOTS] [-s SERVICE] "
			"[-o OUTAGE] [-q QMAX] [-L LIFETIME] [-p PORT] [-a ADDR] "
			"-l LOGFILE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *logpath = NULL, *addr = "127.0.0.1";
	int64_t lifetime_ns = 120 * (int64_t)1000000000;
	int port = 0, opt;

	while ((opt = getopt(argc, argv, "m:c:s:o:q:L:p:l:a:")) != -1) {
		switch (opt) {
		case 'm':
			if (!strcmp(optarg, "queue"))
				mode_queue = 1;
			else if (strcmp(optarg, "shed"))
				usage();
			break;
		case 'c': nslots = atoi(optarg); break;
		case 's': service_ns = parse_seconds(optarg, "-s"); break;
		case 'o': outage_ns = parse_seconds(optarg, "-o"); break;
		case 'q': qmax = (size_t)atol(optarg); break;
		case 'L': lifetime_ns = parse_seconds(optarg, "-L"); break;
		case 'p': port = atoi(optarg); break;
		case 'l': logpath = optarg; break;
		case 'a': addr = optarg; break;
		default: usage();
		}
	}
	if (!logpath || nslots < 1 || nslots > 1024 || optind != argc)
		usage();

	/* every waiting client holds a descriptor */
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	nconns = rl.rlim_cur > 1 << 20 ? 1 << 20 : (int)rl.rlim_cur;
	conns = calloc((size_t)nconns, sizeof *conns);
	slots = calloc((size_t)nslots, sizeof *slots);
	if (!conns || !slots)
		die("calloc");

	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	int sfd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (sfd < 0 || tfd < 0 || lfd < 0)
		die("socket");
	int one = 1;
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	struct sockaddr_in sa = { .sin_family = AF_INET,
				  .sin_port = htons((uint16_t)port) };
	if (inet_pton(AF_INET, addr, &sa.sin_addr) != 1)
		usage();
	if (bind(lfd, (struct sockaddr *)&sa, sizeof sa) < 0)
		die("bind");
	if (listen(lfd, 4096) < 0)
		die("listen");
	socklen_t sl = sizeof sa;
	getsockname(lfd, (struct sockaddr *)&sa, &sl);

	epfd = epoll_create1(EPOLL_CLOEXEC);
	if (epfd < 0)
		die("epoll_create1");
	struct epoll_event ee = { .events = EPOLLIN };
	ee.data.fd = lfd;
	epoll_ctl(epfd, EPOLL_CTL_ADD, lfd, &ee);
	ee.data.fd = sfd;
	epoll_ctl(epfd, EPOLL_CTL_ADD, sfd, &ee);
	ee.data.fd = tfd;
	epoll_ctl(epfd, EPOLL_CTL_ADD, tfd, &ee);

	printf("port %d\n", ntohs(sa.sin_port));
	fflush(stdout);

	int64_t t_exit = now_ns() + lifetime_ns;
	int running = 1;
	while (running) {
		arm_timer();
		int64_t t = now_ns();
		if (t >= t_exit)
			break;
		int wait_ms = (int)((t_exit - t) / 1000000) + 1;
		struct epoll_event evbuf[256];
		int n = epoll_wait(epfd, evbuf, 256, wait_ms);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			die("epoll_wait");
		}
		for (int i = 0; i < n; i++) {
			int fd = evbuf[i].data.fd;
			if (fd == lfd) {
				for (;;) {
					int cfd = accept4(lfd, NULL, NULL,
							  SOCK_NONBLOCK | SOCK_CLOEXEC);
					if (cfd < 0)
						break;
					if (cfd >= nconns) {
						close(cfd);
						continue;
					}
					conns[cfd] = (struct conn){ .st = C_READING };
					struct epoll_event ce = { .events = EPOLLIN | EPOLLRDHUP };
					ce.data.fd = cfd;
					epoll_ctl(epfd, EPOLL_CTL_ADD, cfd, &ce);
				}
			} else if (fd == sfd) {
				struct signalfd_siginfo si;
				while (read(sfd, &si, sizeof si) == sizeof si) {
					if (si.ssi_signo == SIGUSR1) {
						if (outage_ns > 0 && !in_outage) {
							int64_t t0 = now_ns();
							in_outage = 1;
							outage_end = t0 + outage_ns;
							log_ev(t0, 'U', -1, 0);
						}
					} else {
						running = 0;
					}
				}
			} else if (fd == tfd) {
				uint64_t ticks;
				(void)!read(tfd, &ticks, sizeof ticks);
			} else if (fd >= 0 && fd < nconns && conns[fd].st != C_FREE) {
				read_conn(fd, evbuf[i].events);
			}
		}
		t = now_ns();
		if (in_outage && t >= outage_end) {
			in_outage = 0;
			log_ev(outage_end, 'E', -1, 0);
		}
		complete_due(t);
	}
	write_log(logpath);
	return 0;
}
