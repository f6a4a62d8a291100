/* SPDX-License-Identifier: ISC */
/* The floor for bench/overhead: spawn argv[1..], wait, exit with its status. */
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

int
main(int argc, char **argv)
{
	pid_t	pid;
	int	st;

	if (argc < 2 || posix_spawnp(&pid, argv[1], NULL, NULL, argv + 1,
	    environ) != 0 || waitpid(pid, &st, 0) == -1)
		return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
