/* SPDX-License-Identifier: ISC */
/*
 * The redis: store's session with its server. Every call has
 * STORE_REDIS_WAIT_NS in all: the name resolved (resolve.c), the
 * connection and its TLS handshake (redis_conn.c), AUTH, SELECT and the
 * scripts' SCRIPT LOAD, the commands and a cluster's redirections; it
 * waits in the event loop (a stop signal ends it). Any failure, a wrong
 * answer included, is said in the store's error, for the caller to fail
 * open. The replies are read with hiredis's reader, loaded when a run
 * first opens a redis: store, and bounded (redis_bound.c).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hiredis/hiredis.h>

#include "policy/large.h"
#include "proc/dynlib.h"
#include "proc/eventloop.h"
#include "store/redis_bound.h"
#include "store/redis_conn.h"
#include "store/redis_session.h"
#include "store/redis_url.h"
#include "store/resolve.h"
#include "store/store.h"
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

/* Redirections followed in one call, at the most (MOVED, ASK). */
#define STORE_REDIS_HOPS 5
/* A slot being migrated (TRYAGAIN): asked again after this long. */
#define STORE_REDIS_AGAIN_NS 10000000ULL

/*
 * What a reply owed is for, once it comes: OWED_SHA + i is the SHA1 of
 * script i (SCRIPT LOAD).
 */
enum {
	OWED_OK,		/* AUTH, SELECT, ASKING: +OK, else the call
				   fails */
	OWED_ANSWER,		/* a call's: its caller's, or dropped */
	OWED_SHA,
};

/* hiredis's, loaded: for store_redis.c, which reads the replies. */
void
redis_reply_free(redisReply *r)
{
	hiredis.freeReplyObject(r);
}

/* Say why the call failed, what then detail (or NULL); -1. */
int
redis_session_fail(struct redis_session *s, const char *what,
    const char *detail)
{
	char	shown[600];

	if (redis_url_format(&s->url, shown, sizeof shown) == -1)
		snprintf(shown, sizeof shown, "redis://...");
	snprintf(s->store->error, sizeof s->store->error, "%s: %s%s", shown,
	    what, detail != NULL ? detail : "");
	return -1;
}

/* Drop the connection: the next call connects anew. */
void
redis_session_drop(struct redis_session *s)
{
	redis_conn_close(&s->conn);
	if (s->reader != NULL)
		hiredis.redisReaderFree(s->reader);
	s->reader = NULL;
	s->nowed = 0;
}

/*
 * Send one command, its reply owed as what (it is read later, in order).
 * -1, with the connection dropped, when it could not be sent.
 */
