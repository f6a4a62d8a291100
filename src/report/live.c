/* SPDX-License-Identifier: ISC */
/*
 * The live line: on a terminal, a sleep of LIVE_MIN_NS or more counts
 * down on a line of its own, below the message that announced it, once
 * a second; when the sleep ends the line is erased and the next message,
 * or the attempt's output, takes its place. retry's messages stay as a
 * log would hold them, and nothing written before the count (an
 * attempt's last line without its newline) is ever drawn over.
 *
 * Only where it can do no harm: stderr a terminal that retry has in the
 * foreground, retry the leader of its process group (retries that
 * xargs -P or a script runs side by side share a group, and would draw
 * over each other), stdout not a pipe (the reader, say jq, writes to the
 * same terminal when it likes), a TERM that knows "erase to the end of
 * the line", a line of plain ASCII (its width is its length) narrower
 * than the terminal; and only when the cursor is known to start a line:
 * right after one of retry's own messages, before any attempt, hook or
 * command before retry could have written a part of a line. A check that
 * fails mid-sleep (the terminal made narrower, retry put in the
 * background) stops the count where it is, and the end of the sleep gives
 * the line its newline instead of erasing it (in the background, nothing:
 * the shell started a line when it said the job stopped).
 * Everything goes through the stderr sink, in order with the messages.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "policy/duration.h"
#include "policy/large.h"
#include "proc/sink.h"
#include "report/live.h"

#define LIVE_LINE_MAX 1024

enum live_state {
	LIVE_NONE,	/* no line open */
	LIVE_PENDING,	/* a count up, not drawn before LIVE_MIN_NS */
	LIVE_SHOWN,	/* counting: the cursor ends the line */
	LIVE_STOPPED,	/* the count stopped; the line lacks its newline */
};

static int		 enabled;	/* -1: not known yet */
static enum live_state	 state;
static char		 head[LIVE_LINE_MAX] LARGE_ZEROED;
static char		 tail[LIVE_LINE_MAX] LARGE_ZEROED;
static uint64_t		 wake;
static uint64_t		 since;			/* a count up began */
static int		 up;			/* it counts up from since */
static uint64_t		 shown_s;		/* the seconds on screen */
static size_t		 drawn;			/* the line's width */
static int		 fresh;		/* the cursor starts a line */

/*
 * Whether a sleep may count down at all: text messages (the caller
 * knows), stderr a terminal, a TERM other than dumb, retry the leader of
 * its process group, and stdout not a pipe or a socket.
 */
void
live_init(int text_messages)
{
	/* Found out at the first sleep: a run with none pays nothing. */
	enabled = text_messages ? -1 : 0;
	state = LIVE_NONE;
	fresh = 0;	/* what came before retry is not known */
}

/* Whether a sleep may count down, asked once (see live_init()). */
static int
may_count(void)
{
	const char	*term = getenv("TERM");
	struct stat	 st;

	if (enabled == -1)
		enabled = term != NULL && *term != '\0' &&
		    strcmp(term, "dumb") != 0 && isatty(STDERR_FILENO) &&
		    getpgrp() == getpid() &&
		    !(fstat(STDOUT_FILENO, &st) == 0 &&
		    (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)));
	return enabled;
}

/*
 * What was written last: a whole line of retry's own (1), or something
 * else may have been (0: an attempt or a hook is about to run).
 */
void
live_fresh(int at_start)
{
	fresh = at_start;
}

/* Whether s is plain printable ASCII: then its width is its length. */
static int
plain(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			return 0;
	return 1;
}

/* Whether retry has the terminal and the line fits in it, now. */
static int
room_for(size_t cols)
{
	struct winsize	ws;

	if (tcgetpgrp(STDERR_FILENO) != getpgrp())
		return 0;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == -1 || ws.ws_col == 0)
		return 0;
	/* The last column left free: some terminals wrap on it. */
	return cols < ws.ws_col;
}

/* The seconds to show: left, rounded up; or, counting up, gone. */
static uint64_t
seconds_left(uint64_t now)
{
	uint64_t	left = wake > now ? wake - now : 0;

	if (up)
		return (now - since) / NSEC_PER_SEC;
	return left / NSEC_PER_SEC + (left % NSEC_PER_SEC != 0);
}

