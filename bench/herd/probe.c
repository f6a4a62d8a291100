/* SPDX-License-Identifier: ISC */
/*
 * herd probe: one request to the herd server on 127.0.0.1.
 *
 *   probe -p PORT -i ID [-t TIMEOUT] [-g GATE] [-l LOGFILE]
 *
 * With -g, while the FIFO GATE exists, the probe first appends one byte to
 * GATE.ready and waits at the gate (opens GATE for reading and waits until
 * a writer has come and gone, 60 s at most). The harness starts every client, waits until all of them
 * stand at the gate, opens GATE for writing, removes it and closes it: the
 * first attempts then all go at the same instant, however slowly the
 * machine spawns processes. Later attempts find no GATE and do not wait.
 * Connects, sends "ID ATTEMPT\n" (ATTEMPT from $RETRY_ATTEMPT, 0 when
 * unset), reads the answer. Exit 0 on "OK"; 1 on BUSY or DOWN; 2 when the
 * connection failed; 3 when TIMEOUT (seconds, default 10) ran out first,
 * connect, send and wait included. With -l it appends one line per run to
 * LOGFILE, in one write(2) on an O_APPEND descriptor:
 * "START_NS END_NS ID RESULT", CLOCK_MONOTONIC times, RESULT one of
 * O B D C T (ok, busy, down, connection failed, timeout).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../pollwait.h"

static struct in_addr server_addr;	/* -a; 127.0.0.1 */

static char run(int port, int id, int64_t deadline)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return 'C';
	struct sockaddr_in sa = { .sin_family = AF_INET,
				  .sin_port = htons((uint16_t)port) };
	sa.sin_addr = server_addr;
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		if (errno != EINPROGRESS)
			return 'C';
		int w = wait_for(fd, POLLOUT, deadline);
		if (w == 0)
			return 'T';
		int err = 0;
		socklen_t l = sizeof err;
		if (w < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &l) < 0 || err)
			return 'C';
	}
	const char *a = getenv("RETRY_ATTEMPT");
	char req[64];
	int n = snprintf(req, sizeof req, "%d %d\n", id, a ? atoi(a) : 0);
	if (send(fd, req, (size_t)n, MSG_NOSIGNAL) != n)
		return 'C';
	char buf[64];
	size_t got = 0;
	for (;;) {
		ssize_t r = recv(fd, buf + got, sizeof buf - 1 - got, 0);
		if (r > 0) {
			got += (size_t)r;
			if (got >= sizeof buf - 1)
				break;
			continue;
		}
		if (r == 0)
			break;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN)
			return 'C';
		int w = wait_for(fd, POLLIN, deadline);
		if (w == 0) {
			close(fd);
			return 'T';
		}
		if (w < 0)
			return 'C';
	}
	close(fd);
	buf[got] = 0;
	if (!strncmp(buf, "OK", 2))
		return 'O';
	if (!strncmp(buf, "BUSY", 4))
		return 'B';
	if (!strncmp(buf, "DOWN", 4))
		return 'D';
	return 'C';
}

int main(int argc, char **argv)
{
	int port = 0, id = -1, opt;
	const char *gate = NULL;
	double timeout = 10;
	const char *logpath = NULL;
	server_addr.s_addr = htonl(INADDR_LOOPBACK);
	while ((opt = getopt(argc, argv, "p:i:t:g:l:a:")) != -1) {
		switch (opt) {
		case 'a':
			if (inet_pton(AF_INET, optarg, &server_addr) != 1)
				goto usage;
			break;
		case 'p': port = atoi(optarg); break;
		case 'i': id = atoi(optarg); break;
		case 't': timeout = atof(optarg); break;
		case 'g': gate = optarg; break;
		case 'l': logpath = optarg; break;
		default: goto usage;
		}
	}
	if (port <= 0 || port > 65535 || timeout <= 0 || optind != argc)
		goto usage;

	if (gate && access(gate, F_OK) == 0) {
		char ready[4096];
		snprintf(ready, sizeof ready, "%s.ready", gate);
		int rf = open(ready, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
		if (rf >= 0) {
			(void)!write(rf, "r", 1);
			close(rf);
		}
		/* Opened without waiting for a writer; poll then reports the
		 * harness's open and close (data or POLLHUP). 60 s at most: a
		 * harness that died leaves no probe waiting for ever. */
		int gf = open(gate, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* fails once it is gone */
		if (gf >= 0) {
			wait_for(gf, POLLIN, now_ns() + 60 * (int64_t)1000000000);
			close(gf);
		}
	}
	int64_t t0 = now_ns();
	char res = run(port, id, t0 + (int64_t)(timeout * 1e9));
	int64_t t1 = now_ns();
	if (logpath) {
		int lf = open(logpath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
		if (lf >= 0) {
			char line[96];
			int n = snprintf(line, sizeof line, "%lld %lld %d %c\n",
					 (long long)t0, (long long)t1, id, res);
			(void)!write(lf, line, (size_t)n);
			close(lf);
		}
	}
	switch (res) {
	case 'O': return 0;
	case 'B': case 'D': return 1;
	case 'T': return 3;
	default: return 2;
	}
usage:
	fprintf(stderr, "usage: probe [-a ADDR] -p PORT -i ID [-t TIMEOUT] [-g GATE] [-l LOGFILE]\n");
	return 2;
}
