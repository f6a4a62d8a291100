/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of runenv.c: the environment of the attempts and hooks. The
 * inherited RETRY_* variables of an outer retry are dropped and the rest of
 * the base kept in order; RETRY_ELAPSED and RETRY_NEXT_DELAY are seconds
 * to the nearest microsecond; each variable is listed once, whatever the
 * sequence of attempts and hooks; RETRY_RUN_ID is fixed for a run and
 * fresh for the next. Every check is of the exact strings.
 */
#include <check.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "run/runenv.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* In a wanted environment: RETRY_RUN_ID= and any 32 hex digits. */
#define ANY_RUN_ID "RETRY_RUN_ID=*"

#define RUN_ID_LEN 32

/* Every variable retry sets, for counting. */
static const char *const names[] = {
	"RETRY_ATTEMPT", "RETRY_MAX_ATTEMPTS", "RETRY_ELAPSED",
	"RETRY_PREVIOUS_STATUS", "RETRY_RUN_ID", "RETRY_STATUS",
	"RETRY_NEXT_DELAY", "RETRY_ATTEMPTS_MADE", "RETRY_FAILURES",
	"RETRY_LAST_STATUS",
};

/* A run's environment and the base it was made from. */
struct fixture {
	struct runenv	 re;
	char		*base[32];
};

/* Make the environment from base (NULL-terminated) for max attempts. */
static void
fixture_init(struct fixture *f, const char *const *base, uint64_t max)
{
	size_t	i;

	memset(f, 0, sizeof *f);
	for (i = 0; base[i] != NULL; i++) {
		ck_assert_uint_lt(i, nitems(f->base) - 1);
		ck_assert_ptr_nonnull(f->base[i] = strdup(base[i]));
	}
	ck_assert_int_eq(runenv_init(&f->re, f->base, max), 0);
	ck_assert_ptr_nonnull(runenv_envp(&f->re));
}

static void
fixture_free(struct fixture *f)
{
	size_t	i;

	runenv_free(&f->re);
	for (i = 0; f->base[i] != NULL; i++)
		free(f->base[i]);
}

/* How many entries of envp set name (NAME=...). */
static int
count(char **envp, const char *name)
{
	size_t	len = strlen(name), i;
	int	n = 0;

	for (i = 0; envp[i] != NULL; i++)
		if (strncmp(envp[i], name, len) == 0 && envp[i][len] == '=')
			n++;
	return n;
}

/* The value of name in envp, which must set it exactly once. */
static const char *
value(char **envp, const char *name)
{
	size_t	len = strlen(name), i;

	ck_assert_msg(count(envp, name) == 1, "%s set %d times", name,
	    count(envp, name));
	for (i = 0; strncmp(envp[i], name, len) != 0 || envp[i][len] != '=';
	    i++)
		;
	return envp[i] + len + 1;
}

/* Is s a run id: RUN_ID_LEN lowercase hex digits and nothing else? */
static int
is_run_id(const char *s)
{
	size_t	i;

	for (i = 0; i < RUN_ID_LEN; i++)
		if (s[i] == '\0' || strchr("0123456789abcdef", s[i]) == NULL)
			return 0;
	return s[i] == '\0';
}

/* envp must be exactly want (NULL-terminated; ANY_RUN_ID for the id). */
static void
expect_envp(char **envp, const char *const *want)
{
	size_t	i;

	for (i = 0; want[i] != NULL; i++) {
		ck_assert_msg(envp[i] != NULL, "entry %zu: missing, want %s",
		    i, want[i]);
		if (strcmp(want[i], ANY_RUN_ID) == 0) {
			ck_assert_msg(strncmp(envp[i], "RETRY_RUN_ID=", 13) ==
			    0 && is_run_id(envp[i] + 13),
			    "entry %zu: %s, want a run id", i, envp[i]);
			continue;
		}
		ck_assert_msg(strcmp(envp[i], want[i]) == 0,
		    "entry %zu: %s, want %s", i, envp[i], want[i]);
	}
	ck_assert_msg(envp[i] == NULL, "entry %zu: %s, want the end", i,
	    envp[i]);
}

