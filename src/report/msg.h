/* SPDX-License-Identifier: ISC */
/*
 * Inside the messages, for the files that put their sentences together
 * (events.c, runend.c): the line a message is built in, what every
 * message knows, and the core that frames a line, seals it and hands it
 * out (log.c). The rest of retry calls the log_ functions of log.h,
 * which this does not include: log.c includes both, one module.
 */
#ifndef RETRY_MSG_H
#define RETRY_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "report/ci.h"

struct held;
struct log_attempt;
struct outcome;

#define LINE_MAX_LEN 4096
/* Bytes of a string that go into a JSON line, at the most. */
#define JSON_STRING_MAX 512

struct line {
	char	buf[LINE_MAX_LEN];
	size_t	len;
};

/* What the messages know: log_init(), log_run(), log_ci() set it up. */
struct msg_state {
	int		 verbosity;
	int		 format;	/* enum log_format */
	const char	*label;		/* -m's, else the command's name */
	/* The words retry was given after its name, for the one-word hint. */
	char *const	*given;		/* options, then the command */
	int		 ngiven;	/* of which retry's options */
	/* The run, for the JSON fields every event has and its summary. */
	char		 run_id[33];	/* RETRY_RUN_ID; "" before the run */
	uint64_t	 run_start;	/* monotonic, as the loop's clock */
	uint64_t	 run_started;	/* attempts started: log_start */
	int		 ci_folds;	/* each attempt under a CI fold */
	struct held	*held;		/* --output=on-failure: text held */
};

extern struct msg_state	msg;

/* log.c: the line, its frame, its way out. */
void	msg_add(struct line *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	msg_add_json(struct line *, const char *);
void	msg_attempt_text(struct line *, const struct log_attempt *);
void	msg_json_open(struct line *, const char *);
void	msg_json_head(struct line *, const char *, const struct log_attempt *);
void	msg_json_summary(struct line *, uint64_t, uint64_t, const char *);
const char *msg_wait_header(const struct log_attempt *);
size_t	msg_shown_len(const char *, size_t);
size_t	msg_seal(const struct line *, char *, size_t);
void	msg_emit(const struct line *);
void	msg_emit_as(const struct line *, enum ci_level);
void	msg_fold_open(const struct line *, uint64_t);
void	msg_child_silent(void);

/* events.c: how an attempt or a hook ended, in words. */
void	msg_outcome_text(struct line *, const struct outcome *, int,
	    const char *);
void	msg_attempt_outcome(struct line *, const struct log_attempt *);
void	msg_note_failed(const struct log_attempt *);

#endif
