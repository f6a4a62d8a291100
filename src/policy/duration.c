/* SPDX-License-Identifier: ISC */
/*
 * DURATION values: a decimal number with an optional unit (ns us ms s m h d),
 * several of them in a row ("1m30s", "1h5m"). A lone number without a unit is
 * seconds. No signs, exponents, "inf" or "nan": anything else is an error.
 * A list of them (--delay, --timeout) is separated by commas.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/duration.h"

struct unit {
	const char	*name;
	uint64_t	 ns;
};

/* Longest names first, so "ms" is not read as "m" followed by "s". */
static const struct unit units[] = {
	{ "ns", 1ULL },
	{ "us", 1000ULL },
	{ "ms", 1000000ULL },
	{ "s", NSEC_PER_SEC },
	{ "m", 60 * NSEC_PER_SEC },
	{ "h", 3600 * NSEC_PER_SEC },
	{ "d", 86400 * NSEC_PER_SEC },
};

/* Match a unit name at *s; advance past it. */
static const struct unit *
unit_match(const char **s)
{
	size_t	i, len;

	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		len = strlen(units[i].name);
		if (strncmp(*s, units[i].name, len) == 0) {
			*s += len;
			return &units[i];
		}
	}
	return NULL;
}

/* Add a to *sum, failing on overflow past DURATION_MAX. */
static int
add_checked(uint64_t *sum, uint64_t a)
{
	if (a > DURATION_MAX || *sum > DURATION_MAX - a)
		return -1;
	*sum += a;
	return 0;
}

/*
 * Read one "number[unit]" part at *s into *ns. *unitless is set when it had
 * no unit (then it counts as seconds).
 */
static int
parse_part(const char **s, uint64_t *ns, int *unitless, const char **why)
{
	const struct unit	*u;
	const char		*p = *s, *ip, *fp = NULL;
	size_t			 nint = 0, nfrac = 0, i;
	uint64_t		 whole = 0, frac = 0, scale, digit;

	for (ip = p; *p >= '0' && *p <= '9'; p++)
		nint++;
	if (*p == '.') {
		fp = ++p;
		for (; *p >= '0' && *p <= '9'; p++)
			nfrac++;
	}
	if (nint == 0 && nfrac == 0) {
		*why = "expected a number";
		return -1;
	}
	*unitless = 0;
	if (*p == '\0') {
		*unitless = 1;
		u = &units[3];
	} else if ((u = unit_match(&p)) == NULL) {
		*why = "unknown unit; use ns, us, ms, s, m, h or d";
		return -1;
	}

	for (i = 0; i < nint; i++) {
		digit = (uint64_t)(ip[i] - '0');
		if (whole > (DURATION_MAX - digit) / 10)
			goto toolarge;
		whole = whole * 10 + digit;
	}
	if (whole != 0 && whole > DURATION_MAX / u->ns)
		goto toolarge;
	whole *= u->ns;

	/* Fraction digits beyond the unit's nanosecond resolution are dropped. */
	scale = u->ns;
	for (i = 0; i < nfrac && scale >= 10; i++) {
		scale /= 10;
		frac += (uint64_t)(fp[i] - '0') * scale;
	}
	if (add_checked(&whole, frac) == -1)
		goto toolarge;
	*ns = whole;
	*s = p;
	return 0;

toolarge:
	*why = "too large";
	return -1;
}

/*
 * Parse a DURATION into nanoseconds. On error return -1 and point *why at a
 * short reason.
 */
int
duration_parse(const char *s, uint64_t *out, const char **why)
{
	uint64_t	sum = 0, part;
	int		unitless, parts = 0;

	*why = NULL;
	if (s == NULL || *s == '\0') {
		*why = "empty duration";
		return -1;
	}
	while (*s != '\0') {
		if (parse_part(&s, &part, &unitless, why) == -1)
			return -1;
		if (unitless && parts > 0) {
			*why = "a number without a unit must stand alone";
			return -1;
		}
		if (add_checked(&sum, part) == -1) {
			*why = "too large";
			return -1;
		}
		parts++;
	}
	*out = sum;
	return 0;
}

/* Seconds, as a double, for arithmetic and display. */
double
duration_seconds(uint64_t ns)
{
	return (double)ns / (double)NSEC_PER_SEC;
}