/* Each of retry's variables is set once, but those in absent not at all. */
static void
expect_once(char **envp, const char *const *absent)
{
	size_t	i, j;
	int	want;

	for (i = 0; i < nitems(names); i++) {
		want = 1;
		for (j = 0; absent[j] != NULL; j++)
			if (strcmp(names[i], absent[j]) == 0)
				want = 0;
		ck_assert_msg(count(envp, names[i]) == want,
		    "%s set %d times, want %d", names[i],
		    count(envp, names[i]), want);
	}
}

static const char *const no_base[] = { NULL };

/* Nanoseconds and the seconds they are written as. */
struct seconds {
	uint64_t	 ns;
	const char	*want;
};

#define S 1000000000ULL

static const struct seconds seconds[] = {
	{ 0, "0.000000" },
	{ 1, "0.000000" },
	{ 499, "0.000000" },
	{ 500, "0.000001" },
	{ 999, "0.000001" },
	{ 1000, "0.000001" },
	{ 1499, "0.000001" },
	{ 1500, "0.000002" },
	{ 123456789, "0.123457" },
	{ 999999499, "0.999999" },
	{ 999999500, "1.000000" },
	{ S, "1.000000" },
	{ S + 1, "1.000000" },
	{ 10 * S + 20000, "10.000020" },
	{ 90061 * S, "90061.000000" },
	{ 90061 * S + 499, "90061.000000" },
	{ 90061 * S + 123456789, "90061.123457" },
	{ 90061 * S + 999999999, "90062.000000" },
	{ UINT64_MAX, "18446744073.709552" },
};

START_TEST(elapsed_is_seconds_to_the_nearest_microsecond)
{
	const struct seconds	*c = &seconds[_i];
	struct fixture		 f;
	const char		*v;

	fixture_init(&f, no_base, 5);
	runenv_set(&f.re, 1, c->ns, -1);
	v = value(runenv_envp(&f.re), "RETRY_ELAPSED");
	ck_assert_msg(strcmp(v, c->want) == 0, "%llu ns: %s, want %s",
	    (unsigned long long)c->ns, v, c->want);
	fixture_free(&f);
}
END_TEST

START_TEST(next_delay_is_seconds_to_the_nearest_microsecond)
{
	const struct seconds	*c = &seconds[_i];
	struct fixture		 f;
	const char		*v;

	fixture_init(&f, no_base, 5);
	runenv_set(&f.re, 1, 0, -1);
	runenv_on_retry(&f.re, 1, c->ns);
	v = value(runenv_envp(&f.re), "RETRY_NEXT_DELAY");
	ck_assert_msg(strcmp(v, c->want) == 0, "%llu ns: %s, want %s",
	    (unsigned long long)c->ns, v, c->want);
	fixture_free(&f);
}
END_TEST

/* Layers and runs, from what an outer retry left in the environment. */
static const struct nest_case {
	const char	*run_id;	/* NULL: not nested */
	const char	*max;		/* RETRY_MAX_ATTEMPTS, or NULL */
	const char	*nesting;	/* RETRY_NESTING, or NULL */
	uint64_t	 attempts;	/* ours */
	uint64_t	 layers, runs;
	const char	*var;		/* RETRY_NESTING we give; NULL: none */
} nests[] = {
	{ NULL, NULL, NULL, 5, 1, 5, NULL },
	{ NULL, "3", "2:12", 5, 1, 5, NULL },	/* no run id: not nested */
	{ "x", "3", NULL, 4, 2, 12, "RETRY_NESTING=2:12" },
	{ "x", "3", "2:12", 2, 3, 24, "RETRY_NESTING=3:24" },
	{ "x", "0", NULL, 4, 2, 0, "RETRY_NESTING=2:0" },
	{ "x", "3", NULL, 0, 2, 0, "RETRY_NESTING=2:0" },
	{ "x", "3", "2:0", 4, 3, 0, "RETRY_NESTING=3:0" },
	{ "x", "3", "junk", 4, 2, 12, "RETRY_NESTING=2:12" },
	{ "x", "3", "3:abc", 4, 2, 12, "RETRY_NESTING=2:12" },
	{ "x", "3", "0:5", 4, 2, 12, "RETRY_NESTING=2:12" },
	{ "x", "3", "18446744073709551609:5", 4, 2, 12,
	    "RETRY_NESTING=2:12" },		/* absurd depth: not believed */
	{ "x", "3", ":5", 4, 2, 12, "RETRY_NESTING=2:12" },
	{ "x", "3", "2:", 4, 2, 12, "RETRY_NESTING=2:12" },
	{ "x", NULL, NULL, 4, 2, 0, "RETRY_NESTING=2:0" },
	{ "x", "3", "2:99999999999999999999", 4, 2, 12,
	    "RETRY_NESTING=2:12" },		/* runs past UINT64_MAX: not ours */
	{ "x", "3", "2:4294967296", 4294967296ULL, 3, 0,
	    "RETRY_NESTING=3:0" },		/* the product overflows */
};

