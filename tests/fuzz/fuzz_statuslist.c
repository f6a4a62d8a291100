/* SPDX-License-Identifier: ISC */
/* Fuzz statuslist_parse: membership agrees with a reparse and per element. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "invariants.h"
#include "policy/statuslist.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A list whose bits a failed parse must not be trusted to leave alone. */
static void
scribble(struct statuslist *sl)
{
	memset(sl, 0xa5, sizeof *sl);
}

/*
 * "Every element counts, in any order": the union of each comma separated
 * element parsed on its own must be the list, and each must parse.
 */
static void
check_elements(const char *s, const struct statuslist *whole)
{
	struct statuslist	 acc, one;
	const char		*why;
	char			*copy, *p, *comma;
	int			 i;

	if ((copy = strdup(s)) == NULL)
		return;
	statuslist_clear(&acc);
	for (p = copy;; p = comma + 1) {
		if ((comma = strchr(p, ',')) != NULL)
			*comma = '\0';
		scribble(&one);
		CHECK(statuslist_parse(p, &one, &why) == 0);
		CHECK(!statuslist_empty(&one));
		for (i = 0; i < 4; i++)
			acc.bits[i] |= one.bits[i];
		if (comma == NULL)
			break;
	}
	CHECK(memcmp(&acc, whole, sizeof acc) == 0);
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct statuslist	 a, b;
	const char		*why, *why2;
	char			*s;
	int			 r, r2, status, n;

	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';

	scribble(&a);
	statuslist_clear(&b);
	why = why2 = "unset";
	r = statuslist_parse(s, &a, &why);
	r2 = statuslist_parse(s, &b, &why2);
	CHECK(r == 0 || r == -1);
	CHECK(r == r2);
	if (r == -1) {
		CHECK(why != NULL && *why != '\0');
		CHECK(why2 != NULL && strcmp(why, why2) == 0);
		free(s);
		return 0;
	}
	CHECK(why == NULL);
	n = 0;
	for (status = 0; status <= 255; status++) {
		CHECK(statuslist_has(&a, status) == statuslist_has(&b, status));
		CHECK(statuslist_has(&a, status) ==
		    (int)((a.bits[status / 64] >> (status % 64)) & 1));
		n += statuslist_has(&a, status);
	}
	CHECK(!statuslist_has(&a, -1) && !statuslist_has(&a, 256));
	CHECK(!statuslist_has(&a, INT32_MIN) && !statuslist_has(&a, INT32_MAX));
	/* An accepted list has at least one element, so one status. */
	CHECK(n > 0 && !statuslist_empty(&a));
	check_elements(s, &a);
	free(s);
	return 0;
}
