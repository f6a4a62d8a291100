/* SPDX-License-Identifier: ISC */
/*
 * Backoff options as words: the names of strategies and jitter kinds, a
 * factor, a jitter's ratio or duration, a list of delays. Apart from
 * backoff.c, which every fuzz target links for its invariants: these need
 * the duration and number grammars too.
 */
#include <stdlib.h>
#include <string.h>

#include "policy/backoff_parse.h"
#include "policy/duration.h"
#include "policy/scan.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* --strategy=NAME; "fixed" is constant's other name. */
int
backoff_parse_strategy(const char *s, enum strategy *out, const char **why)
{
	static const struct scan_word names[] = {
		{ "exponential", STRATEGY_EXPONENTIAL },
		{ "constant", STRATEGY_CONSTANT },
		{ "fixed", STRATEGY_CONSTANT },
		{ "linear", STRATEGY_LINEAR },
		{ "fibonacci", STRATEGY_FIBONACCI },
		{ "decorrelated", STRATEGY_DECORRELATED },
	};
	int	v;

	if ((v = scan_word(names, nitems(names), s)) == -1) {
		*why = "expected exponential, constant, fixed, linear, "
		    "fibonacci or decorrelated";
		return -1;
	}
	*out = v;
	return 0;
}

/* --factor=X: above 1, or nothing would grow; at most a million. */
int
backoff_parse_factor(const char *s, double *out, const char **why)
{
	double	f;

	if (scan_double(s, &f) == -1 || !(f > 1) || f > 1e6) {
		*why = "expected a number greater than 1 (at most 1000000)";
		return -1;
	}
	*out = f;
	return 0;
}

/*
 * "name" or "name:X", X a number in (0, max] (max 0: no upper bound): 1
 * if s is one (a bare name gives def), 0 if s is not name at all, -1 if
 * its X is wrong.
 */
static int
jitter_ratio(const char *s, const char *name, double def, double max,
    double *out)
{
	size_t	len = strlen(name);

	if (strncmp(s, name, len) != 0)
		return 0;
	if (s[len] == '\0') {
		*out = def;
		return 1;
	}
	if (s[len] != ':' || scan_double(s + len + 1, out) == -1 ||
	    !(*out > 0) || (max > 0 && *out > max))
		return -1;
	return 1;
}

/*
 * --jitter=KIND: a name, proportional[:R], normal[:S] or a duration to
 * add. Sets the kind and its ratio or duration in b, nothing else.
 */
int
backoff_parse_jitter(const char *s, struct backoff *b, const char **why)
{
	static const struct scan_word names[] = {
		{ "none", JITTER_NONE },
		{ "full", JITTER_FULL },
		{ "equal", JITTER_EQUAL },
		{ "decorrelated", JITTER_DECORRELATED },
	};
	const char	*dwhy;
	int		 r;

	if ((r = scan_word(names, nitems(names), s)) != -1)
		b->jitter = r;
	else if ((r = jitter_ratio(s, "proportional",
	    JITTER_PROPORTIONAL_DEFAULT, 1, &b->jitter_ratio)) != 0) {
		if (r == -1) {
			*why = "proportional:R needs 0 < R <= 1";
			return -1;
		}
		b->jitter = JITTER_PROPORTIONAL;
	} else if ((r = jitter_ratio(s, "normal", JITTER_NORMAL_DEFAULT,
	    1e6, &b->jitter_ratio)) != 0) {
		if (r == -1) {
			*why = "normal:S needs S > 0";
			return -1;
		}
		b->jitter = JITTER_NORMAL;
	} else if (duration_parse(s, &b->jitter_add, &dwhy) == 0)
		b->jitter = JITTER_ADD;
	else {
		*why = "expected none, full, equal, decorrelated, "
		    "proportional[:R], normal[:S] or a duration";
		return -1;
	}
	return 0;
}

/* --delay's comma separated list of durations (duration_list_parse). */
int
backoff_parse_delays(const char *s, uint64_t **out, size_t *nout,
    const char **why)
{
	return duration_list_parse(s, out, nout, why);
}