START_TEST(nesting_counts_the_layers_and_multiplies_the_limits)
{
	const struct nest_case	*c = &nests[_i];
	char			 id[64], max[64], nest[64];
	const char		*base[4];
	struct runenv		 re;
	uint64_t		 layers, runs;
	size_t			 n = 0;
	const char		*v;

	if (c->run_id != NULL) {
		snprintf(id, sizeof id, "RETRY_RUN_ID=%s", c->run_id);
		base[n++] = id;
	}
	if (c->max != NULL) {
		snprintf(max, sizeof max, "RETRY_MAX_ATTEMPTS=%s", c->max);
		base[n++] = max;
	}
	if (c->nesting != NULL) {
		snprintf(nest, sizeof nest, "RETRY_NESTING=%s", c->nesting);
		base[n++] = nest;
	}
	base[n] = NULL;
	ck_assert_int_eq(runenv_init(&re, (char *const *)base, c->attempts),
	    0);
	runenv_nesting(&re, &layers, &runs);
	ck_assert_uint_eq(layers, c->layers);
	ck_assert_uint_eq(runs, c->runs);
	runenv_set(&re, 1, 0, -1);
	if (c->var == NULL)
		ck_assert_int_eq(count(runenv_envp(&re), "RETRY_NESTING"), 0);
	else {
		v = value(runenv_envp(&re), "RETRY_NESTING");
		ck_assert_str_eq(v, strchr(c->var, '=') + 1);
	}
	runenv_free(&re);
}
END_TEST

START_TEST(inherited_retry_variables_are_dropped_and_the_rest_kept_in_order)
{
	static const char *const base[] = {
		"HOME=/home/u",
		"RETRY_ATTEMPT=7",
		"RETRY_MAX_ATTEMPTS=9",
		"PATH=/bin:/usr/bin",
		"RETRY_ELAPSED=3.000000",
		"RETRY_PREVIOUS_STATUS=2",
		"RETRY_OTHER=1",
		"RETRY_RUN_ID=00000000000000000000000000000000",
		"RETRY_STATUS=",
		"RETRY_ATTEMPTS=2",
		"RETRY_NEXT_DELAY=1.000000",
		"RETRY_ATTEMPT",
		"RETRY_ATTEMPTS_MADE=4",
		"retry_attempt=5",
		"RETRY_RUN_ID==x",
		"RETRY_NESTING=7:7",
		"RETRY_HEDGE=1",
		"RETRY_FAILURES=3",
		"RETRY_LAST_STATUS=1",
		"LANG=C",
		NULL
	};
	/* Nested (RETRY_RUN_ID), so RETRY_NESTING comes after the base. */
	static const char *const want[] = {
		"HOME=/home/u",
		"PATH=/bin:/usr/bin",
		"RETRY_OTHER=1",
		"RETRY_ATTEMPTS=2",
		"RETRY_ATTEMPT",
		"retry_attempt=5",
		"LANG=C",
		"RETRY_NESTING=8:35",
		"RETRY_ATTEMPT=1",
		"RETRY_MAX_ATTEMPTS=5",
		"RETRY_ELAPSED=0.000000",
		ANY_RUN_ID,
		NULL
	};
	struct fixture	f;

	fixture_init(&f, base, 5);
	runenv_set(&f.re, 1, 0, -1);
	expect_envp(runenv_envp(&f.re), want);
	ck_assert_str_ne(value(runenv_envp(&f.re), "RETRY_RUN_ID"),
	    "00000000000000000000000000000000");
	fixture_free(&f);
}
END_TEST

