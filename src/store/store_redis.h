/* SPDX-License-Identifier: ISC */
/*
 * The redis: store, for the runs of many hosts; only in a build with
 * hiredis (HAVE_HIREDIS).
 */
#ifndef RETRY_STORE_REDIS_H
#define RETRY_STORE_REDIS_H

#include <stddef.h>

#include "policy/budget.h"
#include "store/redis_url.h"
#include "store/store.h"

struct store *store_redis_open(const struct redis_url *url, const char *name,
	    const struct budget_params *p, char *err, size_t errlen);

#endif
