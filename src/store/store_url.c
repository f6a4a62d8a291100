/* SPDX-License-Identifier: ISC */
/*
 * Which store a URL names, parsed once into struct store_url: checked
 * when the options are read, shown without a password, the default when
 * none is named, and opened with its parts. The kinds of store are known
 * here and nowhere else.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "policy/budget.h"
#include "store/redis_url.h"
#include "store/store.h"
#include "store/store_file.h"
#include "store/store_redis.h"
#include "store/store_url.h"

/*
 * Read url into u: which kind of store, and its parts (a file: URL's
 * DIR is a pointer into url). -1 with why when it names neither kind or
 * is wrong for its kind; whether this build has that kind is
 * store_url_check()'s.
 */
int
store_url_parse(const char *url, struct store_url *u, const char **why)
{
	u->kind = STORE_KIND_NONE;
	u->dir = NULL;
	if (strncmp(url, "file:", 5) == 0) {
		u->kind = STORE_KIND_FILE;
		u->dir = url + 5;
		if (u->dir[0] == '\0') {
			*why = "file: needs a directory (file:DIR)";
			return -1;
		}
		return 0;
	}
	if (strncasecmp(url, "redis", 5) == 0) {
		u->kind = STORE_KIND_REDIS;
		return redis_url_parse(url, &u->redis, why);
	}
	*why = "expected file:DIR or "
	    "redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB]";
	return -1;
}

/* Whether this build has the store that u names; why: what it lacks. */
static int
store_url_built(const struct store_url *u, const char **why)
{
	if (u->kind != STORE_KIND_REDIS)
		return 0;
#ifdef HAVE_HIREDIS
#ifndef HAVE_OPENSSL
	if (u->redis.tls) {
		*why = "this build has no TLS (rediss://; configure "
		    "--with-tls, with OpenSSL 3)";
		return -1;
	}
#else
	(void)why;
#endif
	return 0;
#else
	*why = "this build has no redis: store (file:DIR only; "
	    "configure --with-redis, with hiredis)";
	return -1;
#endif
}

/* Whether url names a store this build has; why: what is wrong. */
int
store_url_check(const char *url, const char **why)
{
	struct store_url	u;

	if (store_url_parse(url, &u, why) == -1)
		return -1;
	return store_url_built(&u, why);
}

/*
 * url as messages and JSON show it: a redis: URL's password is ***, and
 * in one that does not parse, all before its last '@'.
 */
void
store_url_shown(const char *url, char *buf, size_t len)
{
	struct store_url	 u;
	const char		*why, *at;

	if (store_url_parse(url, &u, &why) == 0 &&
	    u.kind == STORE_KIND_REDIS &&
	    redis_url_format(&u.redis, buf, len) > 0)
		return;
	if (u.kind == STORE_KIND_REDIS && (at = strrchr(url, '@')) != NULL)
		snprintf(buf, len, "%s://***%s",
		    strncasecmp(url, "rediss", 6) == 0 ? "rediss" : "redis", at);
	else
		snprintf(buf, len, "%s", url);
}

/*
 * The store when none is named: file:$XDG_RUNTIME_DIR/retry (a private
 * tmpfs of the user's, per the XDG base directory spec), else
 * file:/tmp/retry-UID.
 */
void
store_default_url(char *buf, size_t len)
{
	const char	*x = getenv("XDG_RUNTIME_DIR");

	if (x != NULL && x[0] == '/' &&
	    (size_t)snprintf(buf, len, "file:%s/retry", x) < len)
		return;
	snprintf(buf, len, "file:/tmp/retry-%lu", (unsigned long)geteuid());
}

/*
 * Open budget name in the store at url, with this run's parameters;
 * create: make what is missing (not for a dry run). NULL with one line in
 * err when the store is refused.
 */
struct store *
store_open(const char *url, const char *name, const struct budget_params *p,
    enum store_create create, char *err, size_t errlen)
{
	struct store_url	 u;
	const char		*why;

	if (store_url_parse(url, &u, &why) == -1 ||
	    store_url_built(&u, &why) == -1) {
		snprintf(err, errlen, "%s", why);
		return NULL;
	}
	/* Checked here for every store: it makes their file and key names. */
	if (!budget_name_valid(name)) {
		snprintf(err, errlen, "invalid budget name '%s'", name);
		return NULL;
	}
#ifdef HAVE_HIREDIS
	if (u.kind == STORE_KIND_REDIS)
		return store_redis_open(&u.redis, name, p, err, errlen);
#endif
	return store_file_open(u.dir, name, p, create, err, errlen);
}
