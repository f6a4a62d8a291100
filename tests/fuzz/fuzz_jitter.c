/* SPDX-License-Identifier: ISC */
/* Fuzz the --jitter parser through options_parse, then the delays it gives. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "policy/backoff.h"
#include "policy/duration.h"
#include "invariants.h"
#include "run/options.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define PREFIX "--jitter="

/*
 * Policies the same --jitter is also tried under: the parse of a jitter
 * spec must not depend on them, and each gives the backoff other corners.
 */
static const char *const presets[][6] = {
	{ NULL },
	{ "-s", "decorrelated", NULL },
	{ "-s", "linear", "-b", "0", NULL },
	{ "-s", "fibonacci", "-b", "1ns", "-c", "106751d" },
	{ "-f", "1000000", "-b", "106751d", "-c", "106751d" },
	{ "-d", "1,2,5s,0,106751d", NULL },
	{ "-d", "3", "-c", "1ms", NULL },
	{ "-c", "0", NULL },
	{ "-s", "constant", "-b", "1m", "-c", "1s" },
};

#define NPRESETS (sizeof presets / sizeof presets[0])

/* The jitter's own fields, whichever policy it came with. */
static void
check_jitter(const struct backoff *b)
{
	switch (b->jitter) {
	case JITTER_PROPORTIONAL:
		CHECK(b->jitter_ratio > 0 && b->jitter_ratio <= 1);
		break;
	case JITTER_NORMAL:
		CHECK(b->jitter_ratio > 0 && b->jitter_ratio <= 1e6);
		break;
	case JITTER_ADD:
		CHECK(b->jitter_add <= DURATION_MAX);
		break;
	default:
		break;
	}
	CHECK(b->factor > 1 && b->factor <= 1e6);
}

/* Parse "retry -n [preset] --jitter=spec"; check what it gives. */
static enum options_result
try_preset(size_t i, char *jitter)
{
	struct options		 o;
	enum options_result	 r;
	char			*argv[10], err[512];
	size_t			 j;
	int			 argc = 0;

	argv[argc++] = (char *)"retry";
	argv[argc++] = (char *)"-n";
	for (j = 0; j < 6 && presets[i][j] != NULL; j++)
		argv[argc++] = (char *)presets[i][j];
	argv[argc++] = jitter;
	argv[argc] = NULL;

	r = options_parse(&o, argc, argv, err, sizeof err);
	CHECK(r == OPTIONS_RUN || r == OPTIONS_ERROR);
	if (r == OPTIONS_RUN) {
		CHECK(o.dry_run && o.ncommand == 0);
		check_jitter(&o.backoff);
		invariants_backoff(&o.backoff);
	} else {
		CHECK(err[0] != '\0');
		/* A long value pushes the option's name out of err. */
		if (strlen(jitter) < 256)
			CHECK(strstr(err, "--jitter") != NULL);
	}
	options_free(&o);
	return r;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum options_result	 first;
	char			*arg;
	size_t			 i;

	if ((arg = malloc(sizeof PREFIX + size)) == NULL)
		return 0;
	memcpy(arg, PREFIX, sizeof PREFIX - 1);
	memcpy(arg + sizeof PREFIX - 1, data, size);
	arg[sizeof PREFIX - 1 + size] = '\0';

	first = try_preset(0, arg);
	for (i = 1; i < NPRESETS; i++)
		CHECK(try_preset(i, arg) == first);
	free(arg);
	return 0;
}
