/* SPDX-License-Identifier: ISC */
/*
 * Fuzz metrics_parse on any bytes, as a --metrics FILE may hold them
 * (edited by hand, or cut short by a full disk): it reads or refuses
 * without harm, and what it reads, written and read again, is the same
 * text. Also metrics_label_clean, on the bytes as a command's name.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "invariants.h"
#include "report/metrics.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Written, read back, written again: the same text. */
static void
check_round_trip(const struct metrics_table *t)
{
	struct metrics_table	 back = { NULL, 0, 0 };
	char			*text, *again;
	size_t			 len, len2;

	CHECK(metrics_format(t, &text, &len) == 0);
	CHECK(metrics_parse(&back, text, len) == 0);
	CHECK(back.n == t->n);
	CHECK(metrics_format(&back, &again, &len2) == 0);
	CHECK(len == len2 && memcmp(text, again, len) == 0);
	free(text);
	free(again);
	metrics_free(&back);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct metrics_run	run = { 1, 0, 2, 1000, 1.5 };
	struct metrics_table		t = { NULL, 0, 0 };
	char				*buf, label[METRICS_LABEL_MAX + 1];
	size_t				i;

	if (size > 65536 || (buf = malloc(size + 1)) == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';	/* as read_all() leaves it */
	if (metrics_parse(&t, buf, size) == 0) {
		CHECK(t.n <= METRICS_SERIES_MAX);
		for (i = 0; i < t.n; i++)
			CHECK(metrics_label_valid(t.s[i].label));
		check_round_trip(&t);
		if (metrics_add(&t, "fuzz", &run) == 0)
			check_round_trip(&t);
	}
	metrics_free(&t);
	metrics_label_clean(buf, label, sizeof label);
	CHECK(metrics_label_valid(label));
	free(buf);
	return 0;
}
