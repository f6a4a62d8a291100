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
 * Each change is one Lua script (loaded once a run with SCRIPT LOAD, run
 * with EVALSHA once its SHA1 is known, with EVAL before and on NOSCRIPT) doing budget.c's arithmetic with
 * the server's clock (TIME, in microseconds: exact in Lua's doubles), so
 * that the hosts' clocks do not matter. Every key expires when the
 * budget has been idle long enough to be full again.
 *
 * Every call has STORE_REDIS_WAIT_NS in all: the name resolved
 * (resolve.c), the connection and its TLS handshake (redis_conn.c),
 * the commands and a cluster's redirections; it waits in the event loop
 * (a stop signal ends it). Any failure, a wrong answer included, is the
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

#include "proc/dynlib.h"
#include "proc/eventloop.h"
#include "policy/large.h"
#include "store/redis_bound.h"
#include "store/redis_conn.h"
#include "store/redis_url.h"
#include "store/resolve.h"
#include "store/store.h"
#include "store/store_redis.h"
#ifdef HAVE_OPENSSL
#include "store/tls.h"
#endif

/*
 * hiredis's functions, loaded (dlopen, dynlib.h) when a run first needs
 * them, not linked: a run without a redis: store pays nothing for
 * them at start-up.
 */
#define HIREDIS_FUNCS(X, t) \
	X(t, freeReplyObject) \
	X(t, redisFormatCommandArgv) \
	X(t, redisFreeCommand) \
	X(t, redisReaderCreate) \
	X(t, redisReaderFeed) \
	X(t, redisReaderFree) \
	X(t, redisReaderGetReply)

static struct {
	HIREDIS_FUNCS(DYNLIB_FIELD, hiredis)
} hiredis LARGE_ZEROED;	/* a redis: store's only */

static const struct dynlib_sym hiredis_syms[] = {
	HIREDIS_FUNCS(DYNLIB_SYM, hiredis)
};
static struct dynlib hiredis_lib = DYNLIB(LIBHIREDIS_SONAME, hiredis_syms);

/* Read by packaging tools, not by the code. */
/* cppcheck-suppress unusedStructMember */
DYNLIB_NOTE(hiredis_note, "[" DYNLIB_NOTE_ENTRY("redis-store",
    "the protocol of the redis: store of --budget", "recommended",
    LIBHIREDIS_SONAME) "]");

/* All that one call of the store may take, connecting included. */
#define STORE_REDIS_WAIT_NS 250000000ULL
/* With a deadline near or past, still this long. */
#define STORE_REDIS_MIN_NS 50000000ULL

/*
 * KEYS: budget, breaker, hosts. ARGV: burst, ratio, rate (a second),
 * gain, k, duration (us), recover, then the call's own, then host, ttl
 * (ms).
 * The shared part: read the state at the server's now, refill, clamp a
 * time that lies too far ahead (a server whose clock went back), note
 * the host. Both scripts start with it.
 * A key of another type, or a hash without the numbers a run writes, is
 * deleted here and the state taken as fresh (corrupt is then 1): left
 * in place, a wrong type would fail every call (WRONGTYPE) and disable
 * the budget for good. Done by the script, so that no other run's call
 * comes between the check and the new state.
 */
