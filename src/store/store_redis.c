/* SPDX-License-Identifier: ISC */
/*
 * The redis: store, for the runs of many hosts. Per budget NAME, keys
 * that share the hash tag {NAME}, so that a Redis Cluster keeps them in
 * one slot (the keys of 1.0, retry:budget:NAME..., are not read):
 *
 *   retry:{NAME}:budget   a hash: tokens, at (the bucket)
 *   retry:{NAME}:breaker  a hash: fails, open_until, probe_until, and
 *                         the hosts of the failures in a row (fhost,
 *                         fmany: whether another host failed too)
 *   retry:{NAME}:hosts    a sorted set: each host, by when it last asked
 *                         (for the quorum of the breaker)
 *
 * Each change is one Lua script (redis_lua.c; loaded once a run with
 * SCRIPT LOAD, run with EVALSHA once its SHA1 is known, with EVAL before
 * and on NOSCRIPT) doing budget.c's arithmetic with the server's clock
 * (TIME, in microseconds: exact in Lua's doubles), so that the hosts'
 * clocks do not matter. Every key expires when the budget has been idle
 * long enough to be full again.
 *
 * The connection, the commands and their time are the session's
 * (redis_session.c); any failure, a wrong answer included, is the
 * caller's to fail open.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hiredis/hiredis.h>

#include "store/redis_bound.h"
#include "store/redis_lua.h"
#include "store/redis_session.h"
#include "store/redis_url.h"
#include "store/store.h"
#include "store/store_redis.h"

/*
 * The most a server's reply may hold before the reader keeps it (see
 * redis_bound.c): hiredis keeps what a reply announces until all of it
 * has come, so without a bound a server that announces 2 GB costs 2 GB.
 * The longest the store is sent: a script's answer, six numbers (an
 * integer each, or a string of "%.0f" or "%.9f": a double's 309 digits
 * at most, 9 decimals, a sign: under 330 bytes); SCRIPT LOAD's SHA1
 * (40); TIME's two numbers; a dry run's HMGET, the numbers a script
 * wrote (a value that is longer is no state of a run's); a line, "+OK",
 * an integer, or an error: Redis's words on a script (its SHA1, a line
 * of it) or a redirection (a host name, 255 bytes, and a port), a few
 * hundred bytes. With room for a server that says more than these, ten
 * times that: a string or a line of 4 KiB, an array of 64 (six now);
 * and 64 KiB for all of a reply, so that a server nesting arrays costs
 * no more. A reply over these is refused and the call fails open.
 */
static const struct redis_limits store_redis_limits = {
	.line = 4096,
	.bulk = 4096,
	.elements = 64,
	.reply = 65536,
};

/* The scripts' order in struct redis_store's scripts. */
enum {
	SCRIPT_ADMIT,
	SCRIPT_REPORT,
};

struct redis_store {
	struct store		 base;
	struct redis_session	 session;
	struct redis_script	 scripts[2];	/* SCRIPT_ADMIT, _REPORT */
	char			 host[256];
	char			 key[3][BUDGET_NAME_MAX + 32];
	char			 ttl[24];	/* ms, for PEXPIRE */
};

/*
 * Run a script with the budget's keys and parameters, then the call's own
 * arguments (n of them) and the host and expiry (see redis_lua.c).
 */
static redisReply *
script(struct redis_store *rs, int which, const char **own, int n)
{
	const struct budget_params	*p = &rs->base.params;
	const char			*argv[24];
	char				 num[7][40];
	int				 i, argc = 2;	/* the session's two */

	snprintf(num[0], sizeof num[0], "%.17g", p->burst);
	snprintf(num[1], sizeof num[1], "%.17g", p->ratio);
	snprintf(num[2], sizeof num[2], "%.17g", p->rate);
	snprintf(num[3], sizeof num[3], "%.17g", p->gain);
	snprintf(num[4], sizeof num[4], "%lu", (unsigned long)p->breaker_k);
	snprintf(num[5], sizeof num[5], "%llu",
	    (unsigned long long)(p->breaker_ns / 1000));
	snprintf(num[6], sizeof num[6], "%.17g", p->recover);
	argv[argc++] = "3";
	for (i = 0; i < 3; i++)
		argv[argc++] = rs->key[i];
	for (i = 0; i < 7; i++)
		argv[argc++] = num[i];
	for (i = 0; i < n; i++)
		argv[argc++] = own[i];
	argv[argc++] = rs->host;
	argv[argc++] = rs->ttl;
	return redis_session_script(&rs->session, &rs->scripts[which], argc,
	    argv);
}

/* An element of a script's reply as a number; -1 when it is not one. */
static int
element_num(const redisReply *r, size_t i, double *out)
{
	char	*end;

	if (i >= r->elements)
		return -1;
	r = r->element[i];
	if (r->type == REDIS_REPLY_INTEGER) {
		*out = (double)r->integer;
		return 0;
	}
	if (r->type != REDIS_REPLY_STRING || r->str[0] == '\0')
		return -1;
	*out = strtod(r->str, &end);
	return *end == '\0' ? 0 : -1;
}

