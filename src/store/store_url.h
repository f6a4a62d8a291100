/* SPDX-License-Identifier: ISC */
/*
 * Which store a URL names (file:DIR, redis://...), and opening it: the
 * one module that knows the kinds of store. A URL is parsed once, into
 * struct store_url, whose parts the stores are opened with. What it
 * opens is then used through store.h alone.
 */
#ifndef RETRY_STORE_URL_H
#define RETRY_STORE_URL_H

#include <stddef.h>

#include "policy/budget.h"
#include "store/redis_url.h"
#include "store/store.h"

/* The kinds of store, as a URL's scheme names them. */
enum store_kind {
	STORE_KIND_NONE,	/* neither: refused */
	STORE_KIND_FILE,	/* file:DIR */
	STORE_KIND_REDIS,	/* redis[s]://... */
};

/* A store's URL, parsed. */
struct store_url {
	enum store_kind	 kind;		/* set even when refused */
	const char	*dir;		/* file: DIR, in the URL's own string */
	struct redis_url redis;		/* redis: its parts */
};

int	 store_url_parse(const char *url, struct store_url *u,
	    const char **why);
int	 store_url_check(const char *url, const char **why);
void	 store_url_shown(const char *url, char *buf, size_t len);
void	 store_default_url(char *buf, size_t len);
struct store *store_open(const char *url, const char *name,
	    const struct budget_params *p, enum store_create create,
	    char *err, size_t errlen);

#endif