#define LUA_COMMON \
"if redis.replicate_commands then redis.replicate_commands() end\n" \
"local t = redis.call('TIME')\n" \
"local now = tonumber(t[1]) * 1000000 + tonumber(t[2])\n" \
"local burst, ratio, rate = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])\n" \
"local gain, k, dur = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])\n" \
"local recover = tonumber(ARGV[7])\n" \
"local host, ttl = ARGV[#ARGV - 1], tonumber(ARGV[#ARGV])\n" \
"local corrupt = 0\n" \
"local function replace(key) redis.call('DEL', key); corrupt = 1 end\n" \
"local kinds = {'hash', 'hash', 'zset'}\n" \
"for i = 1, 3 do\n" \
"  local kind = redis.call('TYPE', KEYS[i])\n" \
"  if type(kind) == 'table' then kind = kind.ok end\n" \
"  if kind ~= 'none' and kind ~= kinds[i] then replace(KEYS[i]) end\n" \
"end\n" \
"local function bad(v) return v == nil or v ~= v or v < 0 or v > 1e18 end\n" \
"local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')\n" \
"local tokens, at = tonumber(b[1]), tonumber(b[2])\n" \
"if bad(tokens) or tokens > 1e9 or bad(at) then\n" \
"  if redis.call('EXISTS', KEYS[1]) == 1 then replace(KEYS[1]) end\n" \
"  tokens = burst; at = now\n" \
"end\n" \
"if at > now then at = now end\n" \
"local function add(n)\n" \
"  if tokens < burst then tokens = math.min(burst, tokens + n) end\n" \
"end\n" \
"add(rate * (now - at) / 1000000)\n" \
"local c = redis.call('HMGET', KEYS[2], 'fails', 'open_until', 'probe_until', 'fhost', 'fmany')\n" \
"local fails, open_until, probe_until = tonumber(c[1]), tonumber(c[2]), tonumber(c[3])\n" \
"if bad(fails) or bad(open_until) or bad(probe_until) then\n" \
"  if redis.call('EXISTS', KEYS[2]) == 1 then replace(KEYS[2]); c = {} end\n" \
"  fails = 0; open_until = 0; probe_until = 0\n" \
"end\n" \
"local fhost, fmany = c[4] or '', c[5] or '0'\n" \
"local clamped = false\n" \
"if k > 0 and open_until > now + dur then open_until = now + dur; clamped = true end\n" \
"if k > 0 and probe_until > now + dur then probe_until = now + dur; clamped = true end\n" \
"local function expire(key)\n" \
"  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end\n" \
"end\n" \
"redis.call('ZADD', KEYS[3], now, host)\n" \
"expire(KEYS[3])\n" \
"redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - math.max(dur, " \
    "3600000000))\n" \
"local function save()\n" \
"  redis.call('HSET', KEYS[1], 'tokens', string.format('%.9f', tokens), 'at', string.format('%.0f', now))\n" \
"  redis.call('HSET', KEYS[2], 'fails', fails, 'open_until', string.format('%.0f', open_until),\n" \
"    'probe_until', string.format('%.0f', probe_until), 'fhost', fhost, 'fmany', fmany)\n" \
"  for i = 1, 3 do expire(KEYS[i]) end\n" \
"end\n" \
"local function circuit()\n" \
"  if open_until == 0 then return 0 end\n" \
"  if now < open_until then return 1 end\n" \
"  return 2\n" \
"end\n"

/*
 * ARGV[8]: 1 for a first attempt. {answer, probe, wait (us), tokens,
 * circuit, corrupt}: circuit is 0 closed, 1 open, 2 half-open (enum
 * circuit_state's order); corrupt is 1 when the keys held what no run writes
 * (replaced by a fresh budget, as the file store does).
 */
static const char lua_admit[] = LUA_COMMON
"local answer, probe, wait = 0, 0, '0'\n"
"local was = circuit()\n"
"if k > 0 and open_until ~= 0 then\n"
"  if now < open_until then answer = 2; wait = string.format('%.0f', open_until - now)\n"
"  elseif probe_until > now then answer = 2; wait = string.format('%.0f', probe_until - now)\n"
"  else probe = 1 end\n"
"end\n"
"if answer == 0 then\n"
"  if ARGV[8] == '1' then add(ratio)\n"
"  elseif tokens + 1e-9 >= 1 then tokens = math.max(0, tokens - 1)\n"
"  else\n"
"    answer = 1\n"
"    if rate > 0 then wait = string.format('%.0f', math.floor((1 - tokens) / rate * 1000000) + 1)\n"
"    else wait = '-1' end\n"
"  end\n"
"end\n"
"if answer == 0 and probe == 1 then probe_until = now + dur end\n"
"if answer == 0 or clamped or corrupt == 1 then save() end\n"
"return {answer, probe, wait, string.format('%.9f', tokens), was, corrupt}\n";

/*
 * ARGV[8]: s (success), f (failure), n (neither); ARGV[9]: 1 when the
 * attempt took a token; ARGV[10]: 1 when it was the probe. Returns
 * {corrupt}.
 * The breaker opens on K failures in a row, and, when more than one host
 * used the budget within DURATION, only if two hosts or more failed.
 */
