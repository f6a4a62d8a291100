/* SPDX-License-Identifier: ISC */
/*
 * The environment of the attempts and hooks. Inherited RETRY_* variables
 * of ours are dropped, so that a nested retry's attempts see its own
 * values only; the rest of the base environment is kept, in order.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy/put.h"
#include "proc/rng.h"
#include "run/runenv.h"

/* Variables retry sets for attempts and hooks; inherited ones are dropped. */
static const char *const retry_vars[RUNENV_NVARS] = {
	[RUNENV_ATTEMPT] = "RETRY_ATTEMPT",
	[RUNENV_MAX] = "RETRY_MAX_ATTEMPTS",
	[RUNENV_ELAPSED] = "RETRY_ELAPSED",
	[RUNENV_PREVIOUS] = "RETRY_PREVIOUS_STATUS",
	[RUNENV_RUN_ID] = "RETRY_RUN_ID",
	[RUNENV_STATUS] = "RETRY_STATUS",
	[RUNENV_NEXT_DELAY] = "RETRY_NEXT_DELAY",
	[RUNENV_ATTEMPTS_MADE] = "RETRY_ATTEMPTS_MADE",
	[RUNENV_NESTING] = "RETRY_NESTING",
	[RUNENV_CONTROL] = "RETRY_CONTROL",
	[RUNENV_HEDGE] = "RETRY_HEDGE",
	[RUNENV_FAILURES] = "RETRY_FAILURES",
	[RUNENV_LAST_STATUS] = "RETRY_LAST_STATUS",
	[RUNENV_SUCCESSES] = "RETRY_SUCCESSES",
};

/*
 * Is e (NAME=VALUE) one of retry's variables, or the redis: store's
 * password, which no attempt or hook is given?
 */
static int
is_retry_var(const char *e)
{
	size_t	i, len;

	if (strncmp(e, "RETRY_", 6) != 0)	/* most are not: one look */
		return 0;
	if (strncmp(e, "RETRY_STORE_PASSWORD=", 21) == 0)
		return 1;
	for (i = 0; i < RUNENV_NVARS; i++) {
		len = strlen(retry_vars[i]);
		if (strncmp(e, retry_vars[i], len) == 0 && e[len] == '=')
			return 1;
	}
	return 0;
}

/* NAME=V, V an integer, in buf (64 bytes: room for any name and value). */
static void
var_int(char *buf, const char *name, long long v)
{
	char	*p = put_str(buf, name);

	*p++ = '=';
	if (v < 0) {
		*p++ = '-';
		p = put_uint(p, 0 - (uint64_t)v, 1);
	} else
		p = put_uint(p, (uint64_t)v, 1);
	*p = '\0';
}

/* NAME=S.UUUUUU: nanoseconds as seconds to the nearest microsecond. */
static void
var_seconds(char *buf, const char *name, uint64_t ns)
{
	uint64_t	us = ns / 1000 + (ns % 1000 >= 500);
	char		*p = put_str(buf, name);

	*p++ = '=';
	p = put_uint(p, us / 1000000, 1);
	*p++ = '.';
	p = put_uint(p, us % 1000000, 6);
	*p = '\0';
}

/*
 * Start from base (the pointers to its strings are copied, the array is
 * not kept), less retry's variables; set RETRY_MAX_ATTEMPTS and a fresh
 * RETRY_RUN_ID.
 */
/* The value of variable name in base, or NULL. */
static const char *
base_value(char *const *base, const char *name)
{
	size_t	i, len = strlen(name);

	for (i = 0; base[i] != NULL; i++)
		if (strncmp(base[i], name, len) == 0 && base[i][len] == '=')
			return base[i] + len + 1;
	return NULL;
}

/* Layers beyond this are not believed: RETRY_NESTING is then ignored. */
#define NESTING_MAX 1000

/*
 * A whole decimal number at s, up to end (a ':' or the end of the
 * string), into *v; -1 when it is not one, or past UINT64_MAX.
 */
static int
number(const char *s, char end, uint64_t *v)
{
	const char	*p = s;

	*v = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (*v > (UINT64_MAX - 9) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(*p - '0');
	}
	return p != s && *p == end ? 0 : -1;
}

