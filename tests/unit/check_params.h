/* SPDX-License-Identifier: ISC */
/* The budget parameters that the budget and store suites start from. */
#ifndef RETRY_CHECK_PARAMS_H
#define RETRY_CHECK_PARAMS_H

#include <string.h>

#include "policy/budget.h"

/* A budget of burst, ratio and rate, no gain, no breaker. */
static inline struct budget_params
params(double burst, double ratio, double rate)
{
	struct budget_params	p;

	memset(&p, 0, sizeof p);
	p.burst = burst;
	p.ratio = ratio;
	p.rate = rate;
	return p;
}

#endif
