/* SPDX-License-Identifier: ISC */
/*
 * The environment of the attempts and hooks: retry's own, less any inherited
 * RETRY_* variable of an outer retry, plus RETRY_ATTEMPT, RETRY_MAX_ATTEMPTS,
 * RETRY_ELAPSED, RETRY_PREVIOUS_STATUS, RETRY_RUN_ID, RETRY_CONTROL, RETRY_HEDGE,
 * RETRY_SUCCESSES (and for hooks RETRY_STATUS, RETRY_NEXT_DELAY /
 * RETRY_ATTEMPTS_MADE / RETRY_FAILURES and RETRY_LAST_STATUS).
 */
#ifndef RETRY_RUNENV_H
#define RETRY_RUNENV_H

#include <stddef.h>
#include <stdint.h>

/* Where each of retry's variables is kept in struct runenv. */
enum runenv_var {
	RUNENV_ATTEMPT,
	RUNENV_MAX,
	RUNENV_ELAPSED,
	RUNENV_PREVIOUS,
	RUNENV_RUN_ID,
	RUNENV_STATUS,		/* hooks only, this and the two below */
	RUNENV_NEXT_DELAY,
	RUNENV_ATTEMPTS_MADE,
	RUNENV_NESTING,		/* nested retries only: LAYERS:RUNS */
	RUNENV_CONTROL,		/* kept by control.c: a path is long */
	RUNENV_HEDGE,		/* --hedge: a copy after the first */
	RUNENV_FAILURES,	/* --on-recover, this and the one below */
	RUNENV_LAST_STATUS,
	RUNENV_SUCCESSES,	/* --successes: successes in a row so far */
	RUNENV_NVARS
};

/* The entries envp has room for without the heap (see room below). */
#define RUNENV_ROOM 96

/*
 * The base entries, then ours in fixed buffers rewritten per attempt (no
 * setenv(): glibc keeps every value it was ever given).
 */
struct runenv {
	char	**envp;
	size_t	  nbase;
	char	  vars[RUNENV_NVARS][64];
	uint64_t  layers;	/* retries around an attempt: 1 unless nested */
	uint64_t  runs;		/* the product of their limits; 0: none */
	char	 *control;	/* RETRY_CONTROL=PATH, or NULL */
	int	  hedge;	/* RETRY_HEDGE=1 for the attempts set now */
	int64_t	  successes;	/* RETRY_SUCCESSES for them; -1: none */
	/*
	 * envp when it fits, as it does for most environments: a run that
	 * allocates nothing never pays for a heap (its page-table page and
	 * first page faults cost a run of retry -- true 1 %; issue 28).
	 */
	char	 *room[RUNENV_ROOM];
};

int	runenv_init(struct runenv *, char *const *, uint64_t);
void	runenv_set(struct runenv *, uint64_t, uint64_t, int);
void	runenv_control(struct runenv *, char *);
void	runenv_on_retry(struct runenv *re, int status, uint64_t delay);
void	runenv_on_give_up(struct runenv *re, int status, uint64_t made);
void	runenv_on_recover(struct runenv *re, int status, uint64_t attempt,
	    uint64_t failures, int last);
char  **runenv_envp(const struct runenv *);
const char *runenv_run_id(const struct runenv *);
void	runenv_free(struct runenv *);
void	runenv_nesting(const struct runenv *, uint64_t *, uint64_t *);

#endif