static const char lua_report[] = LUA_COMMON
"local function open()\n"
"  open_until = now + dur; probe_until = 0; fails = 0; fhost = ''; fmany = '0'\n"
"end\n"
"local r = ARGV[8]\n"
"if r == 's' then\n"
"  add((ARGV[9] == '1' and 1 or 0) + gain)\n"
"  if recover > 0 and fails >= burst and tokens < burst * recover then tokens = burst * recover end\n"
"  fails = 0; open_until = 0; probe_until = 0; fhost = ''; fmany = '0'\n"
"elseif r == 'f' then\n"
"  if ARGV[10] == '1' and k > 0 then open()\n"
"  elseif open_until == 0 then\n"
"    fails = fails + 1\n"
"    if fhost == '' then fhost = host elseif fhost ~= host then fmany = '1' end\n"
"    if k > 0 and fails >= k then\n"
"      local active = redis.call('ZCOUNT', KEYS[3], now - dur, '+inf')\n"
"      if active <= 1 or fmany == '1' then open() end\n"
"    end\n"
"  end\n"
"elseif ARGV[10] == '1' then probe_until = 0 end\n"
"save()\n"
"return {corrupt}\n";

/* Redirections followed in one call, at the most (MOVED, ASK). */
#define STORE_REDIS_HOPS 5
/* A slot being migrated (TRYAGAIN): asked again after this long. */
#define STORE_REDIS_AGAIN_NS 10000000ULL
/* Replies a connection may owe: its set-up's four, and one a call's. */
#define STORE_REDIS_OWED 8

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

/* What a reply owed is for, once it comes. */
enum owed {
	OWED_OK,		/* AUTH, SELECT: +OK, else the call fails */
	OWED_SHA_ADMIT,		/* SCRIPT LOAD: the script's SHA1 */
	OWED_SHA_REPORT,
	OWED_ANSWER,		/* a call's: its caller's, or dropped */
};

struct redis_store {
	struct store	 base;
	struct redis_url url;
	struct redis_conn conn;		/* fd -1: not connected */
	redisReader	*reader;
	struct redis_bound bound;	/* what the reader is fed, checked */
	struct tls	*tls;		/* rediss://: made when opened */
	char		 unusable[400];	/* when opened: why no call can be */
	char		 node[REDIS_URL_PART_MAX];	/* where to connect */
	unsigned	 node_port;
	int		 told_clear;	/* the password in clear: said */
	char		 sha_admit[48], sha_report[48];
	char		 host[256];
	char		 key[3][BUDGET_NAME_MAX + 32];
	char		 ttl[24];	/* ms, for PEXPIRE */
	uint64_t	 until;		/* this call's end */
	enum owed	 owed[STORE_REDIS_OWED];	/* replies, in order */
	int		 nowed;
	int		 heard;		/* this call read a reply */
	int		 made;		/* this call made the connection */
};

/* Say why the call failed, what then detail (or NULL); -1. */
static int
fail(struct redis_store *rs, const char *what, const char *detail)
{
	char	shown[600];

	if (redis_url_format(&rs->url, shown, sizeof shown) == -1)
		snprintf(shown, sizeof shown, "redis://...");
	snprintf(rs->base.error, sizeof rs->base.error, "%s: %s%s", shown,
	    what, detail != NULL ? detail : "");
	return -1;
}

/* Drop the connection: the next call connects anew. */
static void
drop(struct redis_store *rs)
{
	redis_conn_close(&rs->conn);
	if (rs->reader != NULL)
		hiredis.redisReaderFree(rs->reader);
	rs->reader = NULL;
	rs->nowed = 0;
}

/*
 * Send one command, its reply owed as what (it is read later, in order).
 * -1, with the connection dropped, when it could not be sent.
 */
