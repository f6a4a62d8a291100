/* SPDX-License-Identifier: ISC */
/*
 * The only source of randomness: xoshiro256**, seeded by --seed so that
 * the same seed gives the same delays, or else by the kernel (getrandom).
 */
#ifndef RETRY_RNG_H
#define RETRY_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	int		seeded;
	uint64_t	s[4];
};

void	rng_init_seed(struct rng *, uint64_t);
void	rng_init_kernel(struct rng *);
int	rng_kernel_bytes(void *, size_t);
uint64_t rng_u64(struct rng *);
double	rng_uniform(struct rng *);

#endif
