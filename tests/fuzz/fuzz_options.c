/* SPDX-License-Identifier: ISC */
/* Fuzz options_parse on "retry" and up to 64 NUL-separated words. */
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "policy/backoff.h"
#include "policy/duration.h"
#include "invariants.h"
#include "run/options.h"
#include "policy/statuslist.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define MAXWORDS 64
#define ERRLEN 512

/* The vector: argv[0] and the words, each in a buffer of its exact size. */
struct vec {
	int	 argc;
	char	*argv[MAXWORDS + 2];
	size_t	 len[MAXWORDS + 2];
};

static void
vec_split(struct vec *v, const uint8_t *data, size_t size)
{
	const uint8_t	*p = data, *end = data + size, *nul;
	size_t		 len;

	v->argc = 0;
	v->argv[v->argc] = strdup("retry");
	v->len[v->argc++] = sizeof "retry";
	while (size > 0 && v->argc <= MAXWORDS) {
		nul = memchr(p, '\0', (size_t)(end - p));
		len = nul != NULL ? (size_t)(nul - p) : (size_t)(end - p);
		if ((v->argv[v->argc] = malloc(len + 1)) == NULL)
			break;
		memcpy(v->argv[v->argc], p, len);
		v->argv[v->argc][len] = '\0';
		v->len[v->argc++] = len + 1;
		if (nul == NULL)
			break;
		p = nul + 1;
	}
	v->argv[v->argc] = NULL;
}

static void
vec_free(struct vec *v)
{
	int	i;

	for (i = 0; i < v->argc; i++)
		free(v->argv[i]);
}

/* Does p point into one of the words? */
static int
vec_holds(const struct vec *v, const char *p)
{
	int	i;

	for (i = 0; i < v->argc; i++)
		if (p >= v->argv[i] && p < v->argv[i] + v->len[i])
			return 1;
	return 0;
}

/* What an accepted command line must look like, then its delays. */
static void
check_run(const struct options *o, const struct vec *v)
{
	const struct backoff	*b = &o->backoff;
	size_t			 i;

	CHECK(o->ncommand >= 0 && o->ncommand < v->argc);
	CHECK(o->command == v->argv + v->argc - o->ncommand);
	CHECK(o->command[o->ncommand] == NULL);
	CHECK(o->ncommand > 0 || o->dry_run);
	CHECK(o->verbosity >= -1 && o->verbosity <= 9);
	CHECK(o->stop_signal > 0 && o->stop_signal < NSIG);
	CHECK(o->label == NULL || vec_holds(v, o->label));
	CHECK(o->kill_after <= DURATION_MAX && o->reset_after <= DURATION_MAX);
	CHECK((o->timeouts != NULL) == (o->ntimeouts > 0));
	for (i = 0; i < o->ntimeouts; i++)
		CHECK(o->timeouts[i] <= DURATION_MAX);
	CHECK(o->max_server_wait.most <= DURATION_MAX);
	CHECK(o->deadline <= DURATION_MAX && o->splay <= DURATION_MAX);
	CHECK(b->base <= DURATION_MAX && b->cap <= DURATION_MAX);
	CHECK(!statuslist_empty(&o->success_on));
	CHECK(o->stdin_mode >= STDIN_DEFAULT && o->stdin_mode <= STDIN_NULL);
	CHECK(o->stdout_mode == STDOUT_STREAM || o->stdout_mode == STDOUT_HOLD);
	CHECK(o->log_format == LOG_TEXT || o->log_format == LOG_JSON);
	CHECK(b->factor > 1 && b->factor <= 1e6);

	CHECK((o->delays != NULL) == (b->strategy == STRATEGY_LIST));
	if (o->delays != NULL) {
		CHECK(b->delays == o->delays && b->ndelays > 0);
		for (i = 0; i < b->ndelays; i++)
			CHECK(b->delays[i] <= DURATION_MAX);
	}
	/* --strategy=decorrelated and --jitter=decorrelated: one policy. */
	if (b->strategy == STRATEGY_DECORRELATED)
		CHECK(b->jitter == JITTER_DECORRELATED);
	if (b->jitter == JITTER_DECORRELATED)
		CHECK(b->strategy == STRATEGY_DECORRELATED ||
		    b->strategy == STRATEGY_LIST);
	if (b->jitter == JITTER_PROPORTIONAL)
		CHECK(b->jitter_ratio > 0 && b->jitter_ratio <= 1);
	if (b->jitter == JITTER_NORMAL)
		CHECK(b->jitter_ratio > 0 && b->jitter_ratio <= 1e6);
	invariants_backoff(b);
}

