/* SPDX-License-Identifier: ISC */
/*
 * Attempts: spawn the command in a process group of its own, hand it the
 * terminal, wait for it, forward stop signals to its whole group, reap it.
 */
#ifndef RETRY_SUPERVISE_H
#define RETRY_SUPERVISE_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "io.h"
#include "outcome.h"

/* When and how to stop an attempt: --timeout, --deadline, --kill-after. */
struct stop_plan {
	uint64_t	at;		/* monotonic ns; 0: never */
	uint64_t	kill_after;	/* then SIGKILL; 0: never */
	int		signo;		/* the stop signal */
	uint64_t	idle;		/* ns without output; 0: no limit */
};

/* The run's side: retry's group, the terminal, how retry was started. */
struct supervise {
	int		 foreground;	/* --foreground: no group, no tty */
	int		 tty_fd;	/* ours while we hold the terminal */
	struct sigaction orig_ttou;
	pid_t		 own_pgrp;	/* retry's process group */
	int		 background;	/* started or put there by the shell */
	int		 ttou_ignored;	/* since retry first held the tty */
};

/*
 * One attempt's (or hook's) process: its leader and its group.
 * supervise_start() fills it in; the caller only keeps it.
 */
struct child {
	pid_t		 pid;		/* -1 once reaped */
	pid_t		 pgid;		/* retry's own in --foreground */
};

int	supervise_init(struct supervise *, int);
int	supervise_start(struct supervise *, struct child *, char **, char **,
	    struct io *, struct io_path *, struct outcome *);
int	supervise_wait(struct supervise *, struct child *,
	    const struct stop_plan *, struct io *, struct io_path *,
	    struct outcome *);
void	supervise_close(struct supervise *);

#endif