START_TEST(an_empty_base_gives_only_retrys_own_variables)
{
	static const char *const want[] = {
		"RETRY_ATTEMPT=3",
		"RETRY_MAX_ATTEMPTS=0",
		"RETRY_ELAPSED=2.500000",
		"RETRY_PREVIOUS_STATUS=1",
		ANY_RUN_ID,
		NULL
	};
	struct fixture	f;

	fixture_init(&f, no_base, 0);
	runenv_set(&f.re, 3, 2500000000ULL, 1);
	expect_envp(runenv_envp(&f.re), want);
	fixture_free(&f);
}
END_TEST

START_TEST(the_base_array_is_not_kept)
{
	static const char *const base[] = { "A=1", "B=2", NULL };
	static const char *const want[] = {
		"A=1",
		"B=2",
		"RETRY_ATTEMPT=1",
		"RETRY_MAX_ATTEMPTS=5",
		"RETRY_ELAPSED=0.000000",
		ANY_RUN_ID,
		NULL
	};
	struct fixture	 f;
	char		*a, *b, c[] = "C=3";

	fixture_init(&f, base, 5);
	/* The caller's array changes (as environ does under setenv). */
	a = f.base[0];
	b = f.base[1];
	f.base[0] = c;
	f.base[1] = NULL;
	runenv_set(&f.re, 1, 0, -1);
	expect_envp(runenv_envp(&f.re), want);
	f.base[0] = a;
	f.base[1] = b;
	fixture_free(&f);
}
END_TEST

START_TEST(each_variable_is_set_once_for_every_attempt)
{
	static const char *const base[] = { "HOME=/", "RETRY_ATTEMPT=9",
	    NULL };
	static const char *const first[] = { "RETRY_PREVIOUS_STATUS",
	    "RETRY_STATUS", "RETRY_NEXT_DELAY", "RETRY_ATTEMPTS_MADE",
	    "RETRY_FAILURES", "RETRY_LAST_STATUS", NULL };
	static const char *const later[] = { "RETRY_STATUS",
	    "RETRY_NEXT_DELAY", "RETRY_ATTEMPTS_MADE", "RETRY_FAILURES",
	    "RETRY_LAST_STATUS", NULL };
	struct fixture	f;
	char		want[32];
	uint64_t	n;

	fixture_init(&f, base, 0);
	for (n = 1; n <= 20; n++) {
		runenv_set(&f.re, n, n * S, n == 1 ? -1 : (int)n);
		expect_once(runenv_envp(&f.re), n == 1 ? first : later);
		snprintf(want, sizeof want, "%llu", (unsigned long long)n);
		ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_ATTEMPT"),
		    want);
		ck_assert_int_eq(count(runenv_envp(&f.re), "HOME"), 1);
	}
	fixture_free(&f);
}
END_TEST

START_TEST(a_hedged_copy_after_the_first_gets_retry_hedge)
{
	static const char *const base[] = { "HOME=/", "RETRY_HEDGE=1", NULL };
	struct fixture	f;

	fixture_init(&f, base, 5);
	/* The first copy: none, not even the inherited one. */
	runenv_set(&f.re, 1, 0, -1);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_HEDGE"), 0);
	f.re.hedge = 1;
	runenv_set(&f.re, 2, S, -1);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_HEDGE"), 1);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_HEDGE"), "1");
	runenv_set(&f.re, 3, 2 * S, 1);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_HEDGE"), 1);
	/* A hook after a copy keeps it; one after no hedge has none. */
	runenv_on_retry(&f.re, 1, 0);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_HEDGE"), 1);
	f.re.hedge = 0;
	runenv_set(&f.re, 4, 3 * S, 1);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_HEDGE"), 0);
	fixture_free(&f);
}
END_TEST