/*
 * Retries around retries multiply: count the layers around our attempts
 * and the runs their limits allow (0: no limit), from what an outer
 * retry left: RETRY_NESTING (LAYERS:RUNS) from a nested one, or only
 * RETRY_RUN_ID and RETRY_MAX_ATTEMPTS from the outermost. A value that
 * does not parse, or an absurd depth, is not believed.
 */
static void
nesting(struct runenv *re, char *const *base, uint64_t max_attempts)
{
	const char	*v = base_value(base, "RETRY_NESTING"), *colon;
	uint64_t	 layers, outer;

	re->layers = 1;
	re->runs = max_attempts;
	if (base_value(base, "RETRY_RUN_ID") == NULL)
		return;
	if (v != NULL && (colon = strchr(v, ':')) != NULL &&
	    number(v, ':', &layers) == 0 && layers >= 1 &&
	    layers < NESTING_MAX && number(colon + 1, '\0', &outer) == 0) {
		re->layers = layers + 1;
	} else {
		re->layers = 2;
		v = base_value(base, "RETRY_MAX_ATTEMPTS");
		if (v == NULL || number(v, '\0', &outer) == -1)
			outer = 0;	/* unknown: as no limit */
	}
	/* No limit anywhere, or past counting: as no limit. */
	if (outer == 0 || max_attempts == 0 ||
	    outer > UINT64_MAX / max_attempts)
		re->runs = 0;
	else
		re->runs = outer * max_attempts;
}

int
runenv_init(struct runenv *re, char *const *base, uint64_t max_attempts)
{
	static const char	hex[] = "0123456789abcdef";
	unsigned char	id[16];
	size_t		n = 0, i;
	char		*p;
	int		saved;

	for (i = 0; base[i] != NULL; i++)
		n++;
	if (n + RUNENV_NVARS + 1 <= RUNENV_ROOM)
		re->envp = re->room;
	else if ((re->envp = calloc(n + RUNENV_NVARS + 1,
	    sizeof *re->envp)) == NULL)
		return -1;
	re->nbase = 0;
	re->control = NULL;
	re->hedge = 0;
	re->successes = -1;
	for (i = 0; i < n; i++)
		if (!is_retry_var(base[i]))
			re->envp[re->nbase++] = base[i];
	p = put_str(re->vars[RUNENV_MAX], "RETRY_MAX_ATTEMPTS=");
	*put_uint(p, max_attempts, 1) = '\0';
	/* Nested: tell a retry inside our attempts how deep it is. */
	nesting(re, base, max_attempts);
	if (re->layers > 1) {
		p = put_str(re->vars[RUNENV_NESTING], "RETRY_NESTING=");
		p = put_uint(p, re->layers, 1);
		*p++ = ':';
		*put_uint(p, re->runs, 1) = '\0';
		re->envp[re->nbase++] = re->vars[RUNENV_NESTING];
	}
	re->envp[re->nbase] = NULL;	/* room is not zeroed, as calloc's is */
	if (rng_kernel_bytes(id, sizeof id) == -1) {
		saved = errno;
		runenv_free(re);
		errno = saved;
		return -1;
	}
	p = put_str(re->vars[RUNENV_RUN_ID], "RETRY_RUN_ID=");
	for (i = 0; i < sizeof id; i++) {
		*p++ = hex[id[i] >> 4];
		*p++ = hex[id[i] & 0xf];
	}
	*p = '\0';
	return 0;
}

/* Set the variables of attempt n; prev < 0: there was none before. */
void
runenv_set(struct runenv *re, uint64_t n, uint64_t elapsed_ns, int prev)
{
	size_t	i = re->nbase;

	var_int(re->vars[RUNENV_ATTEMPT], "RETRY_ATTEMPT", (long long)n);
	var_seconds(re->vars[RUNENV_ELAPSED], "RETRY_ELAPSED", elapsed_ns);
	var_int(re->vars[RUNENV_PREVIOUS], "RETRY_PREVIOUS_STATUS", prev);
	re->envp[i++] = re->vars[RUNENV_ATTEMPT];
	re->envp[i++] = re->vars[RUNENV_MAX];
	re->envp[i++] = re->vars[RUNENV_ELAPSED];
	if (prev >= 0)
		re->envp[i++] = re->vars[RUNENV_PREVIOUS];
	re->envp[i++] = re->vars[RUNENV_RUN_ID];
	if (re->control != NULL)
		re->envp[i++] = re->control;
	if (re->hedge) {
		*put_str(re->vars[RUNENV_HEDGE], "RETRY_HEDGE=1") = '\0';
		re->envp[i++] = re->vars[RUNENV_HEDGE];
	}
	if (re->successes >= 0) {
		var_int(re->vars[RUNENV_SUCCESSES], "RETRY_SUCCESSES",
		    re->successes);
		re->envp[i++] = re->vars[RUNENV_SUCCESSES];
	}
	re->envp[i] = NULL;
}

