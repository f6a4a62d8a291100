/* SPDX-License-Identifier: ISC */
/*
 * The words an attempt may write to RETRY_CONTROL, as retry(1) says in
 * "Pushback": one word or two, with whitespace around them. Pure, so
 * that every form is tested in a table and fuzzed.
 */
#include "config.h"

#include <string.h>

#include "policy/duration.h"
#include "policy/pushback.h"

/* Longest DURATION taken after "delay": longer is not one. */
#define DELAY_TEXT_MAX 63

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The next word of buf[*i..len): its start and length, 0 at the end. */
static size_t
next_word(const char *buf, size_t len, size_t *i, const char **w)
{
	size_t	n = 0;

	while (*i < len && blank(buf[*i]))
		(*i)++;
	*w = buf + *i;
	while (*i < len && !blank(buf[*i])) {
		(*i)++;
		n++;
	}
	return n;
}

static int
is_word(const char *w, size_t n, const char *word)
{
	return n == strlen(word) && memcmp(w, word, n) == 0;
}

/* "delay"'s DURATION, as retry's options take one. */
static int
delay_of(const char *w, size_t n, struct pushback *p, const char **why)
{
	char	text[DELAY_TEXT_MAX + 1];

	if (n == 0) {
		*why = "delay needs a DURATION";
		return -1;
	}
	if (n > DELAY_TEXT_MAX) {
		*why = "the DURATION is too long";
		return -1;
	}
	memcpy(text, w, n);
	text[n] = '\0';
	if (duration_parse(text, &p->delay, why) == -1)
		return -1;
	p->word = PUSHBACK_DELAY;
	return 0;
}

/*
 * Parse what an attempt wrote (len bytes, not a string: a NUL byte is
 * an error): nothing but whitespace says nothing; else "stop", "retry"
 * or "delay DURATION". -1: not understood, *why says what was wrong.
 */
int
pushback_parse(const char *buf, size_t len, struct pushback *p,
    const char **why)
{
	const char	*w, *arg, *rest;
	size_t		 i = 0, n, narg;

	memset(p, 0, sizeof *p);
	*why = NULL;
	if (memchr(buf, '\0', len) != NULL) {
		*why = "a NUL byte";
		return -1;
	}
	n = next_word(buf, len, &i, &w);
	if (n == 0)
		return 0;
	narg = next_word(buf, len, &i, &arg);
	if (next_word(buf, len, &i, &rest) != 0) {
		*why = "more than two words";
		return -1;
	}
	if (is_word(w, n, "delay"))
		return delay_of(arg, narg, p, why);
	if (narg != 0) {
		*why = "a word too many";
		return -1;
	}
	if (is_word(w, n, "stop"))
		p->word = PUSHBACK_STOP;
	else if (is_word(w, n, "retry"))
		p->word = PUSHBACK_RETRY;
	else {
		*why = "not stop, retry or delay DURATION";
		return -1;
	}
	return 0;
}

/*
 * The text as a warning may show it: quoted, a byte that is not
 * printable ASCII as \xNN, cut short with "..." to fit out (size
 * PUSHBACK_SHOW_MAX or more).
 */
void
pushback_show(const char *buf, size_t len, char *out, size_t size)
{
	static const char	 hex[] = "0123456789abcdef";
	size_t			 i, o = 0;
	unsigned char		 c;

	out[o++] = '"';
	for (i = 0; i < len; i++) {
		c = (unsigned char)buf[i];
		/* Room for this byte's \xNN, and for "..." and the end. */
		if (o + 4 + 5 > size) {
			memcpy(out + o, "\"...", 4);
			out[o + 4] = '\0';
			return;
		}
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			out[o++] = (char)c;
		else {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 0xf];
		}
	}
	out[o++] = '"';
	out[o] = '\0';
}

/* Whether p (NULL: nothing said) sets a floor to the next sleep. */
int
pushback_floor(const struct pushback *p)
{
	return p != NULL && p->word == PUSHBACK_DELAY;
}
