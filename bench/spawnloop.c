/* SPDX-License-Identifier: ISC */
/*
 * bench/overhead's driver:
 *
 *   spawnloop N STDIN CMD [ARG]... [:: STDIN CMD [ARG]...]...
 *
 * runs each command N times, with stdin from /dev/null (STDIN "null") or
 * from an empty pipe (STDIN "pipe"). Given several, they are interleaved
 * call by call, each round in a new shuffled order, so that the load of a
 * shared machine, which drifts over seconds, falls on all of them alike:
 * a ratio between two of them is then steadier than between two loops
 * run one after the other. For each, in the order given, a line: the
 * nanoseconds per run, the peak RSS in KiB of its largest run and its
 * minor page faults per run, the command's children's included (wait4's
 * usage): on a VM a fault can cost as much as a dozen system calls
 * (issue 28).
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

#define MAXCMDS 32

extern char **environ;

struct cmd {
	char		**argv;
	int		  use_pipe;
	long long	  ns;
	long		  maxrss;
	long		  minflt;
};

static long long
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One run of c, with stdin from /dev/null or a pipe closed at once. */
static int
run_once(struct cmd *c)
{
	posix_spawn_file_actions_t	fa;
	struct rusage			ru;
	long long			t0;
	pid_t				pid;
	int				p[2], st, r;

	posix_spawn_file_actions_init(&fa);
	if (c->use_pipe) {
		if (pipe(p) == -1)
			return -1;
		posix_spawn_file_actions_adddup2(&fa, p[0], 0);
		posix_spawn_file_actions_addclose(&fa, p[0]);
		posix_spawn_file_actions_addclose(&fa, p[1]);
	} else
		posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
		    O_RDONLY, 0);
	t0 = now_ns();
	r = posix_spawnp(&pid, c->argv[0], &fa, NULL, c->argv, environ);
	if (c->use_pipe) {
		close(p[0]);
		close(p[1]);
	}
	if (r != 0 || wait4(pid, &st, 0, &ru) == -1)
		st = -1;
	c->ns += now_ns() - t0;
	posix_spawn_file_actions_destroy(&fa);
	if (st != -1) {
		if (ru.ru_maxrss > c->maxrss)
			c->maxrss = ru.ru_maxrss;
		c->minflt += ru.ru_minflt;
	}
	return st;
}

static int
usage(void)
{
	fprintf(stderr, "usage: spawnloop N null|pipe CMD [ARG]... "
	    "[:: null|pipe CMD [ARG]...]...\n");
	return 2;
}

int
main(int argc, char **argv)
{
	struct cmd	cmds[MAXCMDS];
	int		order[MAXCMDS];
	unsigned long	seed = 1;
	long		n, i;
	int		k = 0, a, j, q, t, st;

	if (argc < 4)
		return usage();
	signal(SIGCHLD, SIG_DFL);	/* an ignored one would reap for us */
	n = strtol(argv[1], NULL, 10);
	if (n <= 0)
		return usage();
	/* Split at "::" into STDIN CMD [ARG]... groups. */
	for (a = 2; a < argc; a = j + 1) {
		for (j = a; j < argc && strcmp(argv[j], "::") != 0; j++)
			;
		if (j - a < 2 || k == MAXCMDS)
			return usage();
		argv[j] = NULL;		/* argv[argc] is NULL already */
		memset(&cmds[k], 0, sizeof cmds[k]);
		cmds[k].use_pipe = strcmp(argv[a], "pipe") == 0;
		cmds[k].argv = argv + a + 1;
		k++;
	}
	for (i = 0; i < n; i++) {
		/* A new order each round (Fisher-Yates, a fixed LCG). */
		for (j = 0; j < k; j++)
			order[j] = j;
		for (j = k - 1; j > 0; j--) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			q = (int)((seed >> 33) % (unsigned long)(j + 1));
			t = order[j];
			order[j] = order[q];
			order[q] = t;
		}
		for (j = 0; j < k; j++)
			if ((st = run_once(&cmds[order[j]])) != 0) {
				fprintf(stderr, "spawnloop: %s failed (%d)\n",
				    cmds[order[j]].argv[0], st);
				return 1;
			}
	}
	for (j = 0; j < k; j++)
		printf("%lld %ld %.1f\n", cmds[j].ns / n, cmds[j].maxrss,
		    (double)cmds[j].minflt / (double)n);
	return 0;
}
