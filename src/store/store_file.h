/* SPDX-License-Identifier: ISC */
/* The file: store, for the runs of one host. */
#ifndef RETRY_STORE_FILE_H
#define RETRY_STORE_FILE_H

#include <stddef.h>

#include "policy/budget.h"
#include "store/store.h"

struct store *store_file_open(const char *dir, const char *name,
	    const struct budget_params *p, enum store_create create,
	    char *err, size_t errlen);

#endif