/*
 * v / unit with up to three decimals, cut (not rounded: never more than v)
 * and without trailing zeros: "1.5us", "250ms".
 */
static void
format_fixed(char *buf, size_t len, uint64_t v, uint64_t unit,
    const char *name)
{
	unsigned long long	whole = v / unit, frac = v % unit * 1000 / unit;
	int			digits = 3;

	while (digits > 0 && frac % 10 == 0) {
		frac /= 10;
		digits--;
	}
	if (digits == 0)
		snprintf(buf, len, "%llu%s", whole, name);
	else
		snprintf(buf, len, "%llu.%0*llu%s", whole, digits, frac, name);
}

/*
 * Format for people: "0s", "10ns", "1.5us", "250ms", "1.5s", "2m30s",
 * "3h0m5s". Precision to the millisecond (finer below 1ms), which is all a
 * message needs; each form reads back as a DURATION.
 */
char *
duration_format(uint64_t ns, char *buf, size_t len)
{
	uint64_t	s, ms;

	if (ns == 0)
		snprintf(buf, len, "0s");
	else if (ns < 1000ULL)
		snprintf(buf, len, "%lluns", (unsigned long long)ns);
	else if (ns < 1000000ULL)
		format_fixed(buf, len, ns, 1000ULL, "us");
	else if (ns < NSEC_PER_SEC)
		format_fixed(buf, len, ns / 1000ULL, 1000ULL, "ms");
	else if (ns < 60 * NSEC_PER_SEC) {
		ms = ns / 1000000;	/* cut, as everywhere: never more */
		s = ms / 1000;
		ms %= 1000;
		if (ms == 0)
			snprintf(buf, len, "%llus", (unsigned long long)s);
		else if (ms % 100 == 0)
			snprintf(buf, len, "%llu.%01llus", (unsigned long long)s,
			    (unsigned long long)(ms / 100));
		else if (ms % 10 == 0)
			snprintf(buf, len, "%llu.%02llus", (unsigned long long)s,
			    (unsigned long long)(ms / 10));
		else
			snprintf(buf, len, "%llu.%03llus", (unsigned long long)s,
			    (unsigned long long)ms);
	} else {
		s = ns / NSEC_PER_SEC;	/* down: never past what was given */
		if (s < 3600)
			snprintf(buf, len, "%llum%llus",
			    (unsigned long long)(s / 60),
			    (unsigned long long)(s % 60));
		else
			snprintf(buf, len, "%lluh%llum%llus",
			    (unsigned long long)(s / 3600),
			    (unsigned long long)(s / 60 % 60),
			    (unsigned long long)(s % 60));
	}
	return buf;
}

/*
 * A comma separated list of durations (--delay, --timeout), into a new
 * array of *n; the caller frees it. Nothing is left allocated on error.
 */
int
duration_list_parse(const char *s, uint64_t **out, size_t *nout,
    const char **why)
{
	const char	*p;
	uint64_t	*d;
	char		*copy, *tok, *comma;
	size_t		 n = 1, i;

	if (*s == '\0') {
		*why = "empty list";
		return -1;
	}
	for (p = s; *p != '\0'; p++)
		n += *p == ',';
	d = calloc(n, sizeof *d);
	copy = strdup(s);
	if (d == NULL || copy == NULL) {
		free(d);
		free(copy);
		*why = "out of memory";
		return -1;
	}
	/* strtok would merge ",," into one separator: walk by hand. */
	for (tok = copy, i = 0; i < n; i++) {
		if ((comma = strchr(tok, ',')) != NULL)
			*comma = '\0';
		if (*tok == '\0' || duration_parse(tok, &d[i], why) == -1) {
			if (*tok == '\0')
				*why = "empty element";
			free(d);
			free(copy);
			return -1;
		}
		if (comma != NULL)
			tok = comma + 1;
	}
	free(copy);
	*out = d;
	*nout = n;
	return 0;
}

/*
 * Element n of a list of len (n from 1; 0 counts as 1), the last one
 * repeated past its end; 0 for an empty list.
 */
uint64_t
duration_list_at(const uint64_t *list, size_t len, uint64_t n)
{
	if (len == 0)
		return 0;
	if (n == 0)
		n = 1;
	return list[n < len ? n - 1 : len - 1];
}