/*
 * RETRY_CONTROL=PATH (the caller's string, kept until it says otherwise)
 * for the attempts set from now on; NULL: none.
 */
void
runenv_control(struct runenv *re, char *entry)
{
	re->control = entry;
}

/*
 * Where a hook's variables go: in place of an earlier hook's, since
 * --on-give-up can follow --on-retry with no attempt between (the
 * deadline passed during the sleep), and appending would list
 * RETRY_STATUS twice and overrun envp. Sets RETRY_STATUS, the status
 * that just ended; returns the next free slot.
 */
static size_t
hook_status(struct runenv *re, int status)
{
	size_t	i;

	for (i = re->nbase; re->envp[i] != NULL &&
	    re->envp[i] != re->vars[RUNENV_STATUS]; i++)
		;
	var_int(re->vars[RUNENV_STATUS], "RETRY_STATUS", status);
	re->envp[i++] = re->vars[RUNENV_STATUS];
	return i;
}

/* Add --on-retry's variables: the status, and the next delay. */
void
runenv_on_retry(struct runenv *re, int status, uint64_t delay)
{
	size_t	i = hook_status(re, status);

	var_seconds(re->vars[RUNENV_NEXT_DELAY], "RETRY_NEXT_DELAY", delay);
	re->envp[i++] = re->vars[RUNENV_NEXT_DELAY];
	re->envp[i] = NULL;
}

/* Add --on-give-up's variables: the status, and the attempts made. */
void
runenv_on_give_up(struct runenv *re, int status, uint64_t made)
{
	size_t	i = hook_status(re, status);

	var_int(re->vars[RUNENV_ATTEMPTS_MADE], "RETRY_ATTEMPTS_MADE",
	    (long long)made);
	re->envp[i++] = re->vars[RUNENV_ATTEMPTS_MADE];
	re->envp[i] = NULL;
}

/*
 * Add --on-recover's variables: the status, the attempt that succeeded
 * (in RETRY_ATTEMPT: side by side, the copy started last may be another),
 * how many failed, and the last failure's status.
 */
void
runenv_on_recover(struct runenv *re, int status, uint64_t attempt,
    uint64_t failures, int last)
{
	size_t	i = hook_status(re, status);

	var_int(re->vars[RUNENV_ATTEMPT], "RETRY_ATTEMPT", (long long)attempt);
	var_int(re->vars[RUNENV_FAILURES], "RETRY_FAILURES",
	    (long long)failures);
	var_int(re->vars[RUNENV_LAST_STATUS], "RETRY_LAST_STATUS", last);
	re->envp[i++] = re->vars[RUNENV_FAILURES];
	re->envp[i++] = re->vars[RUNENV_LAST_STATUS];
	re->envp[i] = NULL;
}

/* The NULL-terminated environment to exec an attempt or a hook with. */
char **
runenv_envp(const struct runenv *re)
{
	return re->envp;
}

/* The run's id, as RETRY_RUN_ID gives it to every attempt. */
const char *
runenv_run_id(const struct runenv *re)
{
	return re->vars[RUNENV_RUN_ID] + sizeof "RETRY_RUN_ID=" - 1;
}

/* The layers of retries around our attempts, and the runs they allow. */
void
runenv_nesting(const struct runenv *re, uint64_t *layers, uint64_t *runs)
{
	*layers = re->layers;
	*runs = re->runs;
}

/* Free the array (not the strings of the base, which are the caller's). */
void
runenv_free(struct runenv *re)
{
	if (re->envp != re->room)
		free(re->envp);
	re->envp = NULL;
}
