/* SPDX-License-Identifier: ISC */
/*
 * A session with a Redis server for the redis: store: the connection
 * (made by the first command that needs it, over TLS for rediss://),
 * AUTH and SELECT, the store's scripts loaded, commands sent and their
 * replies read through hiredis's reader (loaded when used, dynlib.h), a
 * cluster's redirections followed, all in one call's time. What the
 * store does with the replies is store_redis.c's.
 */
#ifndef RETRY_REDIS_SESSION_H
#define RETRY_REDIS_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include <hiredis/hiredis.h>

#include "store/redis_bound.h"
#include "store/redis_conn.h"
#include "store/redis_url.h"
#include "store/store.h"

/* Replies a connection may owe: its set-up's four, and one a call's. */
#define REDIS_SESSION_OWED 8

/* A Lua script, run by its SHA1 once the server has told it. */
struct redis_script {
	const char	*body;
	char		 sha[48];	/* "": not known yet */
};

struct redis_session {
	struct store	*store;		/* where failures and warnings go */
	struct redis_url url;
	const struct redis_limits *limits;	/* of a reply */
	struct redis_script *scripts;	/* loaded on each connection */
	size_t		 nscripts;
	struct redis_conn conn;		/* fd -1: not connected */
	redisReader	*reader;
	struct redis_bound bound;	/* what the reader is fed, checked */
	struct tls	*tls;		/* rediss://: made when opened */
	char		 unusable[400];	/* why no call can be */
	char		 node[REDIS_URL_PART_MAX];	/* where to connect */
	unsigned	 node_port;
	int		 told_clear;	/* the password in clear: said */
	uint64_t	 until;		/* this call's end */
	int		 owed[REDIS_SESSION_OWED];	/* replies, in order */
	int		 nowed;
	int		 heard;		/* this call read a reply */
	int		 made;		/* this call made the connection */
};

void	redis_session_init(struct redis_session *s, struct store *store,
	    const struct redis_url *url, const struct redis_limits *limits,
	    struct redis_script *scripts, size_t nscripts);
void	redis_session_begin(struct redis_session *s);
redisReply *redis_session_command(struct redis_session *s, int argc,
	    const char **argv, const size_t *len);
redisReply *redis_session_script(struct redis_session *s,
	    const struct redis_script *sc, int argc, const char **argv);
int	redis_session_fail(struct redis_session *s, const char *what,
	    const char *detail);
void	redis_session_drop(struct redis_session *s);
void	redis_session_close(struct redis_session *s);
void	redis_reply_free(redisReply *r);

#endif
