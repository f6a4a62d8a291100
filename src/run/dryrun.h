/* SPDX-License-Identifier: ISC */
/* The dry run: print the delay schedule the options give. */
#ifndef RETRY_DRYRUN_H
#define RETRY_DRYRUN_H

#include "proc/rng.h"
#include "run/options.h"

int	dryrun_print(const struct options *, struct rng *);

#endif
