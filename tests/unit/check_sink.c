/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of sink.c: retry's writes to its own stdout and stderr never
 * block, whatever the reader does, and lose or reorder nothing. Each test
 * runs in a process of its own (fork mode), so it may put a pipe, a file
 * or a socket on descriptor 1 or 2; a write that blocked would hang the
 * test past its timeout and fail it.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_run.h"
#include "proc/sink.h"

#define MIB ((size_t)1024 * 1024)

static void *
xmalloc(size_t n)
{
	void	*p = malloc(n);

	ck_assert_ptr_nonnull(p);
	return p;
}

static void
fill(unsigned char *buf, size_t len, unsigned seed)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		seed = seed * 1103515245u + 12345u;
		buf[i] = (unsigned char)(seed >> 16);
	}
}

/* Put a new pipe's write end on fd; returns its read end, non-blocking. */
static int
pipe_on(int fd)
{
	int	p[2];

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(dup2(p[1], fd), fd);
	close(p[1]);
	ck_assert_int_eq(fcntl(p[0], F_SETFL, O_NONBLOCK), 0);
	return p[0];
}

/* Read what the pipe holds now into buf at *got. */
static void
take(int r, unsigned char *buf, size_t cap, size_t *got)
{
	ssize_t	n;

	while (*got < cap && (n = read(r, buf + *got, cap - *got)) > 0)
		*got += (size_t)n;
}

START_TEST(a_stalled_pipe_never_blocks_a_write)
{
	unsigned char	*ref = xmalloc(MIB), *buf = xmalloc(MIB);
	size_t		 got = 0;
	int		 r = pipe_on(STDOUT_FILENO);

	fill(ref, MIB, 1);
	/* A pipe holds 64 KiB by default: most of it must wait. */
	ck_assert_int_eq(sink_write(STDOUT_FILENO, ref, MIB), 0);
	ck_assert_uint_gt(sink_pending(STDOUT_FILENO), 0);
	take(r, buf, MIB, &got);
	ck_assert_uint_eq(got + sink_pending(STDOUT_FILENO), MIB);
	ck_assert(memcmp(buf, ref, got) == 0);
	free(ref);
	free(buf);
}
END_TEST

START_TEST(the_shared_description_stays_blocking)
{
	unsigned char	buf[200000];

	(void)pipe_on(STDOUT_FILENO);
	fill(buf, sizeof buf, 2);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, buf, sizeof buf), 0);
	/* O_NONBLOCK there would show in the attempt's own writes. */
	ck_assert_int_eq(fcntl(STDOUT_FILENO, F_GETFL) & O_NONBLOCK, 0);
}
END_TEST

START_TEST(waiting_bytes_go_out_in_order_as_the_reader_reads)
{
	const size_t	 len = 3 * MIB + 17;
	unsigned char	*ref = xmalloc(len), *buf = xmalloc(len);
	size_t		 got = 0, off;
	int		 r = pipe_on(STDOUT_FILENO), rounds = 0;

	fill(ref, len, 3);
	/* Written in uneven pieces while the reader reads now and then. */
	for (off = 0; off < len; off += 100003) {
		ck_assert_int_eq(sink_write(STDOUT_FILENO, ref + off,
		    len - off < 100003 ? len - off : 100003), 0);
		if (off % 3 == 0)
			take(r, buf, len, &got);
	}
	while (got < len) {
		ck_assert_int_lt(rounds++, 100000);
		take(r, buf, len, &got);
		sink_flush();
	}
	ck_assert_uint_eq(sink_pending(STDOUT_FILENO), 0);
	ck_assert(memcmp(buf, ref, len) == 0);
	free(ref);
	free(buf);
}
END_TEST

START_TEST(nothing_jumps_the_queue)
{
	unsigned char	big[300000], one = 'x';

	(void)pipe_on(STDOUT_FILENO);
	fill(big, sizeof big, 4);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, big, sizeof big), 0);
	ck_assert_uint_gt(sink_pending(STDOUT_FILENO), 0);
	ck_assert_int_eq(sink_try(STDOUT_FILENO, &one, 1), 0);
}
END_TEST