static int
send_command(struct redis_session *s, int argc, const char **argv,
    const size_t *len, int what)
{
	char	*cmd = NULL, why[400];
	int	 n;

	if (s->nowed == REDIS_SESSION_OWED) {
		redis_session_fail(s, "too many replies owed", NULL);
		goto lost;
	}
	if ((n = hiredis.redisFormatCommandArgv(&cmd, argc, argv, len)) < 0) {
		redis_session_fail(s, strerror(ENOMEM), NULL);
		goto lost;
	}
	if (redis_conn_write(&s->conn, cmd, (size_t)n, s->until, why,
	    sizeof why) == -1) {
		redis_session_fail(s, why, NULL);
		goto lost;
	}
	hiredis.redisFreeCommand(cmd);
	s->owed[s->nowed++] = what;
	return 0;
lost:
	hiredis.redisFreeCommand(cmd);
	redis_session_drop(s);
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
read_reply(struct redis_session *s)
{
	char		 buf[16384], why[400];
	const char	*refused;
	void		*reply = NULL;
	size_t		 got;
	int		 late;

	for (;;) {
		if (hiredis.redisReaderGetReply(s->reader, &reply) !=
		    REDIS_OK) {
			redis_session_fail(s, s->reader->errstr, NULL);
			break;
		}
		if (reply != NULL) {
			s->heard = 1;
			return reply;
		}
		if (redis_conn_read(&s->conn, buf, sizeof buf, &got, s->until,
		    why, sizeof why) == -1) {
			late = errno == ETIMEDOUT;
			redis_session_fail(s, why, NULL);
			if (late && eventloop_signal() == 0 &&
			    (s->made || s->heard)) {
				s->store->kept = 1;
				return NULL;
			}
			break;
		}
		if (redis_bound_feed(&s->bound, buf, got, &refused) == -1) {
			redis_session_fail(s, "a reply refused: ", refused);
			break;
		}
		if (hiredis.redisReaderFeed(s->reader, buf, got) != REDIS_OK) {
			redis_session_fail(s, s->reader->errstr, NULL);
			break;
		}
	}
	redis_session_drop(s);
	return NULL;
}

/*
 * A reply owed for the set-up, now come: -1 (the connection dropped)
 * when it says the set-up failed (a wrong password, a db out of range).
 */
static int
settle(struct redis_session *s, int what, redisReply *r)
{
	char	*sha = what >= OWED_SHA ? s->scripts[what - OWED_SHA].sha :
		    NULL;
	int	 ok = what == OWED_ANSWER ||
		    r->type == (sha != NULL ? REDIS_REPLY_STRING :
		    REDIS_REPLY_STATUS);

	if (!ok)
		redis_session_fail(s, r->type == REDIS_REPLY_ERROR ? r->str :
		    "an answer of the wrong kind", NULL);
	else if (sha != NULL)
		snprintf(sha, sizeof s->scripts[0].sha, "%s", r->str);
	redis_reply_free(r);
	if (!ok)
		redis_session_drop(s);
	return ok ? 0 : -1;
}

/*
 * Send one command and read its reply, in the call's time, after the
 * replies owed before it (the set-up's, a timed-out call's); NULL when
 * none came (see read_reply()).
 */
static redisReply *
exchange(struct redis_session *s, int argc, const char **argv,
    const size_t *len)
{
	redisReply	*r;
	int		 what;

	if (send_command(s, argc, argv, len, OWED_ANSWER) == -1)
		return NULL;
	for (;;) {
		if ((r = read_reply(s)) == NULL)
			return NULL;
		what = s->owed[0];
		memmove(s->owed, s->owed + 1,
		    (size_t)--s->nowed * sizeof s->owed[0]);
		if (s->nowed == 0)
			return r;	/* this command's */
		if (settle(s, what, r) == -1)
			return NULL;
	}
}

/*
 * A password about to go in clear to a host that is not this one: say
 * once that rediss:// would not show it to the network.
 */
static void
tell_clear(struct redis_session *s)
{
	if (s->url.tls || s->conn.loopback || s->told_clear)
		return;
	s->told_clear = 1;
	snprintf(s->store->warning, sizeof s->store->warning,
	    "budget %s: the store's password goes in clear to %s; use "
	    "rediss:// (TLS)", s->store->name, s->node);
}

/* The socket to the node, over TLS for rediss://. */
static int
open_conn(struct redis_session *s)
{
	struct tls	*tls = NULL;
	char		 why[400];

	if (s->unusable[0] != '\0')
		return redis_session_fail(s, s->unusable, NULL);
#ifdef HAVE_OPENSSL
	tls = s->tls;
#endif
	if (redis_conn_open(&s->conn, s->node, s->node_port, tls,
	    s->until, why, sizeof why) == -1)
		return redis_session_fail(s, why, NULL);
	if ((s->reader = hiredis.redisReaderCreate()) == NULL) {
		redis_session_drop(s);
		return redis_session_fail(s, strerror(ENOMEM), NULL);
	}
	redis_bound_init(&s->bound, s->limits);
	return 0;
}

/*
 * The scripts' SCRIPT LOAD, once a run: the other nodes of a cluster get
 * them with EVAL. Sent together, and again together while one's SHA1 is
 * still unknown (its reply lost with a connection).
 */
static int
load_scripts(struct redis_session *s)
{
	const char	*argv[3] = { "SCRIPT", "LOAD", NULL };
	size_t		 i;

	for (i = 0; i < s->nscripts && s->scripts[i].sha[0] != '\0'; i++)
		;
	if (i == s->nscripts)
		return 0;
	for (i = 0; i < s->nscripts; i++) {
		argv[2] = s->scripts[i].body;
		if (send_command(s, 3, argv, NULL, OWED_SHA + (int)i) == -1)
			return -1;
	}
	return 0;
}

/*
 * Connect to the node, in the call's time: the socket, then AUTH, SELECT
 * and the scripts' SCRIPT LOAD sent at once, their replies read before
 * the first command's (one round trip in all). The password comes from
 * the URL, else from RETRY_STORE_PASSWORD (so that it need not be seen
 * in ps).
 */
static int
connect_node(struct redis_session *s)
{
	const char	*pw = s->url.has_password ? s->url.password :
			    getenv("RETRY_STORE_PASSWORD");
	const char	*argv[3];
	char		 db[16];
	int		 n = 0;

	if (open_conn(s) == -1)
		return -1;
	if (pw != NULL && pw[0] != '\0') {
		tell_clear(s);
		argv[n++] = "AUTH";
		if (s->url.user[0] != '\0')
			argv[n++] = s->url.user;
		argv[n++] = pw;
		if (send_command(s, n, argv, NULL, OWED_OK) == -1)
			return -1;
	}
	if (s->url.db != 0) {
		snprintf(db, sizeof db, "%u", s->url.db);
		argv[0] = "SELECT";
		argv[1] = db;
		if (send_command(s, 2, argv, NULL, OWED_OK) == -1)
			return -1;
	}
	return load_scripts(s);
}

/* Wait a little for a slot that is moving; -1 when the call's time ends. */
static int
pause_again(struct redis_session *s)
{
	uint64_t	wake = eventloop_now() + STORE_REDIS_AGAIN_NS;

	if (wake >= s->until)
		return redis_session_fail(s,
		    "TRYAGAIN: a slot is being moved", NULL);
	while (eventloop_now() < wake) {
		if (eventloop_signal() != 0) {
			errno = EINTR;
			return redis_session_fail(s, "interrupted", NULL);
		}
		eventloop_wait(wake, NULL, 0);
	}
	return 0;
}

/* The URL's node: where a lost node's successor is learnt. */
static void
to_url_node(struct redis_session *s)
{
	snprintf(s->node, sizeof s->node, "%s", s->url.host);
	s->node_port = s->url.port;
}

static int
at_url_node(const struct redis_session *s)
{
	return s->node_port == s->url.port &&
	    strcmp(s->node, s->url.host) == 0;
}

/*
 * One command to the node, connected first (*fresh then set), after
 * ASKING when asked to.
 */
static redisReply *
node_command(struct redis_session *s, int asking, int *fresh, int argc,
    const char **argv, const size_t *len)
{
	const char	*ask[1] = { "ASKING" };

	if (s->conn.fd == -1) {
		if (connect_node(s) == -1)
			return NULL;
		*fresh = s->made = 1;
	}
	if (asking && send_command(s, 1, ask, NULL, OWED_OK) == -1)
		return NULL;
	return exchange(s, argc, argv, len);
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
after_loss(struct redis_session *s, int fresh, int *again)
{
	if (eventloop_signal() != 0 || eventloop_now() >= s->until)
		return -1;
	if (!fresh && !*again) {
		*again = 1;
		return 0;
	}
	if (at_url_node(s))
		return -1;
	to_url_node(s);
	return 0;
}

/*
 * Send one command and read its reply, in the call's time, following a
 * cluster's redirections: MOVED changes the node for the rest of the run,
 * ASK for this command only (after ASKING, kept while the importing node
 * says TRYAGAIN). NULL (with the connection dropped) when no reply came.
 */
redisReply *
redis_session_command(struct redis_session *s, int argc, const char **argv,
    const size_t *len)
{
	enum redis_redirect	 kind;
	redisReply		*r;
	char			 host[REDIS_URL_PART_MAX];
	char			 back[REDIS_URL_PART_MAX];
	unsigned		 port, back_port = 0;
	int			 hops = 0, asking = 0, fresh = 0, again = 0;

	for (;;) {
		if ((r = node_command(s, asking, &fresh, argc, argv,
		    len)) == NULL) {
			if (++hops > STORE_REDIS_HOPS ||
			    after_loss(s, fresh, &again) == -1)
				return NULL;
			fresh = asking = 0;
			back_port = 0;
			continue;
		}
		if (r->type == REDIS_REPLY_ERROR &&
		    strncmp(r->str, "TRYAGAIN", 8) == 0) {
			redis_reply_free(r);
			if (pause_again(s) == -1)
				return NULL;
			continue;
		}
		host[0] = '\0';
		if (r->type != REDIS_REPLY_ERROR || (kind = redis_redirect_parse(
		    r->str, host, sizeof host, &port)) == REDIS_NO_REDIRECT)
			break;
		redis_reply_free(r);
		redis_session_drop(s);
		if (++hops > STORE_REDIS_HOPS) {
			redis_session_fail(s, "too many redirections", NULL);
			return NULL;
		}
		/* After an ASK, back to the node before it; a MOVED stays. */
		asking = kind == REDIS_ASK;
		if (asking && back_port == 0) {
			memcpy(back, s->node, sizeof back);
			back_port = s->node_port;
		} else if (!asking)
			back_port = 0;
		if (host[0] != '\0')
			memcpy(s->node, host, sizeof s->node);
		s->node_port = port;
		fresh = 0;
	}
	if (back_port != 0) {
		redis_session_drop(s);
		memcpy(s->node, back, sizeof s->node);
		s->node_port = back_port;
	}
	return r;
}

/*
 * Start a call: its time. The time is 250 ms, or half
 * the time left before the run's deadline (the attempt needs the rest),
 * STORE_REDIS_MIN_NS at least, so that a report at the deadline gets in.
 * The connection is made by the first command that needs it.
 */
void
redis_session_begin(struct redis_session *s)
{
	uint64_t	now = eventloop_now(), wait = STORE_REDIS_WAIT_NS, half;

	if (s->store->until != 0) {
		half = s->store->until > now ? (s->store->until - now) / 2 : 0;
		if (half < STORE_REDIS_MIN_NS)
			half = STORE_REDIS_MIN_NS;
		if (half < wait)
			wait = half;
	}
	s->until = now + wait;
	s->store->error[0] = '\0';
	s->store->kept = s->heard = s->made = 0;
}

/*
 * Run script sc with argv[2] to argv[argc - 1] (its number of keys, its
 * keys, its arguments; argv[0] and argv[1] are filled here): EVALSHA,
 * and EVAL when the server no longer has the script (it restarted, or
 * SCRIPT FLUSH) or its SHA1 is still to come (the SCRIPT LOAD sent with
 * it). NULL, said, when no reply came or the script failed.
 */
redisReply *
redis_session_script(struct redis_session *s, const struct redis_script *sc,
    int argc, const char **argv)
{
	redisReply	*r;

	argv[0] = sc->sha[0] != '\0' ? "EVALSHA" : "EVAL";
	argv[1] = sc->sha[0] != '\0' ? sc->sha : sc->body;
	if ((r = redis_session_command(s, argc, argv, NULL)) == NULL)
		return NULL;
	if (r->type == REDIS_REPLY_ERROR &&
	    strncmp(r->str, "NOSCRIPT", 8) == 0) {
		redis_reply_free(r);
		argv[0] = "EVAL";
		argv[1] = sc->body;
		if ((r = redis_session_command(s, argc, argv, NULL)) == NULL)
			return NULL;
	}
	if (r->type == REDIS_REPLY_ERROR) {
		redis_session_fail(s, r->str, NULL);
		redis_reply_free(r);
		redis_session_drop(s);
		return NULL;
	}
	return r;
}

/*
 * Set up a session with the server at url for store, whose replies stay
 * within limits and which loads scripts on each connection it makes.
 * Nothing is sent yet: the first call connects. The libraries
 * (dynlib.h), the CAs and our certificate are loaded and read now, not
 * in a call's time: loading takes a few ms (more under a sanitizer) and
 * a bundle of CAs 20 ms to read, which is no answer that the server is
 * late with. A failure is said by the first call.
 */
void
redis_session_init(struct redis_session *s, struct store *store,
    const struct redis_url *url, const struct redis_limits *limits,
    struct redis_script *scripts, size_t nscripts)
{
	memset(s, 0, sizeof *s);
	s->store = store;
	s->url = *url;
	s->limits = limits;
	s->scripts = scripts;
	s->nscripts = nscripts;
	redis_conn_init(&s->conn);
	to_url_node(s);
	if (dynlib_load(&hiredis_lib, "the redis: store", s->unusable,
	    sizeof s->unusable) == -1 || resolve_prepare(s->url.host,
	    s->unusable, sizeof s->unusable) == -1)
		return;
#ifdef HAVE_OPENSSL
	if (s->url.tls)
		s->tls = tls_new(s->unusable, sizeof s->unusable);
#endif
}

/* End the session: the connection, TLS, the password. */
void
redis_session_close(struct redis_session *s)
{
	redis_session_drop(s);
#ifdef HAVE_OPENSSL
	tls_free(s->tls);
#endif
	explicit_bzero(&s->url, sizeof s->url);
}
