/* SPDX-License-Identifier: ISC */
/* Static room for one user at a time, the heap for the others (room.h). */
#include "config.h"

#include <stdlib.h>

#include "policy/room.h"

/* len bytes: the room when it is free and enough, else from the heap. */
void *
room_take(struct room *r, size_t len)
{
	if (!r->taken && len <= r->size) {
		r->taken = 1;
		return r->buf;
	}
	return malloc(len);
}

/* Give back what room_take() gave (NULL: nothing). */
void
room_give(struct room *r, void *p)
{
	if (p == r->buf)
		r->taken = 0;
	else
		free(p);
}