START_TEST(a_reader_gone_is_epipe_not_a_death)
{
	char	msg[] = "hello\n";
	int	r;

	signal(SIGPIPE, SIG_IGN);	/* as retry has it */
	r = pipe_on(STDOUT_FILENO);
	close(r);
	errno = 0;
	ck_assert_int_eq(sink_write(STDOUT_FILENO, msg, sizeof msg - 1), -1);
	ck_assert_int_eq(errno, EPIPE);
	ck_assert_int_eq(sink_error(STDOUT_FILENO), EPIPE);
	ck_assert_uint_eq(sink_pending(STDOUT_FILENO), 0);
}
END_TEST

START_TEST(a_fifo_with_no_reader_left_is_epipe)
{
	char	dir[] = "/tmp/check_sink.XXXXXX", path[64], c = 'x';
	int	r, w;

	signal(SIGPIPE, SIG_IGN);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/fifo", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_ne(r = open(path, O_RDONLY | O_NONBLOCK), -1);
	ck_assert_int_ne(w = open(path, O_WRONLY), -1);
	ck_assert_int_eq(dup2(w, STDOUT_FILENO), STDOUT_FILENO);
	close(w);
	close(r);
	unlink(path);
	rmdir(dir);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, &c, 1), -1);
	ck_assert_int_eq(errno, EPIPE);
}
END_TEST

START_TEST(messages_past_the_bound_are_dropped_whole)
{
	char	line[100], buf[SINK_MESSAGES_MAX * 4];
	size_t	got = 0, i;
	int	r = pipe_on(STDERR_FILENO);

	memset(line, 'm', sizeof line - 1);
	line[sizeof line - 1] = '\n';
	/* Far more than the pipe and the bound hold together. */
	for (i = 0; i < 4 * SINK_MESSAGES_MAX / sizeof line; i++)
		sink_message(line, sizeof line);
	ck_assert_uint_le(sink_pending(STDERR_FILENO), SINK_MESSAGES_MAX);
	for (i = 0; i < 1000 && sink_pending(STDERR_FILENO) > 0; i++) {
		take(r, (unsigned char *)buf, sizeof buf, &got);
		sink_flush();
	}
	take(r, (unsigned char *)buf, sizeof buf, &got);
	ck_assert_uint_eq(sink_pending(STDERR_FILENO), 0);
	ck_assert_uint_lt(got, 4 * SINK_MESSAGES_MAX);
	/* Only whole lines came through. */
	ck_assert_uint_eq(got % sizeof line, 0);
	for (i = 0; i < got; i++)
		ck_assert_int_eq(buf[i], (i + 1) % sizeof line == 0 ? '\n' :
		    'm');
}
END_TEST

START_TEST(a_file_takes_everything_at_once)
{
	const size_t	 len = 3 * MIB;
	unsigned char	*ref = xmalloc(len), *buf = xmalloc(len + 1);
	FILE		*f = tmpfile();
	size_t		 got = 0;
	ssize_t		 n;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(dup2(fileno(f), STDOUT_FILENO), STDOUT_FILENO);
	fill(ref, len, 5);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, ref, len), 0);
	ck_assert_uint_eq(sink_pending(STDOUT_FILENO), 0);
	ck_assert_int_eq(lseek(fileno(f), 0, SEEK_SET), 0);
	while ((n = read(fileno(f), buf + got, len + 1 - got)) > 0)
		got += (size_t)n;
	ck_assert_uint_eq(got, len);
	ck_assert(memcmp(buf, ref, len) == 0);
	free(ref);
	free(buf);
}
END_TEST

START_TEST(a_stalled_socket_never_blocks_a_write)
{
	unsigned char	*ref = xmalloc(4 * MIB);
	int		 sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_int_eq(dup2(sv[0], STDOUT_FILENO), STDOUT_FILENO);
	fill(ref, 4 * MIB, 6);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, ref, 4 * MIB), 0);
	ck_assert_uint_gt(sink_pending(STDOUT_FILENO), 0);
	ck_assert_int_eq(fcntl(STDOUT_FILENO, F_GETFL) & O_NONBLOCK, 0);
	free(ref);
}
END_TEST

