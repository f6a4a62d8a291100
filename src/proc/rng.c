/* SPDX-License-Identifier: ISC */
/*
 * Randomness: xoshiro256** (Blackman and Vigna), seeded with --seed
 * through splitmix64, as its authors recommend, so that a run can be
 * replayed; else from the kernel's random bytes, at the first draw.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_RANDOM_H
#include <sys/random.h>
#endif

/*
 * The kernel's bytes: getrandom (Linux), else getentropy (glibc, musl,
 * macOS), else arc4random_buf (the BSDs); /dev/urandom where the first
 * two fail or none is there.
 */
#if defined(HAVE_GETRANDOM) || defined(HAVE_GETENTROPY) || \
    !defined(HAVE_ARC4RANDOM_BUF)
#define RNG_URANDOM 1
#endif

#include "proc/rng.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t	z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void
rng_init_seed(struct rng *r, uint64_t seed)
{
	int	i;

	r->seeded = 1;
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

void
rng_init_kernel(struct rng *r)
{
	memset(r, 0, sizeof *r);
}

static int	fetch_bytes(void *, size_t);

#ifdef RNG_URANDOM
/* Read len bytes from /dev/urandom: for kernels without getrandom. */
static int
urandom_bytes(unsigned char *p, size_t len)
{
	ssize_t	n;
	int	fd;

	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while (len > 0) {
		n = read(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	close(fd);
	return 0;
}
#endif

/*
 * The kernel's random bytes, taken RNG_POOL at a time: the run's id and
 * the seed of the generator that then makes every draw are one system
 * call, not one a draw (issue 28). Taken bytes are wiped.
 */
#define RNG_POOL 64
static unsigned char	pool[RNG_POOL];
static size_t		pool_left;

/* Fill buf with len bytes from the kernel's random source. */
int
rng_kernel_bytes(void *buf, size_t len)
{
	if (len <= RNG_POOL) {
		if (pool_left < len) {
			if (fetch_bytes(pool, sizeof pool) == -1)
				return -1;
			pool_left = sizeof pool;
		}
		memcpy(buf, pool + sizeof pool - pool_left, len);
		memset(pool + sizeof pool - pool_left, 0, len);
		pool_left -= len;
		return 0;
	}
	return fetch_bytes(buf, len);
}

/* Fill buf with len bytes from the kernel, as they come. */
static int
fetch_bytes(void *buf, size_t len)
{
	unsigned char	*p = buf;
#ifdef HAVE_GETRANDOM
	ssize_t		 n;

	while (len > 0) {
		n = getrandom(p, len, 0);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return urandom_bytes(p, len);
		p += n;
		len -= (size_t)n;
	}
	return 0;
#elif defined(HAVE_GETENTROPY)
	size_t		 n;

	while (len > 0) {
		n = len < 256 ? len : 256;	/* its most a call */
		if (getentropy(p, n) == -1)
			return urandom_bytes(p, len);
		p += n;
		len -= n;
	}
	return 0;
#elif defined(HAVE_ARC4RANDOM_BUF)
	arc4random_buf(p, len);		/* it cannot fail */
	return 0;
#else
	return urandom_bytes(p, len);
#endif
}

/*
 * The next 64 random bits. Unseeded, the generator is seeded at the first
 * draw with 256 bits of the kernel's (xoshiro256** from a random state,
 * as its authors allow: jitter needs no more), so that a run pays one
 * system call for all its draws, not one each.
 */
uint64_t
rng_u64(struct rng *r)
{
	uint64_t	result, t;

	if (!r->seeded) {
		/*
		 * Should the kernel fail us (it does not, for 32 bytes), or
		 * give the one state xoshiro cannot leave (all zero), seed
		 * from the clock-free address space rather than return a
		 * constant.
		 */
		if (rng_kernel_bytes(r->s, sizeof r->s) == 0 &&
		    (r->s[0] | r->s[1] | r->s[2] | r->s[3]) != 0)
			r->seeded = 1;
		else
			rng_init_seed(r, (uint64_t)(uintptr_t)r ^ 0x5eedULL);
	}
	result = rotl(r->s[1] * 5, 7) * 9;
	t = r->s[1] << 17;
	r->s[2] ^= r->s[0];
	r->s[3] ^= r->s[1];
	r->s[1] ^= r->s[2];
	r->s[0] ^= r->s[3];
	r->s[2] ^= t;
	r->s[3] = rotl(r->s[3], 45);
	return result;
}

/* Uniform in [0, 1), with 53 random bits. */
double
rng_uniform(struct rng *r)
{
	return (double)(rng_u64(r) >> 11) * 0x1.0p-53;
}
