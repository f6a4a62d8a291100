/* SPDX-License-Identifier: ISC */
/*
 * Reports for CI steps: what a run's end appends to GitHub Actions'
 * files and writes for GitLab's dotenv report.
 *
 * GitHub's GITHUB_OUTPUT takes "NAME=VALUE" lines (or NAME<<DELIMITER for
 * a value that may hold a newline: these never do), and so does GitLab's
 * dotenv report. GITHUB_STEP_SUMMARY is Markdown (GitHub Flavored, with
 * HTML and math), shown on the run's page. The summary line is a list
 * item, so that the lines of several runs in one step stay apart, and
 * what came from outside (the command's name, a reason's words) is
 * escaped so that it can neither end the line nor mean Markdown or HTML:
 * CommonMark lets any ASCII punctuation be escaped with a backslash, so
 * every character with a meaning inside a line is; a control character,
 * a line or paragraph separator, a bidirectional control or a byte that
 * is not UTF-8 is shown as \xNN (escape.c's rule), its backslash escaped.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "policy/escape.h"
#include "policy/signame.h"
#include "policy/stepreport.h"
#include "policy/utf8.h"

/* Characters escaped with a backslash: each may mean Markdown or HTML. */
static const char md_special[] = "!\"#$&'()*+:<>@[\\]^_`{|}~";

/* A line as it is built, cut at cap bytes (a NUL after them). */
struct text {
	char	*buf;
	size_t	 len;
	size_t	 cap;
};

/* Note attempt's failure: status, and why in words (reason, len bytes). */
void
step_note_failure(struct step_failures *f, uint64_t attempt, int status,
    const char *reason, size_t len)
{
	struct step_failure	*e;

	/* A failure told twice (retried, then the run gave up): once. */
	if (f->count > 0 && f->latest.attempt == attempt)
		return;
	e = &f->latest;
	e->attempt = attempt;
	e->status = status;
	if (len >= sizeof e->reason)
		len = sizeof e->reason - 1;
	memcpy(e->reason, reason, len);
	e->reason[len] = '\0';
	if (f->count < STEP_SHOWN_FIRST)
		f->first[f->count] = *e;
	else
		f->last[(f->count - STEP_SHOWN_FIRST) % STEP_SHOWN_LAST] = *e;
	f->count++;
}

/*
 * The three lines for GITHUB_OUTPUT and the dotenv report: attempts
 * started, retry's status, and whether it gave up (any end but a
 * success). Returns their length; out holds outlen >= STEP_OUTPUTS_MAX.
 */
size_t
step_outputs(const struct step_run *r, char *out, size_t outlen)
{
	int	n;

	n = snprintf(out, outlen, "attempts=%llu\nexit_status=%d\n"
	    "gave_up=%s\n", (unsigned long long)r->attempts, r->status,
	    r->end == STEP_SUCCEEDED ? "false" : "true");
	return n > 0 && (size_t)n < outlen ? (size_t)n : 0;
}

/* The length of the well-formed UTF-8 sequence at s[0..left), or 0. */
static size_t
seq_len(const unsigned char *s, size_t left)
{
	unsigned char	tmp[5] = { 0, 0, 0, 0, 0 };

	memcpy(tmp, s, left < 4 ? left : 4);
	return utf8_len(tmp);
}

/*
 * The escape of the character at s, n bytes (0: a byte that is not
 * UTF-8), into esc (of 16 bytes): its length, or 0 when it goes as it is.
 */
static size_t
md_one(const unsigned char *s, size_t n, char *esc)
{
	static const char	hex[] = "0123456789abcdef";
	size_t			i, len = 0;

	if (n == 1 && s[0] != '\0' && strchr(md_special, s[0]) != NULL) {
		esc[0] = '\\';
		esc[1] = (char)s[0];
		return 2;
	}
	if (n != 0 && !escape_special(s, n))
		return 0;
	for (i = 0; i < (n == 0 ? 1 : n); i++) {
		esc[len] = '\\';	/* "\\" is a backslash in Markdown */
		esc[len + 1] = '\\';
		esc[len + 2] = 'x';
		esc[len + 3] = hex[s[i] >> 4];
		esc[len + 4] = hex[s[i] & 0xf];
		len += 5;
	}
	return len;
}

