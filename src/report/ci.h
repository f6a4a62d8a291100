/* SPDX-License-Identifier: ISC */
/*
 * The lines by which a CI system's log page folds a section and shows an
 * annotation: GitHub Actions' workflow commands (::group::, ::endgroup::,
 * ::warning::, ::error::) and GitLab CI's section_start/section_end
 * lines. Pure: the caller says which CI it is, and writes the lines.
 */
#ifndef RETRY_CI_H
#define RETRY_CI_H

#include <stddef.h>
#include <stdint.h>

enum ci_kind {
	CI_NONE,
	CI_GITHUB,		/* GITHUB_ACTIONS=true */
	CI_GITLAB,		/* GITLAB_CI=true */
};

enum ci_level {
	CI_WARNING,		/* a retry */
	CI_ERROR,		/* a give-up */
};

/* The longest line ci_*() writes, its newline included, for a line of
 * at most len bytes. */
#define CI_LINE_MAX(len) (3 * (len) + 96)

enum ci_kind	ci_detect(int, const char *, const char *, int);
int		ci_stream_is_log(int);
size_t		ci_escape(const char *, size_t, char *, size_t);
size_t		ci_annotation(enum ci_kind, enum ci_level, const char *,
		    size_t, char *, size_t);
size_t		ci_fold_open(enum ci_kind, const char *, long long,
		    const char *, size_t, char *, size_t);
size_t		ci_fold_close(enum ci_kind, const char *, long long, char *,
		    size_t);

#endif