START_TEST(successes_in_a_row_are_given_only_with_the_option)
{
	static const char *const base[] = { "HOME=/", "RETRY_SUCCESSES=9",
		NULL };
	struct fixture	f;

	fixture_init(&f, base, 5);
	/* Without --successes: none, not even the inherited one. */
	runenv_set(&f.re, 1, 0, -1);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_SUCCESSES"), 0);
	f.re.successes = 0;
	runenv_set(&f.re, 1, 0, -1);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_SUCCESSES"), "0");
	f.re.successes = 2;
	runenv_set(&f.re, 3, 2 * S, 0);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_SUCCESSES"), 1);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_SUCCESSES"), "2");
	/* A hook keeps it. */
	runenv_on_retry(&f.re, 1, 0);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_SUCCESSES"), 1);
	fixture_free(&f);
}
END_TEST

/* An attempt number and how it is written. */
struct attempt {
	uint64_t	 n;
	const char	*want;
};

static const struct attempt attempts[] = {
	{ 1, "1" },
	{ 9, "9" },
	{ 10, "10" },
	{ 1000000, "1000000" },
	{ 4294967296ULL, "4294967296" },
	{ INT64_MAX, "9223372036854775807" },
};

START_TEST(the_attempt_number_is_written_in_decimal)
{
	const struct attempt	*c = &attempts[_i];
	struct fixture		 f;

	fixture_init(&f, no_base, 0);
	runenv_set(&f.re, c->n, 0, -1);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_ATTEMPT"), c->want);
	fixture_free(&f);
}
END_TEST

/* An int (a status) and how it is written. */
struct status {
	int		 v;
	const char	*want;
};

static const struct status statuses[] = {
	{ 0, "0" },
	{ 1, "1" },
	{ 124, "124" },
	{ 255, "255" },
	{ 256, "256" },
	{ INT_MAX, "2147483647" },
};

START_TEST(there_is_no_previous_status_before_the_first_attempt)
{
	static const int	prev[] = { -1, -2, INT_MIN };
	struct fixture		f;
	size_t			i;

	fixture_init(&f, no_base, 5);
	for (i = 0; i < nitems(prev); i++) {
		runenv_set(&f.re, 1, 0, prev[i]);
		ck_assert_msg(count(runenv_envp(&f.re),
		    "RETRY_PREVIOUS_STATUS") == 0, "prev %d: set", prev[i]);
	}
	fixture_free(&f);
}
END_TEST

START_TEST(the_previous_status_is_written_in_decimal)
{
	const struct status	*c = &statuses[_i];
	struct fixture		 f;

	fixture_init(&f, no_base, 5);
	runenv_set(&f.re, 2, 0, c->v);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_PREVIOUS_STATUS"),
	    c->want);
	/* And it goes again when an attempt has none. */
	runenv_set(&f.re, 1, 0, -1);
	ck_assert_int_eq(count(runenv_envp(&f.re), "RETRY_PREVIOUS_STATUS"),
	    0);
	fixture_free(&f);
}
END_TEST

static const struct status hook_statuses[] = {
	{ -1, "-1" },
	{ 0, "0" },
	{ 1, "1" },
	{ 255, "255" },
	{ INT_MAX, "2147483647" },
	{ INT_MIN, "-2147483648" },
};

START_TEST(a_hooks_status_is_written_in_decimal_with_its_sign)
{
	const struct status	*c = &hook_statuses[_i];
	struct fixture		 f;

	fixture_init(&f, no_base, 5);
	runenv_set(&f.re, 1, 0, -1);
	runenv_on_give_up(&f.re, c->v, 1);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_STATUS"), c->want);
	fixture_free(&f);
}
END_TEST

START_TEST(the_run_id_is_32_lowercase_hex_digits)
{
	struct fixture	 f;
	const char	*id;

	fixture_init(&f, no_base, 5);
	runenv_set(&f.re, 1, 0, -1);
	id = value(runenv_envp(&f.re), "RETRY_RUN_ID");
	ck_assert_msg(is_run_id(id), "run id \"%s\"", id);
	fixture_free(&f);
}
END_TEST

