/* SPDX-License-Identifier: ISC */
/* The words of --stdin, --stdout and --output. */
#include <stddef.h>

#include "policy/scan.h"
#include "policy/stdio_mode.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* --stdin=MODE; the default (replay or pass) has no word of its own. */
int
stdio_mode_parse_stdin(const char *s, enum stdin_mode *out, const char **why)
{
	static const struct scan_word names[] = {
		{ "replay", STDIN_REPLAY },
		{ "pass", STDIN_PASS },
		{ "null", STDIN_NULL },
	};
	int	v;

	if ((v = scan_word(names, nitems(names), s)) == -1) {
		*why = "expected replay, pass or null";
		return -1;
	}
	*out = v;
	return 0;
}

/* --stdout=MODE. */
int
stdio_mode_parse_stdout(const char *s, enum stdout_mode *out,
    const char **why)
{
	static const struct scan_word names[] = {
		{ "stream", STDOUT_STREAM },
		{ "hold", STDOUT_HOLD },
	};
	int	v;

	if ((v = scan_word(names, nitems(names), s)) == -1) {
		*why = "expected stream or hold";
		return -1;
	}
	*out = v;
	return 0;
}

/*
 * --output=on-failure[:last|:all]; on-failure alone is :last. There is
 * no word for the default (live): the option is asked for to hold.
 */
int
stdio_mode_parse_output(const char *s, enum output_mode *out,
    const char **why)
{
	static const struct scan_word names[] = {
		{ "on-failure", OUTPUT_FAILURE_LAST },
		{ "on-failure:last", OUTPUT_FAILURE_LAST },
		{ "on-failure:all", OUTPUT_FAILURE_ALL },
	};
	int	v;

	if ((v = scan_word(names, nitems(names), s)) == -1) {
		*why = "expected on-failure, on-failure:last or on-failure:all";
		return -1;
	}
	*out = v;
	return 0;
}
