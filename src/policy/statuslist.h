/* SPDX-License-Identifier: ISC */
/* Status lists: "1,2,5-7", "success", "fail" -> a set of exit statuses. */
#ifndef RETRY_STATUSLIST_H
#define RETRY_STATUSLIST_H

#include <stddef.h>
#include <stdint.h>

struct statuslist {
	uint64_t	bits[4];	/* statuses 0..255 */
};

int	statuslist_parse(const char *, struct statuslist *, const char **);
int	statuslist_split(const char *,
	    int (*)(const char *, size_t, void *, const char **), void *,
	    const char **);
void	statuslist_clear(struct statuslist *);
void	statuslist_add(struct statuslist *, int, int);
void	statuslist_merge(struct statuslist *, const struct statuslist *);
int	statuslist_has(const struct statuslist *, int);
int	statuslist_empty(const struct statuslist *);

#endif
