/* SPDX-License-Identifier: ISC */
/*
 * tail probe: one HTTP/1.0 GET to the tail server on 127.0.0.1, what
 * `curl -fsS -o /dev/null URL` does without curl's start-up cost.
 *
 *   probe -p PORT [-t TIMEOUT]
 *
 * Sends "GET /?attempt=N HTTP/1.0" (N from $RETRY_ATTEMPT, 0 when unset;
 * "&hedge=1" when $RETRY_HEDGE is set), reads the answer until the server
 * closes. Exit 0 on a 2xx status line; 22 on any other status (curl -f's
 * status); 7 when the connection failed; 28 when TIMEOUT (seconds,
 * default 30) ran out first (curl's statuses).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
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

int main(int argc, char **argv)
{
	int port = 0, opt;
	double timeout = 30;
	while ((opt = getopt(argc, argv, "p:t:")) != -1) {
		switch (opt) {
		case 'p': port = atoi(optarg); break;
		case 't': timeout = atof(optarg); break;
		default: goto usage;
		}
	}
	if (port <= 0 || port > 65535 || timeout <= 0 || optind != argc)
		goto usage;
	int64_t deadline = now_ns() + (int64_t)(timeout * 1e9);

	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return 7;
	struct sockaddr_in sa = { .sin_family = AF_INET,
				  .sin_port = htons((uint16_t)port) };
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		if (errno != EINPROGRESS)
			return 7;
		int w = wait_for(fd, POLLOUT, deadline);
		if (w == 0)
			return 28;
		int err = 0;
		socklen_t l = sizeof err;
		if (w < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &l) < 0 || err)
			return 7;
	}
	const char *a = getenv("RETRY_ATTEMPT");
	char req[128];
	int n = snprintf(req, sizeof req,
			 "GET /?attempt=%d%s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
			 a ? atoi(a) : 0, getenv("RETRY_HEDGE") ? "&hedge=1" : "");
	if (send(fd, req, (size_t)n, MSG_NOSIGNAL) != n)
		return 7;
	char buf[512];
	size_t got = 0;
	for (;;) {
		char *p = got < sizeof buf - 1 ? buf + got : NULL;
		char sink[512];
		ssize_t r = recv(fd, p ? p : sink,
				 p ? sizeof buf - 1 - got : sizeof sink, 0);
		if (r > 0) {
			if (p)
				got += (size_t)r;
			continue;
		}
		if (r == 0)
			break;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN)
			return 7;
		int w = wait_for(fd, POLLIN, deadline);
		if (w == 0)
			return 28;
		if (w < 0)
			return 7;
	}
	close(fd);
	buf[got] = 0;
	/* "HTTP/1.x 2xx" */
	if (got >= 12 && !strncmp(buf, "HTTP/1.", 7) && buf[9] == '2')
		return 0;
	return got ? 22 : 7;
usage:
	fprintf(stderr, "usage: probe -p PORT [-t TIMEOUT]\n");
	return 2;
}
