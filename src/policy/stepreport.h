/* SPDX-License-Identifier: ISC */
/*
 * Reports for CI steps (stepreport.c): the failed attempts of a run, kept
 * as many as a summary shows, and the text that a run's end appends to
 * GitHub's step outputs and step summary, or writes as a dotenv report.
 * Pure: the caller says what the run was, and writes the text.
 */
#ifndef RETRY_STEPREPORT_H
#define RETRY_STEPREPORT_H

#include <stddef.h>
#include <stdint.h>

#define STEP_SHOWN_FIRST 5	/* failed attempts a summary names first */
#define STEP_SHOWN_LAST 3	/* and last, after "N more" */
#define STEP_REASON_MAX 128	/* bytes of a reason kept */
#define STEP_OUTPUTS_MAX 96	/* the three lines, at the most */
/* The longest summary line, its newline included. */
#define STEP_SUMMARY_MAX 8192

/* One failed attempt: its number, its status, why (in words). */
struct step_failure {
	uint64_t	attempt;
	int		status;
	char		reason[STEP_REASON_MAX];
};

/* A run's failed attempts: how many, the first few and the last few. */
struct step_failures {
	uint64_t		count;
	struct step_failure	first[STEP_SHOWN_FIRST];
	struct step_failure	last[STEP_SHOWN_LAST];	/* a ring, past first */
	struct step_failure	latest;	/* the last noted: count > 0 */
};

/* How the run ended. */
enum step_end {
	STEP_SUCCEEDED,
	STEP_GAVE_UP,		/* or retry's own error */
	STEP_SIGNALED,		/* retry dies of signo */
};

/* A run that is over, as its reports tell it. */
struct step_run {
	const char			*command;	/* its name in messages */
	enum step_end			 end;
	int				 status;	/* retry's */
	int				 signo;		/* STEP_SIGNALED */
	uint64_t			 attempts;	/* started */
	uint64_t			 total_ns;
	const struct step_failures	*fails;		/* NULL: none */
};

void	step_note_failure(struct step_failures *, uint64_t, int,
	    const char *, size_t);
size_t	step_outputs(const struct step_run *, char *, size_t);
size_t	step_summary(const struct step_run *, char *, size_t);
size_t	step_md_escape(const char *, size_t, char *, size_t);

#endif
