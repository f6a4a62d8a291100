/* SPDX-License-Identifier: ISC */
/*
 * bench/overhead's driver: spawnloop N STDIN CMD [ARG]... runs CMD N times,
 * one after another, with stdin from /dev/null (STDIN "null") or from an
 * empty pipe (STDIN "pipe"), and prints the nanoseconds per run, the
 * peak RSS in KiB of the largest child and the minor page faults per run,
 * the command's children's included (getrusage, RUSAGE_CHILDREN): on a
 * VM a fault can cost as much as a dozen system calls (issue 28).
 */
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One run of argv with stdin from /dev/null or a pipe closed at once. */
static int
run_once(char **argv, int use_pipe)
{
	posix_spawn_file_actions_t	fa;
	pid_t				pid;
	int				p[2], st, r;

	posix_spawn_file_actions_init(&fa);
	if (use_pipe) {
		if (pipe(p) == -1)
			return -1;
		posix_spawn_file_actions_adddup2(&fa, p[0], 0);
		posix_spawn_file_actions_addclose(&fa, p[0]);
		posix_spawn_file_actions_addclose(&fa, p[1]);
	} else
		posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
		    O_RDONLY, 0);
	r = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (use_pipe) {
		close(p[0]);
		close(p[1]);
	}
	if (r != 0 || waitpid(pid, &st, 0) == -1)
		return -1;
	return st;
}

int
main(int argc, char **argv)
{
	struct rusage	ru;
	long long	t0, t1;
	long		n, i;
	int		use_pipe, st;

	if (argc < 4) {
		fprintf(stderr, "usage: spawnloop N null|pipe CMD [ARG]...\n");
		return 2;
	}
	signal(SIGCHLD, SIG_DFL);	/* an ignored one would reap for us */
	n = strtol(argv[1], NULL, 10);
	use_pipe = strcmp(argv[2], "pipe") == 0;
	t0 = now_ns();
	for (i = 0; i < n; i++)
		if ((st = run_once(argv + 3, use_pipe)) != 0) {
			fprintf(stderr, "spawnloop: %s failed (%d)\n", argv[3],
			    st);
			return 1;
		}
	t1 = now_ns();
	getrusage(RUSAGE_CHILDREN, &ru);
	printf("%lld %ld %.1f\n", (t1 - t0) / n, ru.ru_maxrss,
	    (double)ru.ru_minflt / (double)n);
	return 0;
}
