/* SPDX-License-Identifier: ISC */
/*
 * Fuzz pushback_parse and pushback_show on any bytes, as an attempt may
 * write them to RETRY_CONTROL: NUL bytes and all.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "policy/duration.h"
#include "invariants.h"
#include "policy/pushback.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The shown text: terminated inside out, printable ASCII only, quoted. */
static void
check_show(const char *buf, size_t len, size_t size)
{
	char	out[PUSHBACK_SHOW_MAX * 2];
	size_t	i, n;

	memset(out, 0x7f, sizeof out);
	pushback_show(buf, len, out, size);
	n = strnlen(out, size);
	CHECK(n < size);
	CHECK(n >= 2 && out[0] == '"');
	for (i = 0; i < n; i++)
		CHECK(out[i] >= 0x20 && out[i] < 0x7f);
	CHECK(out[n - 1] == '"' || (n >= 4 && memcmp(out + n - 4, "\"...",
	    4) == 0));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*buf = (const char *)data, *why;
	struct pushback	 p;
	int		 r;

	if (size > PUSHBACK_MAX)
		return 0;	/* control.c never passes more */
	r = pushback_parse(buf, size, &p, &why);
	CHECK(r == 0 || r == -1);
	if (r == -1) {
		CHECK(why != NULL && *why != '\0');
		CHECK(p.word == PUSHBACK_NONE);
	} else {
		CHECK(p.word == PUSHBACK_NONE || p.word == PUSHBACK_STOP ||
		    p.word == PUSHBACK_RETRY || p.word == PUSHBACK_DELAY);
		CHECK(p.word == PUSHBACK_DELAY || p.delay == 0);
		CHECK(p.delay <= DURATION_MAX);
		/* What is understood has no NUL byte. */
		CHECK(memchr(buf, '\0', size) == NULL);
	}
	check_show(buf, size, PUSHBACK_SHOW_MAX);
	check_show(buf, size, sizeof "\"\\xff\"...");
	return 0;
}
