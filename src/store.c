/* SPDX-License-Identifier: ISC */
/*
 * The store interface: which store a URL names, and the calls the loop
 * makes, passed on to that store. A store that fails after it opened is
 * left alone by the caller (fail open): a budget never fails a run.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "redis_url.h"
#include "store.h"

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
		return 0;
#else
		*why = "this build has no redis: store (file:DIR only; "
		    "configure --with-redis, with hiredis)";
		return -1;
#endif
	}
	*why = "expected file:DIR or redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]";
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
		snprintf(buf, len, "redis://***%s", at);
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
    int create, char *err, size_t errlen)
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

/*
 * The run's deadline, on the monotonic clock of eventloop_now() (0:
 * none): a store waits (for a lock, a server) for part of the time left.
 */
void
store_set_deadline(struct store *s, uint64_t deadline)
{
	s->until = deadline;
}

/* Ask to start an attempt (first: the run's first). -1: the store failed. */
int
store_admit(struct store *s, int first, struct budget_grant *g)
{
	return s->ops->admit(s, first, g);
}

/* Tell how an attempt ended. -1: the store failed. */
int
store_report(struct store *s, enum budget_result r, int retry, int probe)
{
	return s->ops->report(s, r, retry, probe);
}

/*
 * The state as it is, without changing it, and the store's time;
 * *fresh: there is none yet (a new budget). -1: the store failed.
 */
int
store_read(struct store *s, struct budget_state *st, uint64_t *now,
    int *fresh)
{
	return s->ops->read(s, st, now, fresh);
}

/* Why the last call failed. */
const char *
store_error(const struct store *s)
{
	return s->error;
}

/* A warning the last call left (a corrupt file replaced), or NULL. */
const char *
store_take_warning(struct store *s)
{
	static char	w[sizeof s->warning];

	if (s->warning[0] == '\0')
		return NULL;
	memcpy(w, s->warning, sizeof w);
	s->warning[0] = '\0';
	return w;
}

void
store_close(struct store *s)
{
	if (s != NULL)
		s->ops->close(s);
}
