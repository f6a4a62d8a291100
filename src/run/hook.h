/* SPDX-License-Identifier: ISC */
/*
 * --on-retry and --on-give-up: a shell command run between attempts, in
 * a process group of its own like an attempt, stdin from /dev/null and
 * stdout to retry's stderr (held with the attempts' output under
 * --output=on-failure), stopped at the deadline.
 */
#ifndef RETRY_HOOK_H
#define RETRY_HOOK_H

#include <stdint.h>

#include "proc/io.h"
#include "proc/supervise.h"
#include "run/runenv.h"

struct hooks {
	struct supervise	*sup;
	const struct runenv	*env;
	struct io		 io;
	struct io_path		 path;
	uint64_t		 start;		/* the run's */
	uint64_t		 deadline;	/* 0: none */
	uint64_t		 kill_after;
	int			 stop_signal;
};

int	hooks_init(struct hooks *h, struct supervise *sup,
	    const struct runenv *env, uint64_t start);
void	hooks_set_stop(struct hooks *h, uint64_t deadline,
	    uint64_t kill_after, int stop_signal);
void	hooks_hold(struct hooks *h, struct held *held);
void	hooks_run(struct hooks *h, const char *name, const char *cmd,
	    uint64_t attempt);
void	hooks_free(struct hooks *h);

#endif
