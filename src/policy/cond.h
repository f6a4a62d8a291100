/* SPDX-License-Identifier: ISC */
/*
 * Conditions on output: POSIX extended regular expressions matched against
 * each line of an attempt's stdout and stderr (--retry-if-output,
 * --stop-if-output, --fail-if-output).
 */
#ifndef RETRY_COND_H
#define RETRY_COND_H

#include <regex.h>
#include <stddef.h>

/*
 * Where regexec takes a length (REG_STARTEND: glibc, the BSDs), runs of
 * lines are matched in one call and NUL bytes are ordinary characters;
 * elsewhere (musl) each line is matched alone, up to a NUL. A build with
 * AddressSanitizer takes the second way: its regexec interceptor reads the
 * string up to a NUL whatever REG_STARTEND says.
 */
#if defined(REG_STARTEND) && !defined(__SANITIZE_ADDRESS__)
#define COND_STARTEND 1
#endif

/* A line longer than this is matched on its first COND_LINE_MAX bytes. */
#define COND_LINE_MAX ((size_t)64 * 1024)

/* The longest ERE accepted. */
#define COND_ERE_MAX 4096

enum cond_kind {
	COND_RETRY_IF,
	COND_STOP_IF,
	COND_FAIL_IF,
	COND_NKINDS,
};

struct cond_set {
	regex_t		*re;
	size_t		 n;
};

/* The expressions, as parsed: read-only once the options are. */
struct conditions {
	struct cond_set	 set[COND_NKINDS];
};

/* What one attempt's output matched: the attempt's, not the options'. */
struct cond_matches {
	int		 matched[COND_NKINDS];
};

/* The unfinished last line of one stream. */
struct cond_line {
	char		*buf;		/* COND_LINE_MAX + 1 */
	size_t		 len;
};

int	cond_add(struct conditions *, enum cond_kind, const char *, char *,
	    size_t);
int	cond_any(const struct conditions *);
int	cond_given(const struct conditions *, enum cond_kind);
int	cond_matched(const struct cond_matches *, enum cond_kind);
void	cond_clear(struct cond_matches *);
int	cond_feed(const struct conditions *, struct cond_matches *,
	    struct cond_line *, const char *, size_t);
void	cond_flush(const struct conditions *, struct cond_matches *,
	    struct cond_line *);
void	cond_free(struct conditions *);

#endif
