/* SPDX-License-Identifier: ISC */
/*
 * Status lists for --retry-on, --stop-on and --success-on: comma separated
 * statuses 0-255 and inclusive ranges N-M, plus the words of other retry
 * tools' --until/--while criteria: success and true (0), fail and false
 * (1-255). Every element counts, in any order.
 */
#include <string.h>

#include "policy/statuslist.h"

void
statuslist_clear(struct statuslist *sl)
{
	memset(sl, 0, sizeof *sl);
}

/* Add statuses lo..hi (inclusive, both within 0..255). */
void
statuslist_add(struct statuslist *sl, int lo, int hi)
{
	int	i;

	for (i = lo; i <= hi; i++)
		sl->bits[i / 64] |= 1ULL << (i % 64);
}

/* Add every status of more to sl. */
void
statuslist_merge(struct statuslist *sl, const struct statuslist *more)
{
	size_t	i;

	for (i = 0; i < sizeof sl->bits / sizeof sl->bits[0]; i++)
		sl->bits[i] |= more->bits[i];
}

int
statuslist_has(const struct statuslist *sl, int status)
{
	if (status < 0 || status > 255)
		return 0;
	return ((sl->bits[status / 64] >> (status % 64)) & 1) != 0;
}

int
statuslist_empty(const struct statuslist *sl)
{
	return (sl->bits[0] | sl->bits[1] | sl->bits[2] | sl->bits[3]) == 0;
}

/* Read a status 0-255 of len bytes at s; -1 if it is not one. */
static int
parse_status(const char *s, size_t len)
{
	int	v = 0;
	size_t	i;

	if (len == 0 || len > 3)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v > 255 ? -1 : v;
}

/* Is the element s (len bytes) the word w? */
static int
is_word(const char *s, size_t len, const char *w)
{
	return strlen(w) == len && strncmp(s, w, len) == 0;
}

/* Parse one element (a status, a range or a word) into sl. */
static int
parse_element(const char *s, size_t len, void *arg, const char **why)
{
	struct statuslist	*sl = arg;
	const char		*dash;
	int			 lo, hi;

	if (len == 0) {
		*why = "empty element";
		return -1;
	}
	if (is_word(s, len, "success") || is_word(s, len, "true")) {
		statuslist_add(sl, 0, 0);
		return 0;
	}
	if (is_word(s, len, "fail") || is_word(s, len, "false")) {
		statuslist_add(sl, 1, 255);
		return 0;
	}
	dash = memchr(s, '-', len);
	if (dash == NULL) {
		if ((lo = parse_status(s, len)) == -1) {
			*why = "not a status 0-255 or a word "
			    "(success, true, fail, false)";
			return -1;
		}
		statuslist_add(sl, lo, lo);
		return 0;
	}
	lo = parse_status(s, (size_t)(dash - s));
	hi = parse_status(dash + 1, len - (size_t)(dash - s) - 1);
	if (lo == -1 || hi == -1) {
		*why = "a range is N-M with statuses 0-255";
		return -1;
	}
	if (lo > hi) {
		*why = "a range N-M needs N <= M";
		return -1;
	}
	statuslist_add(sl, lo, hi);
	return 0;
}

/*
 * Split a comma separated list and hand each element (s, len) to fn with
 * arg, every element counting, an empty one included. *why is NULL on
 * success; -1 with *why set ("empty list", or fn's reason) on error. The
 * list options of --retry-on and --http share it.
 */
int
statuslist_split(const char *s,
    int (*fn)(const char *, size_t, void *, const char **), void *arg,
    const char **why)
{
	const char	*comma;
	size_t		 len;

	*why = NULL;
	if (s == NULL || *s == '\0') {
		*why = "empty list";
		return -1;
	}
	for (;;) {
		comma = strchr(s, ',');
		len = comma != NULL ? (size_t)(comma - s) : strlen(s);
		if (fn(s, len, arg, why) == -1)
			return -1;
		if (comma == NULL)
			return 0;
		s = comma + 1;
	}
}

/*
 * Parse a comma separated list into sl (cleared first). On error return -1
 * with *why set; sl is then unspecified.
 */
int
statuslist_parse(const char *s, struct statuslist *sl, const char **why)
{
	statuslist_clear(sl);
	return statuslist_split(s, parse_element, sl, why);
}
