/* SPDX-License-Identifier: ISC */
/* The dry run: print the delay schedule the options give. */
#ifndef RETRY_DRYRUN_H
#define RETRY_DRYRUN_H

#include "run/options.h"
#include "proc/rng.h"

int	dryrun_print(const struct options *, struct rng *);

#endif