/*
 * Write in[0..n) to out as text inside a Markdown line (see above). What
 * does not fit is cut, never inside an escape or a character. Returns
 * the length written; out is NUL-terminated (outlen > 0).
 */
size_t
step_md_escape(const char *in, size_t n, char *out, size_t outlen)
{
	const unsigned char	*s = (const unsigned char *)in;
	char			 esc[16];
	size_t			 i = 0, len, k, used = 0;

	while (i < n) {
		len = seq_len(s + i, n - i);
		k = md_one(s + i, len, esc);
		if (len == 0)
			len = 1;
		if (used + (k != 0 ? k : len) >= outlen)
			break;
		if (k != 0)
			memcpy(out + used, esc, k);
		else
			memcpy(out + used, s + i, len);
		used += k != 0 ? k : len;
		i += len;
	}
	out[used] = '\0';
	return used;
}

/* Append our own words, cut to fit. */
static void
add(struct text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
add(struct text *t, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (t->len >= t->cap)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->cap - t->len + 1, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n < t->cap - t->len ? (size_t)n :
		    t->cap - t->len;
}

/* Append text from outside, escaped. */
static void
add_md(struct text *t, const char *s)
{
	if (t->len < t->cap)
		t->len += step_md_escape(s, strlen(s), t->buf + t->len,
		    t->cap - t->len + 1);
}

/* "attempt 2: status 7, exit status 7" */
static void
add_failure(struct text *t, const struct step_failure *e, int first)
{
	add(t, "%sattempt %llu: status %d", first ? "" : "; ",
	    (unsigned long long)e->attempt, e->status);
	if (e->reason[0] != '\0') {
		add(t, ", ");
		add_md(t, e->reason);
	}
}

/*
 * The failed attempts: all of them, or the first and the last few with
 * how many between are left out.
 */
static void
add_failures(struct text *t, const struct step_failures *f)
{
	uint64_t	i, tail;

	if (f == NULL || f->count == 0)
		return;
	add(t, " (%llu failed: ", (unsigned long long)f->count);
	for (i = 0; i < f->count && i < STEP_SHOWN_FIRST; i++)
		add_failure(t, &f->first[i], i == 0);
	/* The ring holds failures STEP_SHOWN_FIRST.. (from 0), the last few. */
	tail = f->count > STEP_SHOWN_FIRST + STEP_SHOWN_LAST ?
	    f->count - STEP_SHOWN_LAST : STEP_SHOWN_FIRST;
	if (tail > STEP_SHOWN_FIRST)
		add(t, "; %llu more", (unsigned long long)(tail -
		    STEP_SHOWN_FIRST));
	for (i = tail; i < f->count; i++)
		add_failure(t, &f->last[(i - STEP_SHOWN_FIRST) %
		    STEP_SHOWN_LAST], 0);
	add(t, ")");
}

/*
 * The Markdown line for GITHUB_STEP_SUMMARY, with its newline: the
 * command, how the run ended after how many attempts, each failed
 * attempt's status and reason, and the run's time. 0 (nothing) for a
 * run of one attempt at most. out holds outlen > 64 bytes.
 */
size_t
step_summary(const struct step_run *r, char *out, size_t outlen)
{
	struct text	t = { out, 0, outlen - 2 };
	char		name[SIGNAME_MAX];

	out[0] = '\0';
	if (r->attempts <= 1 || outlen <= 64)
		return 0;
	add(&t, "- **retry**: ");
	add_md(&t, r->command);
	switch (r->end) {
	case STEP_SUCCEEDED:
		add(&t, " succeeded after %llu attempts",
		    (unsigned long long)r->attempts);
		break;
	case STEP_GAVE_UP:
		add(&t, " gave up after %llu attempts, status %d",
		    (unsigned long long)r->attempts, r->status);
		break;
	case STEP_SIGNALED:
		add(&t, " was interrupted by signal %d", r->signo);
		if (signame_name(r->signo, name, sizeof name) != NULL)
			add(&t, " (SIG%s)", name);
		add(&t, " after %llu attempts, status %d",
		    (unsigned long long)r->attempts, r->status);
		break;
	}
	add_failures(&t, r->fails);
	add(&t, " in %.3fs", (double)r->total_ns / 1e9);
	out[t.len++] = '\n';
	out[t.len] = '\0';
	return t.len;
}