/* A second parse of the same vector must give the same options. */
static void
check_same(const struct options *a, const struct options *b)
{
	CHECK(a->attempts == b->attempts);
	CHECK(a->backoff.strategy == b->backoff.strategy);
	CHECK(a->backoff.jitter == b->backoff.jitter);
	CHECK(a->backoff.base == b->backoff.base);
	CHECK(a->backoff.cap == b->backoff.cap);
	CHECK(a->backoff.factor == b->backoff.factor);
	CHECK(a->backoff.jitter_ratio == b->backoff.jitter_ratio);
	CHECK(a->backoff.jitter_add == b->backoff.jitter_add);
	CHECK(a->backoff.ndelays == b->backoff.ndelays);
	if (a->backoff.ndelays > 0)
		CHECK(memcmp(a->backoff.delays, b->backoff.delays,
		    a->backoff.ndelays * sizeof *a->backoff.delays) == 0);
	CHECK(memcmp(&a->retry_on, &b->retry_on, sizeof a->retry_on) == 0);
	CHECK(memcmp(&a->stop_on, &b->stop_on, sizeof a->stop_on) == 0);
	CHECK(memcmp(&a->success_on, &b->success_on,
	    sizeof a->success_on) == 0);
	CHECK(a->retry_on_given == b->retry_on_given);
	CHECK(a->ntimeouts == b->ntimeouts && a->kill_after == b->kill_after);
	if (a->ntimeouts > 0)
		CHECK(memcmp(a->timeouts, b->timeouts,
		    a->ntimeouts * sizeof *a->timeouts) == 0);
	CHECK(a->reset_after == b->reset_after);
	CHECK(a->max_server_wait.most == b->max_server_wait.most &&
	    a->max_server_wait.give_up == b->max_server_wait.give_up);
	CHECK(a->stop_signal == b->stop_signal);
	CHECK(a->deadline == b->deadline && a->splay == b->splay);
	CHECK(a->foreground == b->foreground);
	CHECK(a->stdin_mode == b->stdin_mode);
	CHECK(a->stdout_mode == b->stdout_mode);
	CHECK(a->seeded == b->seeded && a->seed == b->seed);
	CHECK(a->dry_run == b->dry_run && a->label == b->label);
	CHECK(a->verbosity == b->verbosity);
	CHECK(a->log_format == b->log_format);
	CHECK(a->command == b->command && a->ncommand == b->ncommand);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vec		 v;
	struct options		 a, b;
	char			 erra[ERRLEN], errb[ERRLEN];
	char			*saved[MAXWORDS + 2];
	enum options_result	 ra, rb;

	vec_split(&v, data, size);
	memcpy(saved, v.argv, sizeof saved);
	/* err is written on a usage error only (main's room stays untouched). */
	memset(erra, 'A', sizeof erra);
	memset(errb, 'B', sizeof errb);
	ra = options_parse(&a, v.argc, v.argv, erra, sizeof erra);
	rb = options_parse(&b, v.argc, v.argv, errb, sizeof errb);
	CHECK(ra >= OPTIONS_ERROR && ra <= OPTIONS_VERSION);
	CHECK(ra == rb);
	if (ra == OPTIONS_ERROR)
		CHECK(strcmp(erra, errb) == 0);
	else
		CHECK(erra[0] == 'A' && errb[0] == 'B');
	/* getopt's '+' mode permutes nothing. */
	CHECK(memcmp(saved, v.argv, sizeof saved) == 0);
	switch (ra) {
	case OPTIONS_ERROR:
		CHECK(erra[0] != '\0' && strlen(erra) < sizeof erra);
		break;
	case OPTIONS_RUN:
		check_same(&a, &b);
		check_run(&a, &v);
		break;
	default:
		break;
	}
	options_free(&a);
	options_free(&b);
	vec_free(&v);
	return 0;
}
