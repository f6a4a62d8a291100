/* SPDX-License-Identifier: ISC */
/*
 * The live line: on a terminal, a sleep of LIVE_MIN_NS or more counts
 * down in place, once a second, in the message that announced it (or in
 * a line of its own, which goes when the sleep ends). Only where it can
 * do no harm: stderr a terminal that retry has in the foreground, a TERM
 * that knows "erase to the end of the line", a line that fits the width.
 * A check that fails mid-sleep (the terminal resized narrower, retry put
 * in the background) stops the count where it is; the next message starts
 * on a line of its own. Everything goes through the stderr sink, in order
 * with retry's other messages.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "duration.h"
#include "live.h"
#include "sink.h"

#define NSEC_PER_SEC 1000000000ULL
#define LIVE_LINE_MAX 1024

enum live_state {
	LIVE_NONE,	/* no line open */
	LIVE_SHOWN,	/* counting: the cursor ends the line */
	LIVE_STOPPED,	/* the count stopped; the line lacks its newline */
};

static int		 enabled;
static enum live_state	 state;
static char		 head[LIVE_LINE_MAX], tail[LIVE_LINE_MAX];
static char		 whole[LIVE_LINE_MAX];	/* kept: the line to leave */
static int		 keep;
static uint64_t		 wake;
static uint64_t		 shown_s;		/* the seconds on screen */

/*
 * Whether a sleep may count down at all: text messages (the caller
 * knows), stderr a terminal, and a TERM other than dumb.
 */
void
live_init(int text_messages)
{
	const char	*term = getenv("TERM");

	enabled = text_messages && isatty(STDERR_FILENO) && term != NULL &&
	    *term != '\0' && strcmp(term, "dumb") != 0;
	state = LIVE_NONE;
}

/* Columns a string takes: one per UTF-8 character. */
static size_t
columns(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
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

static uint64_t
seconds_left(uint64_t now)
{
	uint64_t	left = wake > now ? wake - now : 0;

	return left / NSEC_PER_SEC + (left % NSEC_PER_SEC != 0);
}

/* Draw the line over itself: head, the seconds left, tail. */
static void
draw(const char *count)
{
	char	buf[3 * LIVE_LINE_MAX];
	int	n;

	n = snprintf(buf, sizeof buf, "\r%s%s%s\033[K", head, count, tail);
	if (n > 0)
		sink_message(buf, (size_t)n < sizeof buf ? (size_t)n :
		    sizeof buf - 1);
}

/*
 * Begin a count down to wake (now: the time of the call): first shows
 * head + first + tail, then the seconds left in first's place. keep: the
 * line stays when the sleep ends, as first shown, else it is erased.
 * Returns 0 when the line is live, -1 when it may not be (nothing was
 * written: the caller prints its message as usual).
 */
int
live_begin(const char *h, const char *first, const char *t, uint64_t w,
    uint64_t now, int k)
{
	size_t	hl = strlen(h), fl = strlen(first), tl = strlen(t);

	live_end();
	if (!enabled || w < now || w - now < LIVE_MIN_NS)
		return -1;
	if (hl + fl + tl >= sizeof whole)
		return -1;
	(void)snprintf(whole, sizeof whole, "%.*s%.*s%.*s", (int)hl, h,
	    (int)fl, first, (int)tl, t);
	/* Room for the line as first shown, and for any count after it. */
	if (!room_for(columns(whole) + 8))
		return -1;
	(void)snprintf(head, sizeof head, "%.*s", (int)hl, h);
	(void)snprintf(tail, sizeof tail, "%.*s", (int)tl, t);
	keep = k;
	wake = w;
	shown_s = seconds_left(now);
	state = LIVE_SHOWN;
	draw(first);
	return 0;
}

/* When the count shown next changes; 0: no line counts. */
uint64_t
live_next(uint64_t now)
{
	uint64_t	left;

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

	if (state != LIVE_SHOWN)
		return;
	left = seconds_left(now);
	if (left == shown_s || left == 0)
		return;
	if (!room_for(columns(head) + columns(tail) + 8)) {
		state = LIVE_STOPPED;
		return;
	}
	shown_s = left;
	draw(duration_format(left * NSEC_PER_SEC, count, sizeof count));
}

/*
 * End the line: a kept one is left as first shown, with its newline; one
 * of its own is erased. A stopped count gets only its newline, written
 * while retry has the terminal (a background write could stop retry).
 */
void
live_end(void)
{
	char	buf[2 * LIVE_LINE_MAX];
	int	n;

	switch (state) {
	case LIVE_NONE:
		return;
	case LIVE_SHOWN:
		if (tcgetpgrp(STDERR_FILENO) != getpgrp())
			break;
		/* Narrower now: redrawn, the line would wrap over itself. */
		if (!room_for(columns(whole) + 8))
			n = snprintf(buf, sizeof buf, "\n");
		else if (keep)
			n = snprintf(buf, sizeof buf, "\r%s\033[K\n", whole);
		else
			n = snprintf(buf, sizeof buf, "\r\033[K");
		if (n > 0)
			sink_message(buf, (size_t)n < sizeof buf ? (size_t)n :
			    sizeof buf - 1);
		break;
	case LIVE_STOPPED:
		if (tcgetpgrp(STDERR_FILENO) == getpgrp())
			sink_message("\n", 1);
		break;
	}
	state = LIVE_NONE;
}
