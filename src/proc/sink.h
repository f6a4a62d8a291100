/* SPDX-License-Identifier: ISC */
/*
 * retry's own writes to its standard output and error: the attempt's
 * output passed through, held output released, messages. Someone else
 * reads those descriptors, and a reader that stalls must never hold retry
 * in a write: bytes the reader cannot take now wait here, and the event
 * loop writes them when poll says there is room.
 */
#ifndef RETRY_SINK_H
#define RETRY_SINK_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Messages waiting for a stalled stderr, at the most: more are dropped. */
#define SINK_MESSAGES_MAX ((size_t)65536)
/* A reader that takes nothing for this long, after a limit, has stalled. */
#define SINK_STALL_NS 500000000ULL

#define SINK_MAXFDS 2

ssize_t	sink_try(int, const void *, size_t);
int	sink_write(int, const void *, size_t);
void	sink_message(const char *, size_t);
int	sink_mid_line(int);
size_t	sink_pending(int);
int	sink_error(int);
int	sink_lost(int);
ssize_t	sink_sendfile(int, int, off_t *, size_t);
void	sink_await(int);
int	sink_pollfds(struct pollfd *);
void	sink_flush(void);
uint64_t sink_written(void);
uint64_t sink_moved_at(void);

#endif
