/* SPDX-License-Identifier: ISC */
/* UTF-8: where a well-formed sequence ends, and what it stands for. */
#include "config.h"

#include "policy/utf8.h"

/*
 * The length of the UTF-8 sequence at s (1 to 4), or 0 when s does not
 * start a well-formed one (RFC 3629: no overlong forms, no surrogates,
 * nothing past U+10FFFF). s is NUL-terminated: a NUL cuts a sequence.
 */
size_t
utf8_len(const unsigned char *s)
{
	size_t	n, i;
	unsigned char lo = 0x80, hi = 0xbf;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		if (s[0] == 0xe0)
			lo = 0xa0;
		else if (s[0] == 0xed)
			hi = 0x9f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		if (s[0] == 0xf0)
			lo = 0x90;
		else if (s[0] == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	for (i = 1; i < n; i++) {
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return n;
}

/* The code point of the well-formed sequence s[0..n) (n from utf8_len). */
uint32_t
utf8_code(const unsigned char *s, size_t n)
{
	static const unsigned char	lead[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	uint32_t			c = s[0] & lead[n];
	size_t				i;

	for (i = 1; i < n; i++)
		c = c << 6 | (s[i] & 0x3f);
	return c;
}