static int
send_command(struct redis_store *rs, int argc, const char **argv,
    const size_t *len, enum owed what)
{
	char	*cmd = NULL, why[400];
	int	 n;

	if (rs->nowed == STORE_REDIS_OWED) {
		fail(rs, "too many replies owed", NULL);
		goto lost;
	}
	if ((n = hiredis.redisFormatCommandArgv(&cmd, argc, argv, len)) < 0) {
		fail(rs, strerror(ENOMEM), NULL);
		goto lost;
	}
	if (redis_conn_write(&rs->conn, cmd, (size_t)n, rs->until, why,
	    sizeof why) == -1) {
		fail(rs, why, NULL);
		goto lost;
	}
	hiredis.redisFreeCommand(cmd);
	rs->owed[rs->nowed++] = what;
	return 0;
lost:
	hiredis.redisFreeCommand(cmd);
	drop(rs);
	return -1;
}

/*
 * The next reply, in the call's time; NULL when none came. A call that
 * ran out of time keeps the connection, with the replies it owes, for
 * the next call to read (a server slow for a moment, such as a crowd of
 * runs making their TLS handshakes at once, answers it then), if it was
 * made in this call or answered in it: one that said nothing for a
 * whole call is dropped.
 */
static redisReply *
read_reply(struct redis_store *rs)
{
	char		 buf[16384], why[400];
	const char	*refused;
	void		*reply = NULL;
	size_t		 got;
	int		 late;

	for (;;) {
		if (hiredis.redisReaderGetReply(rs->reader, &reply) != REDIS_OK) {
			fail(rs, rs->reader->errstr, NULL);
			break;
		}
		if (reply != NULL) {
			rs->heard = 1;
			return reply;
		}
		if (redis_conn_read(&rs->conn, buf, sizeof buf, &got, rs->until,
		    why, sizeof why) == -1) {
			late = errno == ETIMEDOUT;
			fail(rs, why, NULL);
			if (late && eventloop_signal() == 0 &&
			    (rs->made || rs->heard)) {
				rs->base.kept = 1;
				return NULL;
			}
			break;
		}
		if (redis_bound_feed(&rs->bound, buf, got, &refused) == -1) {
			fail(rs, "a reply refused: ", refused);
			break;
		}
		if (hiredis.redisReaderFeed(rs->reader, buf, got) != REDIS_OK) {
			fail(rs, rs->reader->errstr, NULL);
			break;
		}
	}
	drop(rs);
	return NULL;
}

/*
 * A reply owed for the set-up, now come: -1 (the connection dropped)
 * when it says the set-up failed (a wrong password, a db out of range).
 */
static int
settle(struct redis_store *rs, enum owed what, redisReply *r)
{
	char	*sha = what == OWED_SHA_ADMIT ? rs->sha_admit :
		    what == OWED_SHA_REPORT ? rs->sha_report : NULL;
	int	 ok = what == OWED_ANSWER ||
		    r->type == (sha != NULL ? REDIS_REPLY_STRING :
		    REDIS_REPLY_STATUS);

	if (!ok)
		fail(rs, r->type == REDIS_REPLY_ERROR ? r->str :
		    "an answer of the wrong kind", NULL);
	else if (sha != NULL)
		snprintf(sha, sizeof rs->sha_admit, "%s", r->str);
	hiredis.freeReplyObject(r);
	if (!ok)
		drop(rs);
	return ok ? 0 : -1;
}

/*
 * Send one command and read its reply, in the call's time, after the
 * replies owed before it (the set-up's, a timed-out call's); NULL when
 * none came (see read_reply()).
 */
static redisReply *
exchange(struct redis_store *rs, int argc, const char **argv,
    const size_t *len)
{
	redisReply	*r;
	enum owed	 what;

	if (send_command(rs, argc, argv, len, OWED_ANSWER) == -1)
		return NULL;
	for (;;) {
		if ((r = read_reply(rs)) == NULL)
			return NULL;
		what = rs->owed[0];
		memmove(rs->owed, rs->owed + 1,
		    (size_t)--rs->nowed * sizeof rs->owed[0]);
		if (rs->nowed == 0)
			return r;	/* this command's */
		if (settle(rs, what, r) == -1)
			return NULL;
	}
}

/*
 * A password about to go in clear to a host that is not this one: say
 * once that rediss:// would not show it to the network.
 */
