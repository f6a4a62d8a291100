/* SPDX-License-Identifier: ISC */
/*
 * Matching output lines. The bytes of a stream arrive in chunks; complete
 * lines are matched where they lie, and the unfinished last one is kept
 * (up to COND_LINE_MAX bytes) until its newline or the end of the stream.
 * Once every set has matched in an attempt nothing more is matched: any
 * match counts, so the rest cannot change the outcome.
 */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/bytes.h"
#include "policy/cond.h"

/*
 * Where regexec takes a length (REG_STARTEND: glibc, the BSDs), a run of
 * whole lines is matched in one call: with REG_NEWLINE, '^' and '$' match at
 * each newline and nothing else matches one, so a match in the run is a
 * match in one of its lines, and NUL bytes are ordinary characters. Without
 * it (musl), each line is matched alone and a NUL byte ends what regexec
 * sees of it.
 */
#ifdef COND_STARTEND
#define REG_FLAGS (REG_EXTENDED | REG_NOSUB | REG_NEWLINE)
#else
#define REG_FLAGS (REG_EXTENDED | REG_NOSUB)
#endif

/* Is c a repetition operator of an ERE? */
static int
is_repetition(char c)
{
	return c == '*' || c == '+' || c == '?' || c == '{';
}

/*
 * Refuse what regcomp would take but should not: adjacent repetition
 * operators ("a++", "a*{2}"), whose result POSIX leaves undefined and for
 * which glibc builds a parse tree that doubles with each one (22 of them
 * take gigabytes), and expressions longer than COND_ERE_MAX.
 */
static const char *
ere_refused(const char *ere)
{
	const char	*p;
	int		 after_rep = 0;

	if (strlen(ere) > COND_ERE_MAX)
		return "expression too long";
	for (p = ere; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0') {
			p++;
			after_rep = 0;
		} else if (*p == '[') {
			/* A bracket expression: ']' first is a member. */
			p += p[1] == '^' ? 2 : 1;
			if (*p == ']')
				p++;
			while (*p != '\0' && *p != ']') {
				if (*p == '[' && (p[1] == ':' || p[1] == '.' ||
				    p[1] == '=')) {
					const char *e = strchr(p + 2, p[1]);
					p = e != NULL && e[1] == ']' ? e + 1 : p;
				}
				p++;
			}
			if (*p == '\0')
				return NULL;	/* regcomp says what is wrong */
			after_rep = 0;
		} else if (is_repetition(*p)) {
			if (after_rep)
				return "adjacent repetition operators";
			if (*p == '{' && (p = strchr(p, '}')) == NULL)
				return NULL;
			after_rep = 1;
		} else
			after_rep = 0;
	}
	return NULL;
}

/* Compile ere into the set of kind; -1 with regerror's text in err. */
int
cond_add(struct conditions *c, enum cond_kind kind, const char *ere,
    char *err, size_t errlen)
{
	struct cond_set	*s = &c->set[kind];
	const char	*why;
	regex_t		*re;
	int		 r;

	if ((why = ere_refused(ere)) != NULL) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}

	re = realloc(s->re, (s->n + 1) * sizeof *s->re);
	if (re == NULL) {
		strncpy(err, "out of memory", errlen);
		err[errlen - 1] = '\0';
		return -1;
	}
	s->re = re;
	if ((r = regcomp(&s->re[s->n], ere, REG_FLAGS)) != 0) {
		regerror(r, &s->re[s->n], err, errlen);
		return -1;
	}
	s->n++;
	return 0;
}

int
cond_given(const struct conditions *c, enum cond_kind kind)
{
	return c->set[kind].n > 0;
}

int
cond_any(const struct conditions *c)
{
	int	k;

	for (k = 0; k < COND_NKINDS; k++)
		if (c->set[k].n > 0)
			return 1;
	return 0;
}

int
cond_matched(const struct cond_matches *m, enum cond_kind kind)
{
	return m->matched[kind];
}

/* A new attempt: nothing has matched yet. */
void
cond_clear(struct cond_matches *m)
{
	memset(m, 0, sizeof *m);
}

/* Whether any set still has something to find. */
static int
cond_wanted(const struct conditions *c, const struct cond_matches *m)
{
	int	k;

	for (k = 0; k < COND_NKINDS; k++)
		if (c->set[k].n > 0 && !m->matched[k])
			return 1;
	return 0;
}

