/* SPDX-License-Identifier: ISC */
/*
 * --output=on-failure: what a run holds back until it is known to have
 * failed (the attempts' stdout and stderr, retry's text messages, the
 * hooks' output), in the order it came, spooled as held stdout is
 * (spool.h), each attempt's under a header that is known only once the
 * attempt ended. A run that succeeds lets it all go unwritten; one that
 * fails writes it out (the last attempt's, or with :all every attempt's)
 * before it says so.
 */
#ifndef RETRY_HELD_H
#define RETRY_HELD_H

#include <stddef.h>
#include <stdint.h>

#include "proc/spool.h"

/* The kept bytes are pieces: a head (held.c), then what the piece holds. */
struct held {
	struct spool	 sp[2];		/* sp[cur] in use; the other, :last's */
	int		 cur;
	int		 all;		/* every attempt's, not the last alone */
	uint64_t	 good;		/* bytes of whole pieces in sp[cur] */
	uint64_t	 pre;		/* of which before the first record */
	int		 begun;		/* a record was opened */
	uint64_t	 rec;		/* the open record's head; UINT64_MAX */
	uint64_t	 rec_end;	/* where the last record closed */
	uint64_t	 cut;		/* bytes that could not be kept */
	int		 error;		/* errno of the first loss, or 0 */
	int		 dead[2];	/* stdout, stderr: written no more */
};

void	held_init(struct held *h, int all);
void	held_append(struct held *h, int fd, const void *buf, size_t len);
void	held_begin(struct held *h);
void	held_end(struct held *h, const char *header, size_t len);
void	held_write(struct held *h, uint64_t until);
int	held_lost(const struct held *h, uint64_t *bytes);
void	held_free(struct held *h);

#endif