/* Say once that the keys held what no run writes. */
static void
warn_fresh(struct redis_store *rs)
{
	size_t	n = strlen(rs->base.warning);

	/* After the clear password's warning of the same call, if any. */
	snprintf(rs->base.warning + n, sizeof rs->base.warning - n,
	    "%sbudget %s in the redis: store held what no run writes; "
	    "starting a fresh budget", n > 0 ? "; " : "", rs->base.name);
}

/* Element i of a script's reply says the state was corrupt: say so once. */
static void
corrupt(struct redis_store *rs, const redisReply *r, size_t i)
{
	double	v;

	if (element_num(r, i, &v) == 0 && v == 1)
		warn_fresh(rs);
}

/* A reply saying that the key is of another type (which a run replaces). */
static int
wrong_type(const redisReply *r)
{
	return r->type == REDIS_REPLY_ERROR &&
	    strncmp(r->str, "WRONGTYPE", 9) == 0;
}

/* An HMGET reply with a field present. */
static int
has_field(const redisReply *r)
{
	size_t	i;

	if (r->type != REDIS_REPLY_ARRAY)
		return 0;
	for (i = 0; i < r->elements; i++)
		if (r->element[i]->type != REDIS_REPLY_NIL)
			return 1;
	return 0;
}

static int
redis_admit(struct store *s, enum budget_attempt attempt,
    struct budget_grant *g)
{
	struct redis_store	*rs = (struct redis_store *)s;
	const char		*own[1];
	redisReply		*r;
	double			 answer, probe, wait, tokens, circ;

	own[0] = attempt == BUDGET_FIRST ? "1" : "0";
	memset(g, 0, sizeof *g);
	redis_session_begin(&rs->session);
	if ((r = script(rs, SCRIPT_ADMIT, own, 1)) == NULL)
		return -1;
	if (r->type != REDIS_REPLY_ARRAY || r->elements != 6 ||
	    element_num(r, 0, &answer) == -1 || answer < 0 || answer > 2 ||
	    element_num(r, 1, &probe) == -1 ||
	    element_num(r, 2, &wait) == -1 ||
	    element_num(r, 3, &tokens) == -1 || !(tokens >= 0) ||
	    element_num(r, 4, &circ) == -1 || circ < 0 || circ > 2) {
		redis_reply_free(r);
		redis_session_drop(&rs->session);
		return redis_session_fail(&rs->session,
		    "a wrong answer to the budget's script", NULL);
	}
	corrupt(rs, r, 5);
	g->circuit = circ == 1 ? CIRCUIT_OPEN : circ == 2 ? CIRCUIT_HALF_OPEN :
	    CIRCUIT_CLOSED;
	redis_reply_free(r);
	g->answer = answer == 0 ? BUDGET_GO : answer == 1 ? BUDGET_NO_TOKEN :
	    BUDGET_OPEN;
	g->probe = probe == 1;
	g->tokens = tokens;
	g->wait = wait < 0 || wait * 1000 >= 9e18 ? UINT64_MAX :
	    (uint64_t)(wait * 1000);
	return 0;
}

static int
redis_report(struct store *s, enum budget_result res,
    const struct budget_ticket *t)
{
	struct redis_store	*rs = (struct redis_store *)s;
	const char		*own[3];
	redisReply		*r;

	own[0] = res == BUDGET_SUCCESS ? "s" : res == BUDGET_FAILURE ? "f" :
	    "n";
	own[1] = t->token ? "1" : "0";
	own[2] = t->probe ? "1" : "0";
	if (res == BUDGET_NEUTRAL && !t->probe)
		return 0;	/* nothing to change */
	redis_session_begin(&rs->session);
	if ((r = script(rs, SCRIPT_REPORT, own, 3)) == NULL)
		return -1;
	if (r->type == REDIS_REPLY_ARRAY)
		corrupt(rs, r, 0);
	redis_reply_free(r);
	return 0;
}

/* A hash field as a whole number of microseconds, in ns; 0 when absent. */
static uint64_t
field_ns(const redisReply *r, size_t i)
{
	double	v;

	if (element_num(r, i, &v) == -1 || !(v > 0) || v >= 9e15)
		return 0;
	return (uint64_t)v * 1000;
}

/*
 * The state in a dry run's HMGET replies, b the bucket's and c the
 * breaker's, at the server's time now; *fresh when there is none yet.
 */