START_TEST(sendfile_stops_at_a_full_pipe)
{
	const size_t	 len = 2 * MIB;
	unsigned char	*ref = xmalloc(len), *buf = xmalloc(len);
	FILE		*f = tmpfile();
	size_t		 got = 0;
	off_t		 off = 0;
	ssize_t		 n;
	int		 r = pipe_on(STDOUT_FILENO), rounds = 0;

	ck_assert_ptr_nonnull(f);
	fill(ref, len, 7);
	ck_assert_uint_eq(fwrite(ref, 1, len, f), len);
	ck_assert_int_eq(fflush(f), 0);
	while (got < len) {
		ck_assert_int_lt(rounds++, 100000);
		n = sink_sendfile(STDOUT_FILENO, fileno(f), &off,
		    len - (size_t)off);
		if (n == -1 && errno == EINVAL)
			return;		/* no sendfile here: nothing to test */
		ck_assert(n > 0 || (n == -1 && errno == EAGAIN) ||
		    (size_t)off == len);
		take(r, buf, len, &got);
	}
	ck_assert_int_eq(off, (off_t)len);
	ck_assert(memcmp(buf, ref, len) == 0);
	free(ref);
	free(buf);
}
END_TEST

START_TEST(only_sinks_with_bytes_waiting_are_watched)
{
	struct pollfd	pfds[SINK_MAXFDS];
	unsigned char	big[300000], *buf = xmalloc(sizeof big);
	size_t		got = 0;
	int		r = pipe_on(STDOUT_FILENO), rounds = 0;

	(void)pipe_on(STDERR_FILENO);
	ck_assert_int_eq(sink_pollfds(pfds), 0);
	fill(big, sizeof big, 8);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, big, sizeof big), 0);
	ck_assert_int_eq(sink_pollfds(pfds), 1);
	ck_assert_int_eq(pfds[0].events, POLLOUT);
	/* An awaited sink is watched once, for the next wait. */
	sink_await(STDERR_FILENO);
	ck_assert_int_eq(sink_pollfds(pfds), 2);
	ck_assert_int_eq(sink_pollfds(pfds), 1);
	while (got < sizeof big) {
		ck_assert_int_lt(rounds++, 100000);
		take(r, buf, sizeof big, &got);
		sink_flush();
	}
	ck_assert_int_eq(sink_pollfds(pfds), 0);
	free(buf);
}
END_TEST

START_TEST(waiting_starts_the_stall_clock_and_progress_restarts_it)
{
	unsigned char	big[300000], buf[4096];
	uint64_t	t0, t1;
	size_t		got = 0;
	int		r = pipe_on(STDOUT_FILENO);

	fill(big, sizeof big, 10);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, big, sizeof big), 0);
	t0 = sink_moved_at();
	ck_assert_uint_gt(t0, 0);
	/* No reader: nothing moves, the clock stays. */
	usleep(20000);
	sink_flush();
	ck_assert_uint_eq(sink_moved_at(), t0);
	/* The reader takes a little: bytes move, the clock restarts. */
	take(r, buf, sizeof buf, &got);
	sink_flush();
	t1 = sink_moved_at();
	ck_assert_uint_ge(t1, t0 + 20000000ULL);
}
END_TEST

START_TEST(written_counts_what_readers_took)
{
	unsigned char	buf[1000];
	FILE		*f = tmpfile();

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(dup2(fileno(f), STDOUT_FILENO), STDOUT_FILENO);
	fill(buf, sizeof buf, 9);
	ck_assert_uint_eq(sink_written(), 0);
	ck_assert_int_eq(sink_write(STDOUT_FILENO, buf, sizeof buf), 0);
	ck_assert_uint_eq(sink_written(), sizeof buf);
}
END_TEST

static Suite *
sink_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("sink");

	tc = tcase_create("never blocks");
	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, a_stalled_pipe_never_blocks_a_write);
	tcase_add_test(tc, the_shared_description_stays_blocking);
	tcase_add_test(tc, a_stalled_socket_never_blocks_a_write);
	tcase_add_test(tc, sendfile_stops_at_a_full_pipe);
	suite_add_tcase(s, tc);

	tc = tcase_create("loses nothing");
	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, waiting_bytes_go_out_in_order_as_the_reader_reads);
	tcase_add_test(tc, nothing_jumps_the_queue);
	tcase_add_test(tc, a_file_takes_everything_at_once);
	tcase_add_test(tc, written_counts_what_readers_took);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors and bounds");
	tcase_add_test(tc, a_reader_gone_is_epipe_not_a_death);
	tcase_add_test(tc, a_fifo_with_no_reader_left_is_epipe);
	tcase_add_test(tc, messages_past_the_bound_are_dropped_whole);
	tcase_add_test(tc, only_sinks_with_bytes_waiting_are_watched);
	tcase_add_test(tc,
	    waiting_starts_the_stall_clock_and_progress_restarts_it);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(sink_suite());
}