static void
tell_clear(struct redis_store *rs)
{
	if (rs->url.tls || rs->conn.loopback || rs->told_clear)
		return;
	rs->told_clear = 1;
	snprintf(rs->base.warning, sizeof rs->base.warning,
	    "budget %s: the store's password goes in clear to %s; use "
	    "rediss:// (TLS)", rs->base.name, rs->node);
}

/* The socket to the node, over TLS for rediss://. */
static int
open_conn(struct redis_store *rs)
{
	struct tls	*tls = NULL;
	char		 why[400];

	if (rs->unusable[0] != '\0')
		return fail(rs, rs->unusable, NULL);
#ifdef HAVE_OPENSSL
	tls = rs->tls;
#endif
	if (redis_conn_open(&rs->conn, rs->node, rs->node_port, tls,
	    rs->until, why, sizeof why) == -1)
		return fail(rs, why, NULL);
	if ((rs->reader = hiredis.redisReaderCreate()) == NULL) {
		drop(rs);
		return fail(rs, strerror(ENOMEM), NULL);
	}
	redis_bound_init(&rs->bound, &store_redis_limits);
	return 0;
}

/*
 * Connect to the node, in the call's time: the socket, then AUTH, SELECT
 * and the two scripts' SCRIPT LOAD (once a run: the other nodes of a
 * cluster get them with EVAL) sent at once, their replies read before
 * the first command's (one round trip in all). The password comes from
 * the URL, else from RETRY_STORE_PASSWORD (so that it need not be seen
 * in ps).
 */
static int
connect_store(struct redis_store *rs)
{
	const char	*pw = rs->url.has_password ? rs->url.password :
			    getenv("RETRY_STORE_PASSWORD");
	const char	*argv[3];
	char		 db[16];
	int		 n = 0;

	if (open_conn(rs) == -1)
		return -1;
	if (pw != NULL && pw[0] != '\0') {
		tell_clear(rs);
		argv[n++] = "AUTH";
		if (rs->url.user[0] != '\0')
			argv[n++] = rs->url.user;
		argv[n++] = pw;
		if (send_command(rs, n, argv, NULL, OWED_OK) == -1)
			return -1;
	}
	if (rs->url.db != 0) {
		snprintf(db, sizeof db, "%u", rs->url.db);
		argv[0] = "SELECT";
		argv[1] = db;
		if (send_command(rs, 2, argv, NULL, OWED_OK) == -1)
			return -1;
	}
	if (rs->sha_report[0] != '\0')
		return 0;
	argv[0] = "SCRIPT";
	argv[1] = "LOAD";
	argv[2] = lua_admit;
	if (send_command(rs, 3, argv, NULL, OWED_SHA_ADMIT) == -1)
		return -1;
	argv[2] = lua_report;
	return send_command(rs, 3, argv, NULL, OWED_SHA_REPORT);
}

/* Wait a little for a slot that is moving; -1 when the call's time ends. */
static int
pause_again(struct redis_store *rs)
{
	uint64_t	wake = eventloop_now() + STORE_REDIS_AGAIN_NS;

	if (wake >= rs->until)
		return fail(rs, "TRYAGAIN: a slot is being moved", NULL);
	while (eventloop_now() < wake) {
		if (eventloop_signal() != 0) {
			errno = EINTR;
			return fail(rs, "interrupted", NULL);
		}
		eventloop_wait(wake, NULL, 0);
	}
	return 0;
}

/* The URL's node: where a lost node's successor is learnt. */
static void
to_url_node(struct redis_store *rs)
{
	snprintf(rs->node, sizeof rs->node, "%s", rs->url.host);
	rs->node_port = rs->url.port;
}

static int
at_url_node(const struct redis_store *rs)
{
	return rs->node_port == rs->url.port &&
	    strcmp(rs->node, rs->url.host) == 0;
}

/*
 * One command to the node, connected first (*fresh then set), after
 * ASKING when asked to.
 */
static redisReply *
node_command(struct redis_store *rs, int asking, int *fresh, int argc,
    const char **argv, const size_t *len)
{
	const char	*ask[1] = { "ASKING" };

	if (rs->conn.fd == -1) {
		if (connect_store(rs) == -1)
			return NULL;
		*fresh = rs->made = 1;
	}
	if (asking && send_command(rs, 1, ask, NULL, OWED_OK) == -1)
		return NULL;
	return exchange(rs, argc, argv, len);
}

