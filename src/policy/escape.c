/* SPDX-License-Identifier: ISC */
/*
 * Text that came from outside (a command's name and words, -m, a hook, a
 * path, a server's words, an environment value) made visible, so that in
 * a line of retry's it can neither end the line nor start one of its own:
 * not on a terminal, not in a log file, not in a CI runner's log.
 *
 * - C0 controls and DEL: LF as \n, CR as \r, TAB as \t, the others as
 *   \xNN (ESC: \x1b);
 * - a byte that is not part of well-formed UTF-8: \xNN;
 * - C1 controls (U+0080-U+009F), the line and paragraph separators
 *   (U+2028, U+2029) and the bidirectional controls (U+202A-U+202E,
 *   U+2066-U+2069): each of their bytes as \xNN. Some terminals act on
 *   C1, some log viewers break lines at U+2028, and a bidirectional
 *   control shows a line as other than it is;
 * - "##[", which GitHub's runner reads as a workflow command anywhere in
 *   a line (the older form of "::"): its second '#' as \x23;
 * - ESCAPE_LINE: "::" where the line starts (after blanks, which the
 *   runner skips), a workflow command: its first ':' as \x3a.
 *
 * ESCAPE_SHELL is the inside of a shell's $'...': there ' is \' and a
 * backslash \\ too, and the escapes read back as the same bytes (bash,
 * zsh, ksh, POSIX.1-2024 sh). In a line a backslash stands for itself;
 * all other text, well-formed UTF-8 included, is kept as it is.
 */
#include "config.h"

#include <string.h>

#include "policy/escape.h"
#include "policy/utf8.h"

/* An escape's longest: a character of 3 bytes, as \xNN each. */
#define ESCAPE_MAX	12

/* The length of the well-formed UTF-8 sequence at s[0..left), or 0. */
static size_t
seq_len(const unsigned char *s, size_t left)
{
	unsigned char	tmp[5] = { 0, 0, 0, 0, 0 };

	/* utf8_len() reads up to a NUL: the sequence must end in text. */
	memcpy(tmp, s, left < 4 ? left : 4);
	return utf8_len(tmp);
}

/*
 * Whether the well-formed UTF-8 sequence s[0..n) is a character that may
 * not reach a line as it is: a control (C0, DEL, C1), a line or
 * paragraph separator, a bidirectional control.
 */
int
escape_special(const unsigned char *s, size_t n)
{
	if (n == 1)
		return s[0] < 0x20 || s[0] == 0x7f;
	if (n == 2)
		return s[0] == 0xc2 && s[1] < 0xa0;
	if (n == 3 && s[0] == 0xe2 && s[1] == 0x80)
		return s[2] >= 0xa8 && s[2] <= 0xae;
	if (n == 3 && s[0] == 0xe2 && s[1] == 0x81)
		return s[2] >= 0xa6 && s[2] <= 0xa9;
	return 0;
}

/*
 * Whether s (len bytes) starts a command that a CI runner reads anywhere
 * in a line: GitHub's older "##[", Azure Pipelines' "##vso[".
 */
static int
runner_command(const unsigned char *s, size_t len)
{
	return len >= 3 && s[0] == '#' && s[1] == '#' && (s[2] == '[' ||
	    (len >= 6 && memcmp(s + 2, "vso[", 4) == 0));
}

/*
 * Write byte c into esc as \xNN, or as \NNN in octal inside $'...':
 * there a hex escape takes as many hex digits as follow it, so that
 * \xe9 before an "a" would be read as \xe9a (POSIX leaves more than two
 * unspecified), where three octal digits are all an escape takes. Its
 * length, 4 either way.
 */
static size_t
byte_escape(unsigned char c, enum escape_form form, char *esc)
{
	static const char	digits[] = "0123456789abcdef";

	esc[0] = '\\';
	if (form == ESCAPE_SHELL) {
		esc[1] = digits[c >> 6];
		esc[2] = digits[(c >> 3) & 7];
		esc[3] = digits[c & 7];
		return 4;
	}
	esc[1] = 'x';
	esc[2] = digits[c >> 4];
	esc[3] = digits[c & 0xf];
	return 4;
}

/* The letter after a backslash that stands for byte c, or 0: none. */
static char
named(unsigned char c, enum escape_form form)
{
	switch (c) {
	case '\n':
		return 'n';
	case '\r':
		return 'r';
	case '\t':
		return 't';
	case '\'':
		return form == ESCAPE_SHELL ? '\'' : 0;
	case '\\':
		return form == ESCAPE_SHELL ? '\\' : 0;
	default:
		return 0;
	}
}

/*
 * The escape of the character at s, n bytes (0: a byte that is not
 * well-formed UTF-8), into esc (ESCAPE_MAX bytes): its length, or 0 when
 * the character goes as it is.
 */
static size_t
escape_one(const unsigned char *s, size_t n, enum escape_form form,
    char *esc)
{
	size_t	i, len = 0;

	if (n == 0)
		return byte_escape(s[0], form, esc);
	if (n == 1 && (esc[1] = named(s[0], form)) != 0) {
		esc[0] = '\\';
		return 2;
	}
	if (!escape_special(s, n))
		return 0;
	for (i = 0; i < n; i++)
		len += byte_escape(s[i], form, esc + len);
	return len;
}

/*
 * Write text[0..len) to out, made visible in the form asked (see above).
 * What does not fit is cut, never inside an escape or a character.
 * Returns the length written; out is NUL-terminated (outlen > 0).
 */
size_t
escape_text(const char *text, size_t len, enum escape_form form, char *out,
    size_t outlen)
{
	const unsigned char	*s = (const unsigned char *)text;
	const char		*piece;
	char			 esc[ESCAPE_MAX];
	size_t			 i = 0, n, k, used = 0;
	int			 start = form == ESCAPE_LINE;

	while (i < len) {
		n = seq_len(s + i, len - i);
		if (start && s[i] == ':' && i + 1 < len && s[i + 1] == ':')
			k = byte_escape(':', form, esc);
		else if (runner_command(s + i, len - i)) {
			esc[0] = '#';
			k = 1 + byte_escape('#', form, esc + 1);
			n = 2;
		} else
			k = escape_one(s + i, n, form, esc);
		if (s[i] != ' ')
			start = 0;
		if (n == 0)
			n = 1;
		piece = k != 0 ? esc : (const char *)s + i;
		if (k == 0)
			k = n;
		if (used + k >= outlen)
			break;
		memcpy(out + used, piece, k);
		used += k;
		i += n;
	}
	out[used] = '\0';
	return used;
}

/*
 * Whether escape_text() would write text[0..len) otherwise than it is,
 * not counting ' and \ inside $'...', nor "::" at a line's start: so a
 * shell word that needs it is quoted as $'...', and a plain '...' never
 * holds an escape that a shell would read as it is.
 */
int
escape_needed(const char *text, size_t len)
{
	const unsigned char	*s = (const unsigned char *)text;
	size_t			 i, n;

	for (i = 0; i < len; i += n != 0 ? n : 1) {
		n = seq_len(s + i, len - i);
		if (n == 0 || escape_special(s + i, n))
			return 1;
		if (runner_command(s + i, len - i))
			return 1;
	}
	return 0;
}
