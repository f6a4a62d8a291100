/* SPDX-License-Identifier: ISC */
/* Fuzz duration_parse and duration_format on a NUL-terminated input. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "policy/duration.h"
#include "invariants.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* duration_format's buffers: what run.c uses, and one that truncates. */
#define FORMAT_LEN 32
#define SHORT_LEN 5

/*
 * How far below v duration_format may cut it (it never rounds up): exact
 * below 1ms, to the microsecond below 1s, to the millisecond below a
 * minute, then to the second.
 */
static uint64_t
format_slack(uint64_t v)
{
	if (v < 1000000)
		return 0;
	if (v < NSEC_PER_SEC)
		return 1000;
	if (v < 60 * NSEC_PER_SEC)
		return NSEC_PER_SEC / 1000;
	return NSEC_PER_SEC;
}

/*
 * Format v into a buffer filled with a marker, then check that the text is
 * terminated inside it and, when it is not truncated, reads back as about v.
 */
static void
check_format(uint64_t v)
{
	char		 buf[FORMAT_LEN], small[SHORT_LEN];
	const char	*why;
	uint64_t	 back, slack;
	size_t		 len;

	memset(buf, 0x7f, sizeof buf);
	CHECK(duration_format(v, buf, sizeof buf) == buf);
	len = strnlen(buf, sizeof buf);
	CHECK(len > 0 && len < sizeof buf);

	memset(small, 0x7f, sizeof small);
	duration_format(v, small, sizeof small);
	CHECK(strnlen(small, sizeof small) < sizeof small);
	CHECK(strncmp(small, buf, strlen(small)) == 0);

	slack = format_slack(v);
	CHECK(duration_parse(buf, &back, &why) == 0);
	CHECK(back <= v && back + slack >= v);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*why, *why2;
	char		*s;
	uint64_t	 v = 0, v2 = 0;
	int		 r, r2;

	/* An exact-size copy, so that ASan sees any read past the NUL. */
	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';

	why = why2 = "unset";
	r = duration_parse(s, &v, &why);
	r2 = duration_parse(s, &v2, &why2);
	CHECK(r == 0 || r == -1);
	CHECK(r == r2);
	if (r == 0) {
		CHECK(why == NULL);
		CHECK(v <= DURATION_MAX);
		CHECK(v == v2);
		/* Only digits, '.' and unit letters make a DURATION. */
		CHECK(strspn(s, "0123456789.nsumhd") == strlen(s));
		check_format(v);
	} else {
		CHECK(why != NULL && *why != '\0');
		CHECK(why2 != NULL && strcmp(why, why2) == 0);
	}
	free(s);
	return 0;
}