static void
state_of(struct redis_store *rs, const redisReply *b, const redisReply *c,
    uint64_t now, struct budget_state *st, int *fresh)
{
	double	tokens;

	/* A wrong type has no elements: fresh, as the next call makes it. */
	*fresh = element_num(b, 0, &tokens) == -1 || !(tokens >= 0);
	if (wrong_type(b) || wrong_type(c) || (*fresh && has_field(b)))
		warn_fresh(rs);
	if (*fresh) {
		budget_fresh(&rs->base.params, st, now);
		return;
	}
	st->tokens = tokens;
	st->at = field_ns(b, 1);
	st->fails = element_num(c, 0, &tokens) == 0 && tokens > 0 &&
	    tokens < UINT32_MAX ? (uint32_t)tokens : 0;
	st->tokens = element_num(b, 0, &tokens) == 0 ? tokens : 0;
	st->open_until = field_ns(c, 1);
	st->probe_until = field_ns(c, 2);
}

/* The state as it is, and the server's time (a dry run). */
static int
redis_read(struct store *s, struct budget_state *st, uint64_t *now,
    int *fresh)
{
	struct redis_store	*rs = (struct redis_store *)s;
	const char		*argv[6];
	redisReply		*t, *b, *c;
	double			 sec, usec;

	memset(st, 0, sizeof *st);
	redis_session_begin(&rs->session);
	argv[0] = "TIME";
	if ((t = redis_session_command(&rs->session, 1, argv, NULL)) == NULL)
		return -1;
	argv[0] = "HMGET";
	argv[1] = rs->key[0];
	argv[2] = "tokens";
	argv[3] = "at";
	if ((b = redis_session_command(&rs->session, 4, argv, NULL)) == NULL) {
		redis_reply_free(t);
		return -1;
	}
	argv[1] = rs->key[1];
	argv[2] = "fails";
	argv[3] = "open_until";
	argv[4] = "probe_until";
	if ((c = redis_session_command(&rs->session, 5, argv, NULL)) == NULL) {
		redis_reply_free(t);
		redis_reply_free(b);
		return -1;
	}
	if (t->type != REDIS_REPLY_ARRAY || element_num(t, 0, &sec) == -1 ||
	    element_num(t, 1, &usec) == -1 ||
	    (b->type != REDIS_REPLY_ARRAY && !wrong_type(b)) ||
	    (c->type != REDIS_REPLY_ARRAY && !wrong_type(c))) {
		redis_reply_free(t);
		redis_reply_free(b);
		redis_reply_free(c);
		return redis_session_fail(&rs->session,
		    "a wrong answer to TIME or HMGET", NULL);
	}
	*now = ((uint64_t)sec * 1000000 + (uint64_t)usec) * 1000;
	state_of(rs, b, c, *now, st, fresh);
	redis_reply_free(t);
	redis_reply_free(b);
	redis_reply_free(c);
	return 0;
}

static void
redis_close(struct store *s)
{
	struct redis_store	*rs = (struct redis_store *)s;

	redis_session_close(&rs->session);
	free(rs);
}

static const struct store_ops redis_ops = {
	redis_admit, redis_report, redis_read, redis_close,
};

/*
 * How long an idle budget's keys stay: until its bucket would be full
 * again and its circuit closed, a minute at least, 30 days at most. A
 * call never shortens what another run's call set.
 */
static void
set_ttl(struct redis_store *rs)
{
	const struct budget_params	*p = &rs->base.params;
	double				 s = 60;

	if (p->rate > 0)
		s += p->burst / p->rate;
	else
		s = 30 * 86400;
	s += 2 * (double)p->breaker_ns / 1e9;
	if (s > 30 * 86400)
		s = 30 * 86400;
	snprintf(rs->ttl, sizeof rs->ttl, "%.0f", s * 1000);
}

/*
 * Open budget name in the store at url. Nothing is sent yet: the first
 * call connects. NULL with one line in err when it cannot be.
 */
struct store *
store_redis_open(const struct redis_url *url, const char *name,
    const struct budget_params *p, char *err, size_t errlen)
{
	struct redis_store	*rs;

	if ((rs = calloc(1, sizeof *rs)) == NULL) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	rs->base.ops = &redis_ops;
	rs->base.params = *p;
	snprintf(rs->base.name, sizeof rs->base.name, "%s", name);
	snprintf(rs->key[0], sizeof rs->key[0], "retry:{%s}:budget", name);
	snprintf(rs->key[1], sizeof rs->key[1], "retry:{%s}:breaker", name);
	snprintf(rs->key[2], sizeof rs->key[2], "retry:{%s}:hosts", name);
	if (gethostname(rs->host, sizeof rs->host) == -1 ||
	    rs->host[0] == '\0')
		snprintf(rs->host, sizeof rs->host, "unknown");
	rs->host[sizeof rs->host - 1] = '\0';
	set_ttl(rs);
	rs->scripts[SCRIPT_ADMIT].body = redis_lua_admit;
	rs->scripts[SCRIPT_REPORT].body = redis_lua_report;
	redis_session_init(&rs->session, &rs->base, url, &store_redis_limits,
	    rs->scripts, 2);
	return &rs->base;
}
