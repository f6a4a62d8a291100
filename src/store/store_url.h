/* SPDX-License-Identifier: ISC */
/*
 * Which store a URL names (file:DIR, redis://...), and opening it: the
 * one module that knows the kinds of store. What it opens is then used
 * through store.h alone.
 */
#ifndef RETRY_STORE_URL_H
#define RETRY_STORE_URL_H

#include <stddef.h>

#include "policy/budget.h"
#include "store/store.h"

int	 store_url_check(const char *url, const char **why);
void	 store_url_shown(const char *url, char *buf, size_t len);
void	 store_default_url(char *buf, size_t len);
struct store *store_open(const char *url, const char *name,
	    const struct budget_params *p, enum store_create create,
	    char *err, size_t errlen);

#endif