/* Draw the line over itself: head, the seconds left, tail. */
static void
draw(const char *count)
{
	char	buf[3 * LIVE_LINE_MAX];
	int	n;

	drawn = strlen(head) + strlen(count) + strlen(tail);
	n = snprintf(buf, sizeof buf, "\r%s%s%s\033[K", head, count, tail);
	if (n > 0)
		sink_message(buf, (size_t)n < sizeof buf ? (size_t)n :
		    sizeof buf - 1);
}

/*
 * Begin a count down to wake (now: the time of the call) on a line of
 * its own, below retry's last message: head, the whole seconds left,
 * tail. Returns 0 when the line is shown, -1 when it may not be (nothing
 * was written).
 */
int
live_begin(const char *h, const char *t, uint64_t w, uint64_t now)
{
	char	count[32];
	size_t	hl = strlen(h), tl = strlen(t);

	live_end();
	if (!fresh || w < now || !may_count())
		return -1;
	/* A sleep decided as 2 s is a little shorter when its count begins. */
	up = w >= LIVE_NO_END;
	if (!up && w - now + LIVE_SLACK_NS < LIVE_MIN_NS)
		return -1;
	if (hl >= sizeof head || tl >= sizeof tail || !plain(h) || !plain(t))
		return -1;
	wake = w;
	(void)snprintf(head, sizeof head, "%.*s", (int)hl, h);
	(void)snprintf(tail, sizeof tail, "%.*s", (int)tl, t);
	/*
	 * A wait with no end may be over in a moment, as most are: its line
	 * is drawn only once it has lasted LIVE_MIN_NS (live_tick).
	 */
	if (up) {
		since = now;
		state = LIVE_PENDING;
		return 0;
	}
	/* The first count is the widest: they only go down. */
	shown_s = seconds_left(now);
	duration_format(shown_s * NSEC_PER_SEC, count, sizeof count);
	if (!room_for(hl + strlen(count) + tl))
		return -1;
	state = LIVE_SHOWN;
	fresh = 0;
	draw(count);
	return 0;
}

/* Whether a line counts down now (or stopped, waiting for its end). */
int
live_active(void)
{
	return state != LIVE_NONE;
}

/* When the count shown next changes; 0: no line counts. */
uint64_t
live_next(uint64_t now)
{
	uint64_t	left;

	if (state == LIVE_PENDING)
		return since + LIVE_MIN_NS;
	if (state == LIVE_SHOWN && up)
		return since + (seconds_left(now) + 1) * NSEC_PER_SEC;
	if (state != LIVE_SHOWN || now >= wake)
		return 0;
	left = seconds_left(now);
	/* ceil((wake - t) / 1s) drops below left at wake - (left - 1)s. */
	return wake - (left - 1) * NSEC_PER_SEC;
}

/* Show the seconds left, if they changed and the terminal still suits. */
void
live_tick(uint64_t now)
{
	char		count[32];
	uint64_t	left;

	if (state == LIVE_PENDING && now - since >= LIVE_MIN_NS) {
		/* The count up is drawn now, where a line begins. */
		left = seconds_left(now);
		duration_format(left * NSEC_PER_SEC, count, sizeof count);
		if (!fresh ||
		    !room_for(strlen(head) + strlen(count) + strlen(tail))) {
			state = LIVE_NONE;
			return;
		}
		state = LIVE_SHOWN;
		fresh = 0;
		shown_s = left;
		draw(count);
		return;
	}
	if (state != LIVE_SHOWN)
		return;
	left = seconds_left(now);
	if (left == shown_s || left == 0)
		return;
	duration_format(left * NSEC_PER_SEC, count, sizeof count);
	if (!room_for(strlen(head) + strlen(count) + strlen(tail))) {
		state = LIVE_STOPPED;
		return;
	}
	shown_s = left;
	draw(count);
}

/*
 * End the line: erased, so that what comes next takes its place; or, when
 * it cannot be (the count stopped, the terminal narrower), given its
 * newline, so that what comes next starts a line. In the background
 * nothing is written: the shell started a line when it said the job
 * stopped, and a write there would land under its prompt.
 */
void
live_end(void)
{
	const char	*erase = "\r\033[K";

	if (state == LIVE_PENDING)
		state = LIVE_NONE;	/* nothing was drawn */
	if (state == LIVE_NONE)
		return;
	if (tcgetpgrp(STDERR_FILENO) != getpgrp())
		fresh = 0;
	else if (state == LIVE_SHOWN && room_for(drawn)) {
		sink_message(erase, strlen(erase));
		fresh = 1;
	} else {
		sink_message("\n", 1);
		fresh = 1;
	}
	state = LIVE_NONE;
}