START_TEST(the_run_id_stays_the_same_for_every_attempt_and_hook)
{
	struct fixture	f;
	char		first[RUN_ID_LEN + 1];
	uint64_t	n, delay = S;

	fixture_init(&f, no_base, 0);
	runenv_set(&f.re, 1, 0, -1);
	strcpy(first, value(runenv_envp(&f.re), "RETRY_RUN_ID"));
	for (n = 2; n <= 10; n++) {
		runenv_on_retry(&f.re, 1, delay);
		ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_RUN_ID"),
		    first);
		runenv_set(&f.re, n, n * S, 1);
		ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_RUN_ID"),
		    first);
	}
	runenv_on_give_up(&f.re, 1, 10);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_RUN_ID"), first);
	fixture_free(&f);
}
END_TEST

START_TEST(each_run_has_a_run_id_of_its_own)
{
	struct fixture	a, b;

	fixture_init(&a, no_base, 5);
	fixture_init(&b, no_base, 5);
	runenv_set(&a.re, 1, 0, -1);
	runenv_set(&b.re, 1, 0, -1);
	ck_assert_str_ne(value(runenv_envp(&a.re), "RETRY_RUN_ID"),
	    value(runenv_envp(&b.re), "RETRY_RUN_ID"));
	fixture_free(&a);
	fixture_free(&b);
}
END_TEST

/* A limit on attempts (0: none) and how it is written. */
static const struct attempt maxes[] = {
	{ 0, "0" },
	{ 1, "1" },
	{ 5, "5" },
	{ 1000, "1000" },
	{ UINT64_MAX, "18446744073709551615" },
};

START_TEST(max_attempts_is_0_for_unlimited_and_the_number_otherwise)
{
	const struct attempt	*c = &maxes[_i];
	struct fixture		 f;

	fixture_init(&f, no_base, c->n);
	runenv_set(&f.re, 1, 0, -1);
	ck_assert_str_eq(value(runenv_envp(&f.re), "RETRY_MAX_ATTEMPTS"),
	    c->want);
	fixture_free(&f);
}
END_TEST

START_TEST(the_on_retry_hook_gets_the_status_and_the_next_delay)
{
	static const char *const base[] = { "HOME=/", NULL };
	static const char *const want[] = {
		"HOME=/",
		"RETRY_ATTEMPT=2",
		"RETRY_MAX_ATTEMPTS=5",
		"RETRY_ELAPSED=1.250000",
		"RETRY_PREVIOUS_STATUS=3",
		ANY_RUN_ID,
		"RETRY_STATUS=7",
		"RETRY_NEXT_DELAY=2.000000",
		NULL
	};
	struct fixture	f;
	uint64_t	delay = 2 * S;

	fixture_init(&f, base, 5);
	runenv_set(&f.re, 2, 1250000000ULL, 3);
	runenv_on_retry(&f.re, 7, delay);
	expect_envp(runenv_envp(&f.re), want);
	fixture_free(&f);
}
END_TEST

START_TEST(the_on_give_up_hook_gets_the_status_and_the_attempts_made)
{
	static const char *const base[] = { "HOME=/", NULL };
	static const char *const want[] = {
		"HOME=/",
		"RETRY_ATTEMPT=1",
		"RETRY_MAX_ATTEMPTS=1",
		"RETRY_ELAPSED=0.000000",
		ANY_RUN_ID,
		"RETRY_STATUS=1",
		"RETRY_ATTEMPTS_MADE=1",
		NULL
	};
	struct fixture	f;

	fixture_init(&f, base, 1);
	runenv_set(&f.re, 1, 0, -1);
	runenv_on_give_up(&f.re, 1, 1);
	expect_envp(runenv_envp(&f.re), want);
	fixture_free(&f);
}
END_TEST

/*
 * --on-recover, after an --on-retry with no attempt of its own between
 * (side by side, a copy won while the hook ran): the attempt that
 * succeeded, how many failed, the last one's status, in place of the
 * first hook's variables.
 */
