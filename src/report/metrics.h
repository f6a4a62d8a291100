/* SPDX-License-Identifier: ISC */
/*
 * --metrics=FILE: the runs of a command, in the Prometheus text format,
 * for node_exporter's textfile collector. The table of series (one per
 * --metrics-label) is read from the file's previous contents, the run
 * added, and the file replaced whole, under a lock.
 */
#ifndef RETRY_METRICS_H
#define RETRY_METRICS_H

#include <stddef.h>
#include <stdint.h>

#define METRICS_LABEL_MAX 256		/* bytes of a label's value */
#define METRICS_SERIES_MAX 100		/* labels one file keeps: its
					   text stays below METRICS_FILE_MAX */
#define METRICS_FILE_MAX (1 << 20)	/* bytes read of the file */

/* One label's values; have says which of the last_* are known. */
struct metrics_series {
	char		label[METRICS_LABEL_MAX + 1];
	uint64_t	runs;
	uint64_t	attempts;
	uint64_t	give_ups;
	double		last_status;
	double		last_attempts;
	double		last_duration;
	double		last_end;
	double		last_success;
	unsigned	have;
};

#define METRICS_HAVE_LAST 0x1		/* last_status to last_end */
#define METRICS_HAVE_SUCCESS 0x2	/* last_success */

struct metrics_table {
	struct metrics_series	*s;
	size_t			 n;
	size_t			 cap;
};

/* A run that ended, as the metrics count it. */
struct metrics_run {
	int		status;		/* retry's exit status */
	int		succeeded;
	uint64_t	attempts;	/* started, hedged copies included */
	uint64_t	duration_ns;
	double		end;		/* seconds since 1970 */
};

int	metrics_label_valid(const char *);
void	metrics_label_clean(const char *, char *, size_t);
int	metrics_parse(struct metrics_table *, const char *, size_t);
int	metrics_add(struct metrics_table *, const char *,
	    const struct metrics_run *);
int	metrics_format(const struct metrics_table *, char **, size_t *);
void	metrics_free(struct metrics_table *);
int	metrics_check(const char *, char *, size_t);
/* Sleep ns for the lock; -1 when the wait must end (a signal came). */
typedef int (*metrics_rest)(uint64_t);

int	metrics_write(const char *, const char *, const struct metrics_run *,
	    uint64_t, metrics_rest, char *, size_t);

#endif
