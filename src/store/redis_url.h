/* SPDX-License-Identifier: ISC */
/*
 * The URL of a redis: store, redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB],
 * read without a client library, so that every build checks it and the
 * unit tests and a fuzz target reach it.
 */
#ifndef RETRY_REDIS_URL_H
#define RETRY_REDIS_URL_H

#include <stddef.h>

#define REDIS_URL_PART_MAX 256
#define REDIS_DEFAULT_PORT 6379

struct redis_url {
	char		user[REDIS_URL_PART_MAX];	/* "": none */
	char		password[REDIS_URL_PART_MAX];
	int		has_password;	/* a non-empty one */
	char		host[REDIS_URL_PART_MAX];	/* IPv6 without [] */
	unsigned	port;
	unsigned	db;
	int		tls;	/* rediss:// */
};

/* A Redis Cluster's redirection of a command: MOVED or ASK. */
enum redis_redirect {
	REDIS_NO_REDIRECT,
	REDIS_MOVED,	/* the slot lives there now: go there from now on */
	REDIS_ASK,	/* being moved: ask there, once, after ASKING */
};

int	redis_url_parse(const char *, struct redis_url *, const char **);
enum redis_redirect redis_redirect_parse(const char *error, char *host,
	    size_t hostlen, unsigned *port);
int	redis_url_format(const struct redis_url *, char *, size_t);

#endif