START_TEST(the_on_recover_hook_gets_the_attempt_and_the_failures)
{
	static const char *const base[] = { "HOME=/", NULL };
	static const char *const want[] = {
		"HOME=/",
		"RETRY_ATTEMPT=2",
		"RETRY_MAX_ATTEMPTS=5",
		"RETRY_ELAPSED=0.000000",
		"RETRY_PREVIOUS_STATUS=4",
		ANY_RUN_ID,
		"RETRY_STATUS=0",
		"RETRY_FAILURES=2",
		"RETRY_LAST_STATUS=-4",
		NULL
	};
	struct fixture	f;

	fixture_init(&f, base, 5);
	runenv_set(&f.re, 3, 0, 4);
	runenv_on_retry(&f.re, 4, 0);
	runenv_on_recover(&f.re, 0, 2, 2, -4);
	expect_envp(runenv_envp(&f.re), want);
	fixture_free(&f);
}
END_TEST

START_TEST(the_next_attempt_drops_the_hooks_variables)
{
	static const char *const base[] = { "HOME=/", NULL };
	static const char *const want[] = {
		"HOME=/",
		"RETRY_ATTEMPT=2",
		"RETRY_MAX_ATTEMPTS=0",
		"RETRY_ELAPSED=3.000000",
		"RETRY_PREVIOUS_STATUS=7",
		ANY_RUN_ID,
		NULL
	};
	struct fixture	f;
	uint64_t	delay = S;

	fixture_init(&f, base, 0);
	runenv_set(&f.re, 1, 0, -1);
	runenv_on_retry(&f.re, 7, delay);
	runenv_set(&f.re, 2, 3 * S, 7);
	expect_envp(runenv_envp(&f.re), want);
	fixture_free(&f);
}
END_TEST

/*
 * --on-give-up after --on-retry with no attempt between, as when the
 * deadline passes during the sleep: the second hook's variables replace
 * the first's; none is listed twice, and envp is not overrun (its room is
 * counted for one hook's variables).
 */
START_TEST(a_second_hook_replaces_the_first_hooks_variables)
{
	static const char *const want[] = {
		"RETRY_ATTEMPT=2",
		"RETRY_MAX_ATTEMPTS=0",
		"RETRY_ELAPSED=0.000000",
		"RETRY_PREVIOUS_STATUS=1",
		ANY_RUN_ID,
		"RETRY_STATUS=3",
		"RETRY_ATTEMPTS_MADE=2",
		NULL
	};
	static const char *const absent[] = { "RETRY_ATTEMPTS_MADE",
	    "RETRY_FAILURES", "RETRY_LAST_STATUS", NULL };
	struct fixture	f;
	uint64_t	delay = S;
	int		i;

	fixture_init(&f, no_base, 0);
	runenv_set(&f.re, 2, 0, 1);
	for (i = 0; i < 10; i++) {
		runenv_on_retry(&f.re, 1, delay);
		expect_once(runenv_envp(&f.re), absent);
	}
	runenv_on_give_up(&f.re, 3, 2);
	expect_envp(runenv_envp(&f.re), want);
	fixture_free(&f);
}
END_TEST

START_TEST(freeing_leaves_no_array_and_can_be_repeated)
{
	struct fixture	f;

	fixture_init(&f, no_base, 5);
	runenv_free(&f.re);
	ck_assert_ptr_null(runenv_envp(&f.re));
	fixture_free(&f);
}
END_TEST

/*
 * Environments of every size around RUNENV_ROOM (the room in the struct,
 * then the heap) hold the whole base in order and retry's variables
 * through attempts and both hooks; the struct starts as garbage, since
 * the room, unlike the heap's calloc, is not zeroed for it.
 */
