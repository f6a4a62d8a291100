/*
 * The environment of the attempts and hooks. Inherited RETRY_* variables
 * of ours are dropped, so that a nested retry's attempts see its own
 * values only; the rest of the base environment is kept, in order.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "runenv.h"

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
};

/* Is e (NAME=VALUE) one of retry's variables? */
static int
is_retry_var(const char *e)
{
	size_t	i, len;

	for (i = 0; i < RUNENV_NVARS; i++) {
		len = strlen(retry_vars[i]);
		if (strncmp(e, retry_vars[i], len) == 0 && e[len] == '=')
			return 1;
	}
	return 0;
}

/*
 * The variables are written without stdio: every attempt sets them, and
 * printf's number formatting is pages of libc that a plain `retry -- true`
 * would otherwise fault in for nothing else.
 */
static char *
put_str(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	return p;
}

/* v in decimal, at least width digits. */
static char *
put_uint(char *p, uint64_t v, int width)
{
	char	digits[20];
	int	n = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0 || n < width);
	while (n > 0)
		*p++ = digits[--n];
	return p;
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
	if ((re->envp = calloc(n + RUNENV_NVARS + 1, sizeof *re->envp)) == NULL)
		return -1;
	re->nbase = 0;
	for (i = 0; i < n; i++)
		if (!is_retry_var(base[i]))
			re->envp[re->nbase++] = base[i];
	p = put_str(re->vars[RUNENV_MAX], "RETRY_MAX_ATTEMPTS=");
	*put_uint(p, max_attempts, 1) = '\0';
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
	re->envp[i] = NULL;
}

/*
 * Add a hook's variables to the attempt's: the status that just ended, and
 * the next delay (on-retry) or the attempts made (on-give-up).
 */
void
runenv_hook(struct runenv *re, int status, const uint64_t *delay,
    uint64_t made)
{
	size_t	i;

	/*
	 * In place of an earlier hook's: --on-give-up can follow --on-retry
	 * with no attempt between (the deadline passed during the sleep), and
	 * appending would list RETRY_STATUS twice and overrun envp.
	 */
	for (i = re->nbase; re->envp[i] != NULL &&
	    re->envp[i] != re->vars[RUNENV_STATUS]; i++)
		;
	var_int(re->vars[RUNENV_STATUS], "RETRY_STATUS", status);
	re->envp[i++] = re->vars[RUNENV_STATUS];
	if (delay != NULL) {
		var_seconds(re->vars[RUNENV_NEXT_DELAY], "RETRY_NEXT_DELAY",
		    *delay);
		re->envp[i++] = re->vars[RUNENV_NEXT_DELAY];
	} else {
		var_int(re->vars[RUNENV_ATTEMPTS_MADE], "RETRY_ATTEMPTS_MADE",
		    (long long)made);
		re->envp[i++] = re->vars[RUNENV_ATTEMPTS_MADE];
	}
	re->envp[i] = NULL;
}

/* The NULL-terminated environment to exec an attempt or a hook with. */
char **
runenv_envp(const struct runenv *re)
{
	return re->envp;
}

/* Free the array (not the strings of the base, which are the caller's). */
void
runenv_free(struct runenv *re)
{
	free(re->envp);
	re->envp = NULL;
}
