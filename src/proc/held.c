/* SPDX-License-Identifier: ISC */
/*
 * Held output (--output=on-failure). One spool holds pieces in the order
 * they came: bytes for stdout, bytes for stderr, and for each attempt a
 * record, opened where the attempt starts with room for its header (how
 * the attempt ended, known only once it has), filled in when it ends:
 * written out before the attempt's output. A piece's head is its kind (a
 * byte) and a number (8 bytes: the length, or the header's); the spool
 * is retry's own, never read by another machine.
 *
 * With :last, the records before the last are dropped as the next
 * attempt starts; what came after the last one closed (an --on-retry
 * hook's output) is moved to the front of the other spool first, so that
 * it is shown with the attempt it led to.
 *
 * A spool that fails to keep a piece (a full disk, no $TMPDIR) keeps
 * nothing more: the bytes not kept are counted, for the run to say what
 * was cut. A header still goes in its room, kept already.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "proc/eventloop.h"
#include "proc/held.h"
#include "proc/sink.h"

/* The kinds of pieces; bytes for stdout and stderr are their numbers. */
#define PIECE_RECORD	3	/* an attempt: its header's length, 0: none */
#define HEAD_LEN	9	/* kind, then the number */
#define HEADER_ROOM	1024	/* a header's bytes, at the most */
#define NO_RECORD	UINT64_MAX
#define POUR_CHUNK	16384

/* Writing out: until when the readers are waited for without bound. */
struct pour {
	uint64_t	until;		/* 0: no limit */
	uint64_t	moved;		/* when a reader last took bytes */
	int		dropped;	/* the rest is given up */
};

void
held_init(struct held *h, int all)
{
	memset(h, 0, sizeof *h);
	spool_init(&h->sp[0], SPOOL_MEM_DEFAULT);
	spool_init(&h->sp[1], SPOOL_MEM_DEFAULT);
	h->all = all;
	h->rec = NO_RECORD;
}

/* Keep a piece's head; -1 when the spool failed (counted by the caller). */
static int
put_head(struct held *h, int kind, uint64_t n)
{
	unsigned char	head[HEAD_LEN];

	head[0] = (unsigned char)kind;
	memcpy(head + 1, &n, sizeof n);
	return spool_append(&h->sp[h->cur], head, sizeof head);
}

/* The spool failed to keep len bytes: nothing more is kept. */
static void
lost(struct held *h, size_t len, int e)
{
	if (h->error == 0)
		h->error = e != 0 ? e : EIO;
	h->cut += len;
}

/* Keep len bytes of buf for fd (STDOUT_FILENO or STDERR_FILENO). */
void
held_append(struct held *h, int fd, const void *buf, size_t len)
{
	if (len == 0)
		return;
	if (h->error != 0) {
		h->cut += len;
		return;
	}
	if (put_head(h, fd, len) == -1 ||
	    spool_append(&h->sp[h->cur], buf, len) == -1) {
		lost(h, len, errno);
		return;
	}
	h->good += HEAD_LEN + len;
}

