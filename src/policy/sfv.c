/* SPDX-License-Identifier: ISC */
/*
 * RFC 8941 Structured Fields, as far as a list of items with parameters
 * goes: `"default";r=0;t=2, "day";r=90;t=3600`. Every bare item is
 * checked (a string, a token, an integer, a decimal, a byte sequence, a
 * boolean), so that a field that is not one is ignored whole, as RFC
 * 8941 asks; inner lists are not read, and a list with one is refused.
 * Integers have at most 15 digits, so none is SFV_NOT_INT.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "policy/sfv.h"

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
is_lcalpha(char c)
{
	return c >= 'a' && c <= 'z';
}

static int
is_alpha(char c)
{
	return is_lcalpha(c) || (c >= 'A' && c <= 'Z');
}

/* OWS: what may stand around a list's commas. */
static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A token's bytes after its first (RFC 8941 section 3.3.4). */
static int
is_tchar(char c)
{
	return is_alpha(c) || is_digit(c) ||
	    (c != '\0' && strchr("!#$%&'*+-.^_`|~:/", c) != NULL);
}

/* A byte of a parameter's key, after its first. */
static int
is_keychar(char c)
{
	return is_lcalpha(c) || is_digit(c) || c == '_' || c == '-' ||
	    c == '.' || c == '*';
}

/* Step past a string at s[*i], its '"' (RFC 8941 section 4.2.5). */
static int
sf_string(const char *s, size_t len, size_t *i)
{
	size_t	j;

	for (j = *i + 1; j < len && s[j] != '"'; j++) {
		if (s[j] == '\\' && (++j == len ||
		    (s[j] != '"' && s[j] != '\\')))
			return -1;
		if (s[j] < 0x20 || s[j] > 0x7e)
			return -1;
	}
	if (j == len)
		return -1;
	*i = j + 1;
	return 0;
}

/* Step past a byte sequence at s[*i], its ':' (section 4.2.7). */
static int
sf_bytes(const char *s, size_t len, size_t *i)
{
	size_t	j;

	for (j = *i + 1; j < len && s[j] != ':'; j++) {
		if (!is_alpha(s[j]) && !is_digit(s[j]) &&
		    s[j] != '+' && s[j] != '/' && s[j] != '=')
			return -1;
	}
	if (j == len)
		return -1;
	*i = j + 1;
	return 0;
}

/*
 * Step past an integer or a decimal at s[*i] (section 4.2.4): *v is the
 * integer, SFV_NOT_INT for a decimal.
 */
static int
sf_number(const char *s, size_t len, size_t *i, int64_t *v)
{
	size_t	j = *i, n;
	int64_t	x = 0;
	int	neg = 0;

	if (s[j] == '-') {
		neg = 1;
		j++;
	}
	for (n = 0; j < len && is_digit(s[j]) && n <= 15; j++, n++)
		x = x * 10 + (s[j] - '0');
	if (n == 0 || n > 15)
		return -1;
	if (j < len && s[j] == '.') {
		/* A decimal: up to 12 digits, then 1 to 3. */
		if (n > 12)
			return -1;
		for (j++, n = 0; j < len && is_digit(s[j]); j++)
			n++;
		if (n == 0 || n > 3)
			return -1;
	} else
		*v = neg ? -x : x;
	*i = j;
	return 0;
}

/*
 * Step past a bare item at s[*i] (section 4.2.3.1). *v is the item when
 * it is an integer, SFV_NOT_INT when it is anything else.
 */
static int
sf_item(const char *s, size_t len, size_t *i, int64_t *v)
{
	*v = SFV_NOT_INT;
	if (*i == len)
		return -1;
	if (s[*i] == '"')
		return sf_string(s, len, i);
	if (s[*i] == '*' || is_alpha(s[*i])) {
		while (*i < len && is_tchar(s[*i]))
			(*i)++;
		return 0;
	}
	if (s[*i] == ':')
		return sf_bytes(s, len, i);
	if (s[*i] == '?') {
		if (*i + 1 == len || (s[*i + 1] != '0' && s[*i + 1] != '1'))
			return -1;
		*i += 2;
		return 0;
	}
	return sf_number(s, len, i, v);
}

/*
 * Step past the parameters of an item at s[*i] (";key=value" or ";key",
 * a boolean), each handed to the reader (section 4.2.3.2).
 */
static int
sf_params(const char *s, size_t len, size_t *i, const struct sfv_reader *rd)
{
	size_t	j = *i, key, keylen;
	int64_t	v;

	while (j < len && s[j] == ';') {
		for (j++; j < len && s[j] == ' '; j++)
			;
		if (j == len || (!is_lcalpha(s[j]) && s[j] != '*'))
			return -1;
		for (key = j++; j < len && is_keychar(s[j]); j++)
			;
		keylen = j - key;
		v = SFV_NOT_INT;	/* a key alone is the boolean true */
		if (j < len && s[j] == '=') {
			j++;
			if (sf_item(s, len, &j, &v) == -1)
				return -1;
		}
		if (rd->param(rd->arg, s + key, keylen, v) == -1)
			return -1;
	}
	*i = j;
	return 0;
}

/*
 * Read a list of len bytes at s, member by member: a bare item, its
 * parameters, then a comma between blanks, or the end.
 */
int
sfv_list(const char *s, size_t len, const struct sfv_reader *rd)
{
	size_t	i = 0;
	int64_t	v;

	for (;;) {
		if (i == len || s[i] == '(' || sf_item(s, len, &i, &v) == -1 ||
		    sf_params(s, len, &i, rd) == -1 ||
		    rd->member(rd->arg) == -1)
			return -1;
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			return 0;
		if (s[i] != ',')
			return -1;
		for (i++; i < len && is_blank(s[i]); i++)
			;
	}
}
