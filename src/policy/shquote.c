/* SPDX-License-Identifier: ISC */
/*
 * Shell words. retry runs its command with execvp(3), no shell between:
 * `retry "curl -fsS URL"` looks for a program of that whole name. What
 * the name looks like tells what the user meant (a command line), and
 * the hint that says so gives a command line that works, its words
 * quoted as a shell reads them back: bare, in '...', or in $'...' when
 * they hold what a line of retry's shows escaped (escape.c). No stdio:
 * the shape of the name is looked at on the way of every run (log.c
 * names the command by it), where printf's pages of libc would be
 * faulted in for nothing else (issue 28).
 */
#include "config.h"

#include <string.h>

#include "policy/escape.h"
#include "policy/shquote.h"

/* Where a quoted word goes: what does not fit is cut. */
struct out {
	char	*buf;
	size_t	 size;		/* at least 1, for the NUL */
	size_t	 len;
};

static void
put(struct out *o, const char *s, size_t n)
{
	if (n > o->size - 1 - o->len)
		n = o->size - 1 - o->len;
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

/* A character of a shell variable's name: a letter, '_', or a digit. */
static int
name_char(char c, int first)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
	    (!first && c >= '0' && c <= '9');
}

/*
 * The next blank-separated word of *s, and its length: 0 at the end.
 * *s moves past it.
 */
size_t
shquote_next_word(const char **s, const char **word)
{
	*word = *s + strspn(*s, " \t");
	*s = *word + strcspn(*word, " \t");
	return (size_t)(*s - *word);
}

/* A word NAME=VALUE (len bytes at w): for a shell, a variable set. */
int
shquote_assignment(const char *w, size_t len)
{
	size_t	i;

	if (len == 0 || !name_char(w[0], 1))
		return 0;
	for (i = 1; i < len && name_char(w[i], 0); i++)
		;
	return i < len && w[i] == '=';
}

/*
 * A command line given as one word ("curl -fsS URL"), by its shape: a
 * blank, and no '/' before the first blank ("/opt/My Tools/x" is a path),
 * unless the first word is NAME=VALUE ("LC_ALL=C /usr/bin/sort -u").
 */
int
shquote_is_line(const char *cmd)
{
	size_t	first = 0;

	/* Not strcspn(): on every run's way, its pages of libc cost faults. */
	while (cmd[first] != '\0' && cmd[first] != ' ' && cmd[first] != '\t')
		first++;

	return cmd[first] != '\0' && (memchr(cmd, '/', first) == NULL ||
	    shquote_assignment(cmd, first));
}

/*
 * Shell syntax that the user evidently meant a shell to read: a pipe, a
 * list, a redirection, a substitution, a variable, a quote, a newline.
 * Not a lone '&', '?', '*', '#' or '~': a URL's query has them.
 */
int
shquote_syntax(const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("|;<>`'\"\\\n", *s) != NULL)
			return 1;
		if (s[0] == '&' && s[1] == '&')
			return 1;
		if (s[0] == '$' && (s[1] == '(' || s[1] == '{' ||
		    name_char(s[1], 1)))
			return 1;
	}
	return 0;
}

/*
 * A word (len bytes at w) as a shell reads it back, into out (size bytes,
 * at least 1; cut to fit, NUL-terminated): bare, or in ''; or, when it
 * holds what a line shows escaped (a newline, a control, bytes that are
 * not UTF-8), in $'...', whose escapes a shell reads back as the bytes
 * they stand for, and which a line of retry's leaves as they are.
 * Returns the length written.
 */
size_t
shquote_word(const char *w, size_t len, char *out, size_t size)
{
	static const char	safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-";
	struct out		o = { out, size, 0 };
	size_t			i;

	if (escape_needed(w, len)) {
		put(&o, "$'", 2);
		/* A byte kept for the closing quote. */
		if (o.size - o.len > 1)
			o.len += escape_text(w, len, ESCAPE_SHELL,
			    o.buf + o.len, o.size - o.len - 1);
		put(&o, "'", 1);
	} else {
		for (i = 0; i < len && strchr(safe, w[i]) != NULL; i++)
			;
		/* A leading '=' is a path look-up to zsh: "=ls" is ls's path. */
		if (i == len && len != 0 && w[0] != '=')
			put(&o, w, len);
		else {
			put(&o, "'", 1);
			for (i = 0; i < len; i++)
				put(&o, w[i] == '\'' ? "'\\''" : w + i,
				    w[i] == '\'' ? 4 : 1);
			put(&o, "'", 1);
		}
	}
	out[o.len] = '\0';
	return o.len;
}
