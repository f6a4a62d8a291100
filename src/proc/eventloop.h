/* SPDX-License-Identifier: ISC */
/*
 * The single place that waits: signals, child exit and timers, through one
 * ppoll() with the original signal mask (or poll() and a self-pipe, where
 * there is no ppoll). Signal handlers only set flags.
 */
#ifndef RETRY_EVENTLOOP_H
#define RETRY_EVENTLOOP_H

#include <poll.h>
#include <stdint.h>

/* Descriptors a caller may pass to eventloop_wait(), at the most. */
#define EVENTLOOP_MAXFDS 512

int	 eventloop_init(void);
void	 eventloop_child_reset(void);
void	 eventloop_child_made(void);
int	 eventloop_catch_tstp(void (*)(void *), void *);
void	 eventloop_suspend(void);
void	 eventloop_set_reaper(void (*)(void *), void *);
void	 eventloop_reap_in_wait(int);
int	 eventloop_wait(uint64_t, struct pollfd *, int);
int	 eventloop_sleep_until(uint64_t);
int	 eventloop_flush_sinks(uint64_t);
int	 eventloop_take_chld(void);
int	 eventloop_take_cont(void);
int	 eventloop_peek_cont(void);
int	 eventloop_signal(void);
int	 eventloop_signal_count(void);
void	 eventloop_set_face(void (*)(uint64_t), uint64_t (*)(uint64_t));
void	 eventloop_set_last_words(void (*)(int, uint64_t));
void	 eventloop_die_of(int);
uint64_t eventloop_now(void);

#endif
