/* SPDX-License-Identifier: ISC */
/*
 * CI log markers. The formats, from the CI systems' documentation:
 *
 * GitHub Actions, "Workflow commands for GitHub Actions": a line
 * "::group::TITLE" opens a fold that "::endgroup::" closes;
 * "::warning::MESSAGE" and "::error::MESSAGE" are annotations, shown on
 * the run's summary page. In a command's data, '%', CR and LF are written
 * %25, %0D and %0A (the runner's toolkit escapes so, and unescapes them
 * in that order): a message can then never end the line and start a
 * command of its own. The runner reads commands from the step's stdout
 * and stderr alike.
 *
 * GitLab CI, "Custom collapsible sections": a section is opened by
 * ESC[0Ksection_start:UNIX_TIME:NAME\r ESC[0K HEADER and closed by
 * ESC[0Ksection_end:UNIX_TIME:NAME\r ESC[0K; NAME is letters, digits,
 * '_', '.' and '-'. The log shows ANSI colours; it has no annotation
 * line, so a retry is shown in yellow and a give-up in red.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/ci.h"

#define ESC "\033"

/*
 * Which CI's log this is: GitHub's when GITHUB_ACTIONS is "true", else
 * GitLab's when GITLAB_CI is "true" (either may be NULL: unset); none
 * when auto is 0 (--ci=off) or when stderr is not the job's log (is_log).
 */
enum ci_kind
ci_detect(int auto_on, const char *github, const char *gitlab, int is_log)
{
	if (!auto_on || !is_log)
		return CI_NONE;
	if (github != NULL && strcmp(github, "true") == 0)
		return CI_GITHUB;
	if (gitlab != NULL && strcmp(gitlab, "true") == 0)
		return CI_GITLAB;
	return CI_NONE;
}

/*
 * Whether fd may be the job's log: a pipe (the runner reads the step's
 * output from pipes) or a terminal. Not a regular file, a socket or
 * /dev/null: a file a step writes (2>log) is read later, by people or
 * programs that did not ask for markers.
 */
int
ci_stream_is_log(int fd)
{
	struct stat	sb;

	if (fstat(fd, &sb) == -1)
		return 0;
	return S_ISFIFO(sb.st_mode) || isatty(fd);
}

/*
 * Write in[0..n) to out as GitHub's command data: '%', CR and LF escaped.
 * What does not fit is cut, never inside an escape. Returns the length
 * written; out is NUL-terminated (outlen > 0).
 */
size_t
ci_escape(const char *in, size_t n, char *out, size_t outlen)
{
	size_t		 len = 0, i;
	const char	*esc;

	for (i = 0; i < n; i++) {
		switch (in[i]) {
		case '%':
			esc = "%25";
			break;
		case '\r':
			esc = "%0D";
			break;
		case '\n':
			esc = "%0A";
			break;
		default:
			esc = NULL;
			break;
		}
		if (len + (esc != NULL ? 3 : 1) >= outlen)
			break;
		if (esc != NULL) {
			memcpy(out + len, esc, 3);
			len += 3;
		} else
			out[len++] = in[i];
	}
	out[len] = '\0';
	return len;
}

/*
 * A header for GitLab's log: one line, so CR, LF, ESC and the other
 * control characters become blanks. Returns the length written.
 */
static size_t
plain_line(const char *in, size_t n, char *out, size_t outlen)
{
	size_t	i;

	for (i = 0; i < n && i + 1 < outlen; i++) {
		out[i] = in[i];
		if ((unsigned char)in[i] < 0x20 || in[i] == 0x7f)
			out[i] = ' ';
	}
	out[i] = '\0';
	return i;
}

/* Append a formatted piece to out; the length so far, cut at outlen. */
static size_t
put(char *out, size_t outlen, size_t len, const char *s)
{
	size_t	n = strlen(s);

	if (len >= outlen)
		return len;
	if (n >= outlen - len)
		n = outlen - len - 1;
	memcpy(out + len, s, n);
	out[len + n] = '\0';
	return len + n;
}

/*
 * One line: prefix, then text[0..n) (GitHub: escaped as command data;
 * GitLab: blanked to one line), then suffix (GitLab's), and a newline.
 * Returns its length; out holds outlen > 16 + strlen(prefix) bytes.
 */
static size_t
compose(enum ci_kind kind, const char *prefix, const char *text, size_t n,
    const char *suffix, char *out, size_t outlen)
{
	size_t	len = put(out, outlen, 0, prefix);

	if (kind == CI_GITHUB)
		len += ci_escape(text, n, out + len, outlen - len - 1);
	else {
		len += plain_line(text, n, out + len, outlen - len - 1 -
		    strlen(suffix));
		len = put(out, outlen, len, suffix);
	}
	out[len++] = '\n';
	return len;
}

/*
 * The line that shows the message msg[0..n) (no newline) as a warning or
 * an error, with its newline; 0 when kind is CI_NONE.
 */
size_t
ci_annotation(enum ci_kind kind, enum ci_level level, const char *msg,
    size_t n, char *out, size_t outlen)
{
	const char	*prefix;

	if (outlen < 32 || kind == CI_NONE)
		return 0;
	if (kind == CI_GITHUB)
		prefix = level == CI_ERROR ? "::error::" : "::warning::";
	else
		prefix = level == CI_ERROR ? ESC "[0;31m" : ESC "[0;33m";
	return compose(kind, prefix, msg, n, ESC "[0m", out, outlen);
}

/*
 * The line that opens the fold named name (GitLab's section name: letters,
 * digits, '_', '.', '-', which the caller makes sure of), at unix time now,
 * under the header title[0..n), with its newline; 0 for CI_NONE.
 */
size_t
ci_fold_open(enum ci_kind kind, const char *name, long long now,
    const char *title, size_t n, char *out, size_t outlen)
{
	char	head[96];

	if (outlen < sizeof head + 2 || kind == CI_NONE)
		return 0;
	if (kind == CI_GITHUB)
		return compose(kind, "::group::", title, n, "", out, outlen);
	snprintf(head, sizeof head, ESC "[0Ksection_start:%lld:%.48s\r"
	    ESC "[0K", now, name);
	return compose(kind, head, title, n, "", out, outlen);
}

/* The line that closes the fold name, at unix time now; 0 for CI_NONE. */
size_t
ci_fold_close(enum ci_kind kind, const char *name, long long now, char *out,
    size_t outlen)
{
	char	line[96];

	switch (kind) {
	case CI_GITHUB:
		snprintf(line, sizeof line, "::endgroup::\n");
		break;
	case CI_GITLAB:
		snprintf(line, sizeof line, ESC "[0Ksection_end:%lld:%.48s\r"
		    ESC "[0K\n", now, name);
		break;
	case CI_NONE:
	default:
		return 0;
	}
	if (strlen(line) >= outlen)
		return 0;
	return put(out, outlen, 0, line);
}
