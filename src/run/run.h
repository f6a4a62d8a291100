/* SPDX-License-Identifier: ISC */
/* The retry loop: attempts, their outcomes, the sleeps between them. */
#ifndef RETRY_RUN_H
#define RETRY_RUN_H

#include <stdint.h>

#include "proc/rng.h"
#include "run/options.h"

int	run_attempts(const struct options *, struct rng *, uint64_t);

#endif
