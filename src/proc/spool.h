/* SPDX-License-Identifier: ISC */
/*
 * A spool: bytes kept to be read again, in memory up to a bound, beyond it
 * in an unlinked temporary file (0600, in $TMPDIR or /tmp). Used to replay
 * stdin to every attempt and to hold an attempt's stdout.
 */
#ifndef RETRY_SPOOL_H
#define RETRY_SPOOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SPOOL_MEM_DEFAULT ((size_t)1024 * 1024)

struct spool {
	char		*mem;		/* the first bytes, up to mem_limit */
	size_t		 mem_len;
	size_t		 mem_cap;
	size_t		 mem_limit;
	int		 fd;		/* the rest, from offset mem_limit; -1 */
	uint64_t	 len;		/* all bytes appended */
	int		 bounce[2];	/* a pipe that splices pass through */
	int		 no_splice;	/* the file took none: copy by hand */
};

void	spool_init(struct spool *, size_t);
int	spool_append(struct spool *, const void *, size_t);
ssize_t	spool_read_at(struct spool *, uint64_t, void *, size_t);
int	spool_write_at(struct spool *, uint64_t, const void *, size_t);
ssize_t	spool_splice_from(struct spool *, int, size_t);
void	spool_truncate(struct spool *);
void	spool_free(struct spool *);

#endif
