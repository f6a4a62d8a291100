/* SPDX-License-Identifier: ISC */
/*
 * Attempts: spawn the command in a process group of its own, hand it the
 * terminal (spawn.c), wait for it, forward stop signals to its whole
 * group, reap it (supervise.c).
 */
#ifndef RETRY_SUPERVISE_H
#define RETRY_SUPERVISE_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "policy/outcome.h"
#include "proc/io.h"

/* When and how to stop an attempt: --timeout, --deadline, --kill-after. */
struct stop_plan {
	uint64_t	at;		/* monotonic ns; 0: never */
	uint64_t	kill_after;	/* then SIGKILL; 0: never */
	int		signo;		/* the stop signal */
	uint64_t	idle;		/* ns without output; 0: no limit */
};

/*
 * One of retry's own children (an attempt or a hook) reaped while no one
 * waited for it: its wait status, kept for the wait that will.
 */
#define SUPERVISE_KIDS 128
struct kid {
	pid_t		 pid;
	pid_t		 pgid;
	int		 status;
	int		 ended;
	uint64_t	 seq;		/* reaped as the seq-th */
};

/* The run's side: retry's group, the terminal, how retry was started. */
struct supervise {
	int		 foreground;	/* --foreground: no group, no tty */
	int		 tty_fd;	/* ours while we hold the terminal */
	struct sigaction orig_ttou;
	pid_t		 own_pgrp;	/* retry's process group */
	int		 background;	/* started or put there by the shell */
	int		 ttou_ignored;	/* since retry first held the tty */
	int		 share;		/* attempts run side by side (--hedge):
					   the terminal stays retry's */
	size_t		 nkids;
	uint64_t	 reaped;	/* children reaped so far */
	/* Last: read only below nkids, left unwritten until then. */
	struct kid	 kids[SUPERVISE_KIDS];	/* running, or reaped unwaited */
};

/*
 * One attempt's (or hook's) process: its leader and its group.
 * supervise_start() fills it in; the caller only keeps it.
 */
struct child {
	pid_t		 pid;		/* -1 once reaped */
	pid_t		 pgid;		/* retry's own in --foreground */
};

/* How a stop goes: the stop signal, then SIGKILL to the group at kill_at. */
struct stopping {
	int		stopped;	/* by the plan: the attempt timed out */
	int		forwarded;	/* stop signals retry passed on */
	uint64_t	kill_at;	/* 0: none (yet, or any more) */
	uint64_t	idle;		/* stopped for its silence: how long */
	int		cancelled;	/* stopped as no longer wanted */
};

/*
 * One attempt waited for, maybe among others (supervise_wait_any()):
 * its process, its plan, its path, and where its wait stands. It is done
 * once its leader is reaped and, if it was stopped, its group gone or
 * killed; its outcome then says how it ended.
 */
struct watch {
	struct child		*c;
	const struct stop_plan	*p;
	struct io_path		*path;
	struct outcome		*out;
	struct stopping		 st;
	int			 io_lost;	/* its spool failed: killed */
	int			 done;
	uint64_t		 seq;		/* reaped as the seq-th: the
						   order in which they ended */
};

int	supervise_init(struct supervise *, int);
int	supervise_share(struct supervise *);
int	supervise_start(struct supervise *, struct child *, char **, char **,
	    struct io *, struct io_path *, struct outcome *);
int	supervise_wait(struct supervise *, struct child *,
	    const struct stop_plan *, struct io *, struct io_path *,
	    struct outcome *);
void	supervise_watch(struct watch *, struct child *,
	    const struct stop_plan *, struct io_path *, struct outcome *);
int	supervise_wait_any(struct supervise *, struct watch **, size_t,
	    struct io *, uint64_t);
void	supervise_stop(const struct supervise *, struct watch *, int);
void	supervise_close(struct supervise *);

/* supervise.c's, for spawn.c, which starts the children it watches. */
void	supervise_give_tty(struct supervise *, const struct child *, pid_t);
void	supervise_adopt(struct supervise *, const struct child *);
void	supervise_forget(struct supervise *, pid_t);

#endif
