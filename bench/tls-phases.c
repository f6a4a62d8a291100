/* SPDX-License-Identifier: ISC */
/*
 * Where a run's first TLS call spends its time, OpenSSL alone (no retry
 * code): in a process of its own each time (fork), as each run is, the
 * median and p99 over N of OPENSSL_init_ssl, SSL_CTX_new, loading the CA
 * file, TCP connect and handshake (peer verified, host checked), and one
 * PING after it. Built and run by bench/store-roundtrip.
 *   tls-phases PORT CAFILE N	(a TLS redis-server on 127.0.0.1:PORT)
 */
#include <sys/socket.h>
#include <sys/wait.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"

enum { P_INIT, P_CTX, P_CA, P_HANDSHAKE, P_PING, NPHASE };

static const char *phase[NPHASE] = {
	"OPENSSL_init_ssl", "SSL_CTX_new", "CA file", "connect+handshake",
	"PING"
};

/* one process's first TLS call, phase by phase, into r */
static int
once(int port, const char *ca, unsigned long long *r)
{
	struct sockaddr_in	 a;
	unsigned long long	 t0 = now_ns();
	SSL_CTX			*ctx;
	SSL			*s;
	char			 buf[64];
	int			 fd;

	if (OPENSSL_init_ssl(0, NULL) != 1)
		return -1;
	r[P_INIT] = now_ns() - t0;
	t0 = now_ns();
	if ((ctx = SSL_CTX_new(TLS_client_method())) == NULL)
		return -1;
	SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
	SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
	r[P_CTX] = now_ns() - t0;
	t0 = now_ns();
	if (SSL_CTX_load_verify_locations(ctx, ca, NULL) != 1)
		return -1;
	r[P_CA] = now_ns() - t0;
	t0 = now_ns();
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) == -1 ||
	    connect(fd, (struct sockaddr *)&a, sizeof a) == -1 ||
	    (s = SSL_new(ctx)) == NULL || SSL_set_fd(s, fd) != 1 ||
	    SSL_set1_host(s, "127.0.0.1") != 1 || SSL_connect(s) != 1)
		return -1;
	r[P_HANDSHAKE] = now_ns() - t0;
	t0 = now_ns();
	if (SSL_write(s, "PING\r\n", 6) != 6 || SSL_read(s, buf, sizeof buf) < 5)
		return -1;
	r[P_PING] = now_ns() - t0;
	return 0;
}

int
main(int argc, char **argv)
{
	unsigned long long	*t, r[NPHASE];
	pid_t			 pid;
	int			 i, k, n, fd[2], st;

	if (argc != 4 || (n = atoi(argv[3])) < 1) {
		fprintf(stderr, "usage: tls-phases PORT CAFILE N\n");
		return 2;
	}
	if ((t = calloc((size_t)n * NPHASE, sizeof *t)) == NULL)
		return 1;
	for (i = 0; i < n; i++) {
		if (pipe(fd) == -1 || (pid = fork()) == -1)
			return 1;
		if (pid == 0) {
			close(fd[0]);
			if (once(atoi(argv[1]), argv[2], r) == -1) {
				ERR_print_errors_fp(stderr);
				_exit(1);
			}
			_exit(write(fd[1], r, sizeof r) != sizeof r);
		}
		close(fd[1]);
		if (read(fd[0], r, sizeof r) != sizeof r)
			return 1;
		close(fd[0]);
		if (waitpid(pid, &st, 0) == -1 || st != 0)
			return 1;
		for (k = 0; k < NPHASE; k++)
			t[(size_t)k * (size_t)n + (size_t)i] = r[k];
	}
	for (k = 0; k < NPHASE; k++) {
		qsort(t + (size_t)k * (size_t)n, (size_t)n, sizeof *t, cmp_ns);
		printf("  %-18s median %7.1f us  p99 %8.1f us\n", phase[k],
		    (double)t[(size_t)k * (size_t)n + (size_t)n / 2] / 1e3,
		    (double)t[(size_t)k * (size_t)n + (size_t)n * 99 / 100] / 1e3);
	}
	return 0;
}
