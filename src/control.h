/* SPDX-License-Identifier: ISC */
/*
 * RETRY_CONTROL: the file each attempt may write its pushback to. Made
 * in a private directory of retry's own (0700, made once a run, when the
 * first attempt starts), fresh and empty for each attempt, read when it
 * ends, removed with its directory at the end of the run.
 */
#ifndef RETRY_CONTROL_H
#define RETRY_CONTROL_H

#include "pushback.h"
#include "runenv.h"

struct control {
	char		*dir;		/* NULL: not made (yet) */
	char		*entry;		/* RETRY_CONTROL=DIR/control */
	const char	*file;		/* DIR/control, in entry */
	int		 fresh_dir;	/* made, and nothing in it yet */
	int		 broken;	/* the directory could not be made */
	int		 made;		/* the file is there for the attempt */
	struct pushback	 said;		/* what the last attempt wrote */
};

void	control_fresh(struct control *, struct runenv *);
const struct pushback *control_read(struct control *);
void	control_remove(struct control *);

#endif