/*
 * Where to go after a command that got no reply: the same node once
 * more when the connection was an old one (a server or a load balancer
 * closes idle ones), else the URL's node when a redirection had named
 * another (it died, and the cluster promoted its replica: the URL's node
 * names the new one). -1: nowhere, the call fails. The command may have
 * run, as with any reply lost.
 */
static int
after_loss(struct redis_store *rs, int fresh, int *again)
{
	if (eventloop_signal() != 0 || eventloop_now() >= rs->until)
		return -1;
	if (!fresh && !*again) {
		*again = 1;
		return 0;
	}
	if (at_url_node(rs))
		return -1;
	to_url_node(rs);
	return 0;
}

/*
 * Send one command and read its reply, in the call's time, following a
 * cluster's redirections: MOVED changes the node for the rest of the run,
 * ASK for this command only (after ASKING, kept while the importing node
 * says TRYAGAIN). NULL (with the connection dropped) when no reply came.
 */
static redisReply *
command(struct redis_store *rs, int argc, const char **argv,
    const size_t *len)
{
	enum redis_redirect	 kind;
	redisReply		*r;
	char			 host[REDIS_URL_PART_MAX], back[REDIS_URL_PART_MAX];
	unsigned		 port, back_port = 0;
	int			 hops = 0, asking = 0, fresh = 0, again = 0;

	for (;;) {
		if ((r = node_command(rs, asking, &fresh, argc, argv,
		    len)) == NULL) {
			if (++hops > STORE_REDIS_HOPS ||
			    after_loss(rs, fresh, &again) == -1)
				return NULL;
			fresh = asking = 0;
			back_port = 0;
			continue;
		}
		if (r->type == REDIS_REPLY_ERROR &&
		    strncmp(r->str, "TRYAGAIN", 8) == 0) {
			hiredis.freeReplyObject(r);
			if (pause_again(rs) == -1)
				return NULL;
			continue;
		}
		host[0] = '\0';
		if (r->type != REDIS_REPLY_ERROR || (kind = redis_redirect_parse(
		    r->str, host, sizeof host, &port)) == REDIS_NO_REDIRECT)
			break;
		hiredis.freeReplyObject(r);
		drop(rs);
		if (++hops > STORE_REDIS_HOPS) {
			fail(rs, "too many redirections", NULL);
			return NULL;
		}
		/* After an ASK, back to the node before it; a MOVED stays. */
		asking = kind == REDIS_ASK;
		if (asking && back_port == 0) {
			memcpy(back, rs->node, sizeof back);
			back_port = rs->node_port;
		} else if (!asking)
			back_port = 0;
		if (host[0] != '\0')
			memcpy(rs->node, host, sizeof rs->node);
		rs->node_port = port;
		fresh = 0;
	}
	if (back_port != 0) {
		drop(rs);
		memcpy(rs->node, back, sizeof rs->node);
		rs->node_port = back_port;
	}
	return r;
}

/*
 * Start a call: its time. The time is 250 ms, or half
 * the time left before the run's deadline (the attempt needs the rest),
 * STORE_REDIS_MIN_NS at least, so that a report at the deadline gets in.
 * The connection is made by the first command that needs it.
 */
static void
begin(struct redis_store *rs)
{
	uint64_t	now = eventloop_now(), wait = STORE_REDIS_WAIT_NS, half;

	if (rs->base.until != 0) {
		half = rs->base.until > now ? (rs->base.until - now) / 2 : 0;
		if (half < STORE_REDIS_MIN_NS)
			half = STORE_REDIS_MIN_NS;
		if (half < wait)
			wait = half;
	}
	rs->until = now + wait;
	rs->base.error[0] = '\0';
	rs->base.kept = rs->heard = rs->made = 0;
}

/*
 * Run a script with the budget's keys and parameters, then the call's own
 * arguments (n of them) and the host and expiry: EVALSHA, and EVAL when
 * the server no longer has the script (it restarted, or SCRIPT FLUSH) or
 * its SHA1 is still to come (the SCRIPT LOAD sent with it).
 */
