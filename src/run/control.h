/* SPDX-License-Identifier: ISC */
/*
 * RETRY_CONTROL: the file each attempt may write its pushback to. Named
 * after the run in the user's own directory for retry (0700, kept), or
 * else in a directory of the run's own; made when the first attempt
 * starts, fresh and empty for each attempt, read when it ends, removed
 * at the end of the run.
 */
#ifndef RETRY_CONTROL_H
#define RETRY_CONTROL_H

#include <stddef.h>

#include "policy/pushback.h"
#include "run/runenv.h"

struct control {
	char		*entry;		/* RETRY_CONTROL=DIR/NAME; NULL: none yet */
	const char	*file;		/* DIR/NAME, in entry */
	size_t		 dir_len;	/* of DIR */
	int		 own;		/* DIR is the run's own, removed at the end */
	int		 fresh;		/* nothing under the name yet */
	int		 broken;	/* no directory could be had */
	int		 made;		/* the file is there for the attempt */
	struct pushback	 said;		/* what the last attempt wrote */
};

void	control_fresh(struct control *, struct runenv *);
const struct pushback *control_read(struct control *);
void	control_remove(struct control *);

#endif