/* Read all len bytes at off of sp; -1 with errno. */
static int
read_all(struct spool *sp, uint64_t off, void *buf, size_t len)
{
	char	*p = buf;
	ssize_t	 n;

	while (len > 0) {
		if ((n = spool_read_at(sp, off, p, len)) <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		p += n;
		off += (uint64_t)n;
		len -= (size_t)n;
	}
	return 0;
}

/* Append bytes off to end of from to to; -1 with errno. */
static int
copy_range(struct spool *from, struct spool *to, uint64_t off, uint64_t end)
{
	char	buf[POUR_CHUNK];
	size_t	n;

	for (; off < end; off += n) {
		n = end - off < sizeof buf ? (size_t)(end - off) : sizeof buf;
		if (read_all(from, off, buf, n) == -1 ||
		    spool_append(to, buf, n) == -1)
			return -1;
	}
	return 0;
}

/*
 * :last: drop the records, keeping what came before the first (the
 * run's own notices) and after the last one closed, moved to the other
 * spool. A piece cut short would be misread: if the move fails, the
 * records go and nothing after them is kept.
 */
static void
drop_records(struct held *h)
{
	struct spool	*from = &h->sp[h->cur], *to = &h->sp[!h->cur];
	uint64_t	 good = h->pre + (h->good - h->rec_end);

	spool_truncate(to);
	h->error = 0;
	h->cut = 0;
	if (copy_range(from, to, 0, h->pre) == -1 ||
	    copy_range(from, to, h->rec_end, h->good) == -1) {
		lost(h, (size_t)(h->good - h->rec_end), errno);
		spool_truncate(to);
		good = 0;
		h->pre = 0;
	}
	spool_truncate(from);
	h->cur = !h->cur;
	h->good = good;
	h->rec_end = 0;
}

/* An attempt starts: its record opens, with room for its header. */
void
held_begin(struct held *h)
{
	static const char	room[HEADER_ROOM];

	if (!h->all && h->rec_end != 0)
		drop_records(h);
	else if (!h->all && h->error != 0) {
		/* Nothing closed to show: start again. */
		spool_truncate(&h->sp[h->cur]);
		h->good = h->pre = 0;
		h->error = 0;
		h->cut = 0;
	}
	if (!h->begun) {
		h->begun = 1;
		h->pre = h->good;
	}
	h->rec = NO_RECORD;
	if (h->error != 0)
		return;
	if (put_head(h, PIECE_RECORD, 0) == -1 ||
	    spool_append(&h->sp[h->cur], room, sizeof room) == -1) {
		lost(h, 0, errno);
		return;
	}
	h->rec = h->good;
	h->good += HEAD_LEN + sizeof room;
}

/*
 * The attempt ended: its record closes, with the header (len bytes, 0:
 * none; cut to its room, its newline kept) its output is written under.
 */
void
held_end(struct held *h, const char *header, size_t len)
{
	struct spool	*sp = &h->sp[h->cur];
	int		 cut = len > HEADER_ROOM;
	uint64_t	 n = cut ? HEADER_ROOM : len;

	if (h->rec == NO_RECORD)
		return;
	if (spool_write_at(sp, h->rec + HEAD_LEN, header, (size_t)n) == -1 ||
	    (cut && spool_write_at(sp, h->rec + HEAD_LEN + n - 1, "\n",
	    1) == -1) ||
	    spool_write_at(sp, h->rec + 1, &n, sizeof n) == -1)
		lost(h, (size_t)n, errno);
	h->rec = NO_RECORD;
	h->rec_end = h->good;
}

/*
 * Wait for room on fd. Past the limit (or once a signal came), a reader
 * that takes nothing for SINK_STALL_NS has stalled: the rest is dropped.
 */
static void
await_room(struct pour *w, int fd)
{
	uint64_t	now = eventloop_now(), wake = w->until;

	if (eventloop_signal() != 0 || (w->until != 0 && now >= w->until)) {
		wake = w->moved + SINK_STALL_NS;
		if (now >= wake) {
			w->dropped = 1;
			return;
		}
	}
	sink_await(fd);
	(void)eventloop_wait(wake, NULL, 0);
}

/* Write len bytes at off of the spool to fd, as its reader takes them. */
static void
pour(struct held *h, struct pour *w, int fd, uint64_t off, uint64_t len)
{
	char	buf[POUR_CHUNK];
	size_t	n, done;
	ssize_t	m;

	for (; len > 0 && !h->dead[fd - 1] && !w->dropped; off += n, len -= n) {
		n = len < sizeof buf ? (size_t)len : sizeof buf;
		if (read_all(&h->sp[h->cur], off, buf, n) == -1) {
			w->dropped = 1;
			return;
		}
		for (done = 0; done < n && !w->dropped; ) {
			if ((m = sink_try(fd, buf + done, n - done)) == -1) {
				h->dead[fd - 1] = 1;	/* its reader is gone */
				return;
			}
			if (m > 0) {
				done += (size_t)m;
				w->moved = eventloop_now();
			} else
				await_room(w, fd);
		}
	}
}

/* The head of the piece at off: its kind, and its number in *n. */
static int
head_at(struct held *h, uint64_t off, uint64_t *n)
{
	unsigned char	head[HEAD_LEN];

	if (read_all(&h->sp[h->cur], off, head, sizeof head) == -1)
		return -1;
	memcpy(n, head + 1, sizeof *n);
	return head[0];
}

/*
 * Write out all that is held, in order, each record's header first, as
 * far as the readers take it (see await_room(); until: the run's
 * deadline, 0: none).
 */
void
held_write(struct held *h, uint64_t until)
{
	struct pour	w = { until, eventloop_now(), 0 };
	uint64_t	off, n;
	int		kind;

	for (off = 0; off < h->good && !w.dropped; off += HEAD_LEN) {
		if ((kind = head_at(h, off, &n)) == -1)
			break;
		switch (kind) {
		case STDOUT_FILENO:
		case STDERR_FILENO:
			pour(h, &w, kind, off + HEAD_LEN, n);
			off += n;
			break;
		case PIECE_RECORD:
			pour(h, &w, STDERR_FILENO, off + HEAD_LEN, n);
			off += HEADER_ROOM;
			break;
		default:
			return;
		}
	}
}

/* The errno of the first loss and the bytes lost (*bytes), or 0. */
int
held_lost(const struct held *h, uint64_t *bytes)
{
	*bytes = h->cut;
	return h->error;
}

void
held_free(struct held *h)
{
	spool_free(&h->sp[0]);
	spool_free(&h->sp[1]);
	h->good = h->rec_end = 0;
	h->rec = NO_RECORD;
}