START_TEST(every_size_of_environment_is_kept_whole_in_or_out_of_the_room)
{
	size_t		 n = (size_t)_i, i, j;
	char		**base, **envp;
	struct runenv	 re;
	uint64_t	 delay = S;

	ck_assert_ptr_nonnull(base = calloc(n + 1, sizeof *base));
	for (i = 0; i < n; i++) {
		/* Room for two of any size_t: gcc warns of less. */
		ck_assert_ptr_nonnull(base[i] = malloc(48));
		snprintf(base[i], 48, "V%zu=%zu", i, i * 7);
	}
	memset(&re, 0xa5, sizeof re);
	ck_assert_int_eq(runenv_init(&re, base, 3), 0);
	/* A hook before any attempt: --on-give-up when the budget refused. */
	runenv_on_give_up(&re, 75, 0);
	for (j = 1; j <= 3; j++) {
		runenv_set(&re, j, j * S, j > 1 ? 1 : -1);
		runenv_on_retry(&re, 1, delay);
	}
	runenv_on_give_up(&re, 1, 3);
	envp = runenv_envp(&re);
	for (i = 0; i < n; i++)
		ck_assert_str_eq(envp[i], base[i]);
	ck_assert_str_eq(envp[n], "RETRY_ATTEMPT=3");
	ck_assert_str_eq(value(envp, "RETRY_PREVIOUS_STATUS"), "1");
	ck_assert_str_eq(value(envp, "RETRY_STATUS"), "1");
	ck_assert_str_eq(value(envp, "RETRY_ATTEMPTS_MADE"), "3");
	ck_assert_int_eq(count(envp, "RETRY_NEXT_DELAY"), 0);
	for (j = n; envp[j] != NULL; j++)
		;
	ck_assert_uint_eq(j, n + 7);
	runenv_free(&re);
	ck_assert_ptr_null(runenv_envp(&re));
	for (i = 0; i < n; i++)
		free(base[i]);
	free(base);
}
END_TEST

static Suite *
runenv_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("runenv");

	tc = tcase_create("base");
	tcase_add_test(tc,
	    inherited_retry_variables_are_dropped_and_the_rest_kept_in_order);
	tcase_add_loop_test(tc, nesting_counts_the_layers_and_multiplies_the_limits,
	    0, sizeof nests / sizeof nests[0]);
	tcase_add_test(tc, an_empty_base_gives_only_retrys_own_variables);
	tcase_add_test(tc, the_base_array_is_not_kept);
	tcase_add_test(tc, freeing_leaves_no_array_and_can_be_repeated);
	tcase_add_loop_test(tc,
	    every_size_of_environment_is_kept_whole_in_or_out_of_the_room, 0,
	    RUNENV_ROOM + 40);
	suite_add_tcase(s, tc);

	tc = tcase_create("attempt");
	tcase_add_loop_test(tc, elapsed_is_seconds_to_the_nearest_microsecond,
	    0, nitems(seconds));
	tcase_add_test(tc, each_variable_is_set_once_for_every_attempt);
	tcase_add_test(tc, a_hedged_copy_after_the_first_gets_retry_hedge);
	tcase_add_test(tc, successes_in_a_row_are_given_only_with_the_option);
	tcase_add_loop_test(tc, the_attempt_number_is_written_in_decimal, 0,
	    nitems(attempts));
	tcase_add_test(tc, there_is_no_previous_status_before_the_first_attempt);
	tcase_add_loop_test(tc, the_previous_status_is_written_in_decimal, 0,
	    nitems(statuses));
	tcase_add_loop_test(tc,
	    max_attempts_is_0_for_unlimited_and_the_number_otherwise, 0,
	    nitems(maxes));
	suite_add_tcase(s, tc);

	tc = tcase_create("run id");
	tcase_add_test(tc, the_run_id_is_32_lowercase_hex_digits);
	tcase_add_test(tc,
	    the_run_id_stays_the_same_for_every_attempt_and_hook);
	tcase_add_test(tc, each_run_has_a_run_id_of_its_own);
	suite_add_tcase(s, tc);

	tc = tcase_create("hook");
	tcase_add_loop_test(tc,
	    next_delay_is_seconds_to_the_nearest_microsecond, 0,
	    nitems(seconds));
	tcase_add_loop_test(tc,
	    a_hooks_status_is_written_in_decimal_with_its_sign, 0,
	    nitems(hook_statuses));
	tcase_add_test(tc,
	    the_on_retry_hook_gets_the_status_and_the_next_delay);
	tcase_add_test(tc,
	    the_on_give_up_hook_gets_the_status_and_the_attempts_made);
	tcase_add_test(tc,
	    the_on_recover_hook_gets_the_attempt_and_the_failures);
	tcase_add_test(tc, the_next_attempt_drops_the_hooks_variables);
	tcase_add_test(tc, a_second_hook_replaces_the_first_hooks_variables);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(runenv_suite());
}
