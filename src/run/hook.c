/* SPDX-License-Identifier: ISC */
/*
 * Hooks: what the user asked to run around the attempts. A hook's
 * status is reported and changes nothing; a stop signal that came while
 * it ran is the caller's to act on.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "proc/eventloop.h"
#include "report/log.h"
#include "run/hook.h"

/* Hooks' own input and output; -1 with errno when they cannot be set up. */
int
hooks_init(struct hooks *h, struct supervise *sup, const struct runenv *env,
    uint64_t start)
{
	memset(h, 0, sizeof *h);
	h->sup = sup;
	h->env = env;
	h->start = start;
	if (io_init(&h->io, STDIN_NULL, STDOUT_STREAM, NULL, 0,
	    IO_STDOUT_TO_STDERR) == -1)
		return -1;
	return io_path_init(&h->io, &h->path);
}

/* Stopped at the deadline (0: none) as an attempt is, with its signal. */
void
hooks_set_stop(struct hooks *h, uint64_t deadline, uint64_t kill_after,
    int stop_signal)
{
	h->deadline = deadline;
	h->kill_after = kill_after;
	h->stop_signal = stop_signal;
}

/*
 * --output=on-failure: the hooks' output is held with the attempts'
 * (NULL: written as it comes, as for --on-give-up once the run failed).
 */
void
hooks_hold(struct hooks *h, struct held *held)
{
	io_hold(&h->io, held);
}

/* Run cmd with /bin/sh -c, after attempt (its number); say how it went. */
void
hooks_run(struct hooks *h, const char *name, const char *cmd,
    uint64_t attempt)
{
	char			sh[] = "/bin/sh", dash_c[] = "-c";
	char		       *argv[] = { sh, dash_c, (char *)cmd, NULL };
	struct stop_plan	plan = { h->deadline, h->kill_after,
				    h->stop_signal, 0 };
	struct outcome		out;
	struct child		child;		/* the hook's group */
	int			st;

	/* At the deadline it would be stopped at once. */
	if (h->deadline != 0 && eventloop_now() >= h->deadline)
		return;
	/* retry's messages go first, while the reader takes them. */
	eventloop_flush_sinks(h->deadline);
	if (eventloop_signal() != 0)
		return;
	if ((st = io_prepare(&h->io, &h->path, NULL, NULL)) == 0) {
		/* It may write a part of a line, unseen. */
		log_child_writes((io_writes_stdout(&h->io, &h->path) ?
		    LOG_CHILD_STDOUT : LOG_CHILD_PIPED) |
		    (io_writes_stderr(&h->io, &h->path) ? LOG_CHILD_STDERR :
		    LOG_CHILD_PIPED));
		st = supervise_start(h->sup, &child, argv,
		    runenv_envp(h->env), &h->io, &h->path, &out);
	}
	if (st == -1) {
		log_error("cannot run the %s hook: %s", name, strerror(errno));
		return;
	}
	if (st == 0 && supervise_wait(h->sup, &child, &plan, &h->io,
	    &h->path, &out) > 0)
		return;		/* a stop signal: the run dies of it */
	io_ended(&h->io, &h->path);
	/* Held: what is still in its pipes, into the spool. */
	if (h->io.held != NULL)
		(void)io_deliver(&h->io, &h->path, h->deadline);
	/* Elapsed since retry's start. */
	log_hook(name, attempt, eventloop_now() - h->start, &out);
}

void
hooks_free(struct hooks *h)
{
	io_free(&h->io);
	io_path_free(&h->path);
}