/* Does set s match the len bytes at p (one line, or a run of lines)? */
static int
set_matches(const struct cond_set *s, const char *p, size_t len)
{
	size_t		i;
#ifdef COND_STARTEND
	regmatch_t	m;
#endif

	for (i = 0; i < s->n; i++) {
#ifdef COND_STARTEND
		m.rm_so = 0;
		m.rm_eo = (regoff_t)len;
		if (regexec(&s->re[i], p, 1, &m, REG_STARTEND) == 0)
			return 1;
#else
		(void)len;	/* p is one NUL-terminated line */
		if (regexec(&s->re[i], p, 0, NULL, 0) == 0)
			return 1;
#endif
	}
	return 0;
}

/*
 * Whether one of the lines in the run at p (len bytes, newlines between
 * lines, none after the last) matches set s. A match of the whole run is
 * only a hint: REG_NEWLINE keeps '.' and '^'/'$' to a line, but a bracket
 * expression such as [[:space:]] can still take a newline. So the lines
 * are then matched one by one; a run without a match (the common case)
 * costs a single call.
 */
static int
run_matches(const struct cond_set *s, const char *p, size_t len)
{
	const char	*end = p + len, *nl;

	if (!set_matches(s, p, len))
		return 0;
	for (;;) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return set_matches(s, p, (size_t)(end - p));
		if (set_matches(s, p, (size_t)(nl - p)))
			return 1;
		p = nl + 1;
	}
}

/* Match len bytes at p, whole lines without the last newline. */
static void
match_run(const struct conditions *c, struct cond_matches *m, const char *p,
    size_t len)
{
	const struct cond_set	*s;
	int			 k;

	for (k = 0; k < COND_NKINDS; k++) {
		s = &c->set[k];
		if (s->n > 0 && !m->matched[k] && run_matches(s, p, len))
			m->matched[k] = 1;
	}
}

/* Match the kept line and start a new one. */
static void
match_kept(const struct conditions *c, struct cond_matches *m,
    struct cond_line *l)
{
	l->buf[l->len] = '\0';
	match_run(c, m, l->buf, l->len);
	l->len = 0;
}

/* Add up to len bytes to the unfinished line, cut at COND_LINE_MAX. */
static void
line_add(struct cond_line *l, const char *p, size_t len)
{
	if (len > COND_LINE_MAX - l->len)
		len = COND_LINE_MAX - l->len;
	memcpy(l->buf + l->len, p, len);
	l->len += len;
}

/*
 * Feed a chunk of a stream, at most COND_LINE_MAX bytes (so that each line
 * that lies whole in it is within the bound). Returns -1 when the line
 * buffer cannot be had (out of memory), else 0.
 */
int
cond_feed(const struct conditions *c, struct cond_matches *m,
    struct cond_line *l, const char *p, size_t len)
{
	const char	*nl, *last, *end;

	if (!cond_wanted(c, m))
		return 0;
	if (l->buf == NULL && (l->buf = malloc(COND_LINE_MAX + 1)) == NULL)
		return -1;
	/* First the end of a line begun in an earlier chunk. */
	if (l->len > 0) {
		if ((nl = memchr(p, '\n', len)) == NULL) {
			line_add(l, p, len);
			return 0;
		}
		line_add(l, p, (size_t)(nl - p));
		match_kept(c, m, l);
		len -= (size_t)(nl - p) + 1;
		p = nl + 1;
	}
	if (len == 0)
		return 0;
	end = p + len;
	if ((last = bytes_rchr(p, '\n', len)) == NULL) {
		line_add(l, p, len);
		return 0;
	}
#ifdef COND_STARTEND
	match_run(c, m, p, (size_t)(last - p));
#else
	while ((nl = memchr(p, '\n', (size_t)(last - p) + 1)) != NULL) {
		line_add(l, p, (size_t)(nl - p));
		match_kept(c, m, l);
		if (nl == last)
			break;
		p = nl + 1;
	}
#endif
	line_add(l, last + 1, (size_t)(end - (last + 1)));
	return 0;
}

/* The stream ended: match its last line if it had no newline. */
void
cond_flush(const struct conditions *c, struct cond_matches *m,
    struct cond_line *l)
{
	if (l->buf != NULL && l->len > 0 && cond_wanted(c, m))
		match_kept(c, m, l);
	l->len = 0;
}

void
cond_free(struct conditions *c)
{
	size_t	i;
	int	k;

	for (k = 0; k < COND_NKINDS; k++) {
		for (i = 0; i < c->set[k].n; i++)
			regfree(&c->set[k].re[i]);
		free(c->set[k].re);
		c->set[k].re = NULL;
		c->set[k].n = 0;
	}
}
