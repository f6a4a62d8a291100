/* SPDX-License-Identifier: ISC */
/*
 * Room in static data for one user at a time, the heap for the others:
 * for a buffer that a plain run needs once (the first control's path,
 * the first attempt's stdin stage), so that the run allocates nothing.
 * A heap's first allocation costs a fresh process its set-up and page
 * faults, 60-100 us on a VM (issue 28).
 */
#ifndef RETRY_ROOM_H
#define RETRY_ROOM_H

#include <stddef.h>

struct room {
	char	*buf;
	size_t	 size;
	int	 taken;
};

/* A room over a static array. */
#define ROOM_OVER(array) { (array), sizeof (array), 0 }

void	*room_take(struct room *, size_t);
void	 room_give(struct room *, void *);

#endif
