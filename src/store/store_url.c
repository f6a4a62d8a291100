/* SPDX-License-Identifier: ISC */
/*
 * Which store a URL names: checked when the options are read, shown
 * without a password, the default when none is named, and opened. The
 * kinds of store are known here and nowhere else.
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

/* Whether url names a store this build has; why: what is wrong. */
int
store_url_check(const char *url, const char **why)
{
	if (strncmp(url, "file:", 5) == 0) {
		if (url[5] == '\0') {
			*why = "file: needs a directory (file:DIR)";
			return -1;
		}
		return 0;
	}
	if (strncasecmp(url, "redis", 5) == 0) {
		struct redis_url	u;

		if (redis_url_parse(url, &u, why) == -1)
			return -1;
#ifdef HAVE_HIREDIS
#ifndef HAVE_OPENSSL
		if (u.tls) {
			*why = "this build has no TLS (rediss://; configure "
			    "--with-tls, with OpenSSL 3)";
			return -1;
		}
#endif
		return 0;
#else
		*why = "this build has no redis: store (file:DIR only; "
		    "configure --with-redis, with hiredis)";
		return -1;
#endif
	}
	*why = "expected file:DIR or redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB]";
	return -1;
}

/*
 * url as messages and JSON show it: a redis: URL's password is ***, and
 * in one that does not parse, all before its last '@'.
 */
void
store_url_shown(const char *url, char *buf, size_t len)
{
	struct redis_url	 u;
	const char		*why, *at;

	if (strncasecmp(url, "redis", 5) != 0) {
		snprintf(buf, len, "%s", url);
		return;
	}
	if (redis_url_parse(url, &u, &why) == 0 &&
	    redis_url_format(&u, buf, len) > 0)
		return;
	if ((at = strrchr(url, '@')) != NULL)
		snprintf(buf, len, "%s://***%s", strncasecmp(url, "rediss", 6) == 0 ?
		    "rediss" : "redis", at);
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
	const char	*why;

	if (store_url_check(url, &why) == -1) {
		snprintf(err, errlen, "%s", why);
		return NULL;
	}
	/* Checked here for every store: it makes their file and key names. */
	if (!budget_name_valid(name)) {
		snprintf(err, errlen, "invalid budget name '%s'", name);
		return NULL;
	}
#ifdef HAVE_HIREDIS
	if (strncasecmp(url, "redis", 5) == 0)
		return store_redis_open(url, name, p, err, errlen);
#endif
	return store_file_open(url + 5, name, p, create, err, errlen);
}