static redisReply *
script(struct redis_store *rs, const char *sha, const char *body,
    const char **own, int n)
{
	const struct budget_params	*p = &rs->base.params;
	const char			*argv[24];
	char				 num[7][40];
	redisReply			*r;
	int				 i, argc = 0;

	snprintf(num[0], sizeof num[0], "%.17g", p->burst);
	snprintf(num[1], sizeof num[1], "%.17g", p->ratio);
	snprintf(num[2], sizeof num[2], "%.17g", p->rate);
	snprintf(num[3], sizeof num[3], "%.17g", p->gain);
	snprintf(num[4], sizeof num[4], "%lu", (unsigned long)p->breaker_k);
	snprintf(num[5], sizeof num[5], "%llu",
	    (unsigned long long)(p->breaker_ns / 1000));
	snprintf(num[6], sizeof num[6], "%.17g", p->recover);
	argv[argc++] = sha[0] != '\0' ? "EVALSHA" : "EVAL";
	argv[argc++] = sha[0] != '\0' ? sha : body;
	argv[argc++] = "3";
	for (i = 0; i < 3; i++)
		argv[argc++] = rs->key[i];
	for (i = 0; i < 7; i++)
		argv[argc++] = num[i];
	for (i = 0; i < n; i++)
		argv[argc++] = own[i];
	argv[argc++] = rs->host;
	argv[argc++] = rs->ttl;
	if ((r = command(rs, argc, argv, NULL)) == NULL)
		return NULL;
	if (r->type == REDIS_REPLY_ERROR && strncmp(r->str, "NOSCRIPT", 8) == 0) {
		hiredis.freeReplyObject(r);
		argv[0] = "EVAL";
		argv[1] = body;
		if ((r = command(rs, argc, argv, NULL)) == NULL)
			return NULL;
	}
	if (r->type == REDIS_REPLY_ERROR) {
		fail(rs, r->str, NULL);
		hiredis.freeReplyObject(r);
		drop(rs);
		return NULL;
	}
	return r;
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
	begin(rs);
	if ((r = script(rs, rs->sha_admit, lua_admit, own, 1)) == NULL)
		return -1;
	if (r->type != REDIS_REPLY_ARRAY || r->elements != 6 ||
	    element_num(r, 0, &answer) == -1 || answer < 0 || answer > 2 ||
	    element_num(r, 1, &probe) == -1 ||
	    element_num(r, 2, &wait) == -1 ||
	    element_num(r, 3, &tokens) == -1 || !(tokens >= 0) ||
	    element_num(r, 4, &circ) == -1 || circ < 0 || circ > 2) {
		hiredis.freeReplyObject(r);
		drop(rs);
		return fail(rs, "a wrong answer to the budget's script", NULL);
	}
	corrupt(rs, r, 5);
	g->circuit = circ == 1 ? CIRCUIT_OPEN : circ == 2 ? CIRCUIT_HALF_OPEN :
	    CIRCUIT_CLOSED;
	hiredis.freeReplyObject(r);
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
	begin(rs);
	if ((r = script(rs, rs->sha_report, lua_report, own, 3)) == NULL)
		return -1;
	if (r->type == REDIS_REPLY_ARRAY)
		corrupt(rs, r, 0);
	hiredis.freeReplyObject(r);
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

/* The state as it is, and the server's time (a dry run). */
static int
redis_read(struct store *s, struct budget_state *st, uint64_t *now,
    int *fresh)
{
	struct redis_store	*rs = (struct redis_store *)s;
	const char		*argv[6];
	redisReply		*t, *b, *c;
	double			 sec, usec, tokens;

	memset(st, 0, sizeof *st);
	begin(rs);
	argv[0] = "TIME";
	if ((t = command(rs, 1, argv, NULL)) == NULL)
		return -1;
	argv[0] = "HMGET";
	argv[1] = rs->key[0];
	argv[2] = "tokens";
	argv[3] = "at";
	if ((b = command(rs, 4, argv, NULL)) == NULL) {
		hiredis.freeReplyObject(t);
		return -1;
	}
	argv[1] = rs->key[1];
	argv[2] = "fails";
	argv[3] = "open_until";
	argv[4] = "probe_until";
	if ((c = command(rs, 5, argv, NULL)) == NULL) {
		hiredis.freeReplyObject(t);
		hiredis.freeReplyObject(b);
		return -1;
	}
	if (t->type != REDIS_REPLY_ARRAY || element_num(t, 0, &sec) == -1 ||
	    element_num(t, 1, &usec) == -1 ||
	    (b->type != REDIS_REPLY_ARRAY && !wrong_type(b)) ||
	    (c->type != REDIS_REPLY_ARRAY && !wrong_type(c))) {
		hiredis.freeReplyObject(t);
		hiredis.freeReplyObject(b);
		hiredis.freeReplyObject(c);
		return fail(rs, "a wrong answer to TIME or HMGET", NULL);
	}
	*now = ((uint64_t)sec * 1000000 + (uint64_t)usec) * 1000;
	/* A wrong type has no elements: fresh, as the next call makes it. */
	*fresh = element_num(b, 0, &tokens) == -1 || !(tokens >= 0);
	if (wrong_type(b) || wrong_type(c) || (*fresh && has_field(b)))
		warn_fresh(rs);
	if (*fresh)
		budget_fresh(&s->params, st, *now);
	else {
		st->tokens = tokens;
		st->at = field_ns(b, 1);
		st->fails = element_num(c, 0, &tokens) == 0 && tokens > 0 &&
		    tokens < UINT32_MAX ? (uint32_t)tokens : 0;
		st->tokens = element_num(b, 0, &tokens) == 0 ? tokens : 0;
		st->open_until = field_ns(c, 1);
		st->probe_until = field_ns(c, 2);
	}
	hiredis.freeReplyObject(t);
	hiredis.freeReplyObject(b);
	hiredis.freeReplyObject(c);
	return 0;
}

static void
redis_close(struct store *s)
{
	struct redis_store	*rs = (struct redis_store *)s;

	drop(rs);
#ifdef HAVE_OPENSSL
	tls_free(rs->tls);
#endif
	explicit_bzero(&rs->url, sizeof rs->url);
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
 * call connects. NULL with one line in err when url is refused.
 */
struct store *
store_redis_open(const char *url, const char *name,
    const struct budget_params *p, char *err, size_t errlen)
{
	struct redis_store	*rs;
	const char		*why;

	if ((rs = calloc(1, sizeof *rs)) == NULL) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	if (redis_url_parse(url, &rs->url, &why) == -1) {
		snprintf(err, errlen, "%s", why);
		free(rs);
		return NULL;
	}
	rs->base.ops = &redis_ops;
	rs->base.params = *p;
	snprintf(rs->base.name, sizeof rs->base.name, "%s", name);
	snprintf(rs->key[0], sizeof rs->key[0], "retry:{%s}:budget", name);
	snprintf(rs->key[1], sizeof rs->key[1], "retry:{%s}:breaker", name);
	snprintf(rs->key[2], sizeof rs->key[2], "retry:{%s}:hosts", name);
	redis_conn_init(&rs->conn);
	if (gethostname(rs->host, sizeof rs->host) == -1 ||
	    rs->host[0] == '\0')
		snprintf(rs->host, sizeof rs->host, "unknown");
	rs->host[sizeof rs->host - 1] = '\0';
	set_ttl(rs);
	to_url_node(rs);
	/*
	 * The libraries (dynlib.h), the CAs and our certificate, loaded and
	 * read now, not in a call's time: loading takes a few ms (more
	 * under a sanitizer) and a bundle of CAs 20 ms to read, which is
	 * no answer that the server is late with. A failure is said by the
	 * first call.
	 */
	if (dynlib_load(&hiredis_lib, "the redis: store", rs->unusable,
	    sizeof rs->unusable) == -1 || resolve_prepare(rs->url.host,
	    rs->unusable, sizeof rs->unusable) == -1)
		return &rs->base;
#ifdef HAVE_OPENSSL
	if (rs->url.tls)
		rs->tls = tls_new(rs->unusable, sizeof rs->unusable);
#endif
	return &rs->base;
}
