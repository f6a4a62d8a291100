/* SPDX-License-Identifier: ISC */
/*
 * LARGE_ZEROED: zeroed data of some size of which a run touches little or
 * nothing (the run's state, most of it unused without --hedge or hooks;
 * a countdown's lines; a store's warning), put after all the small
 * zeroed data, so that what every run touches lies on fewer pages: each
 * page touched is a page fault, which costs more than a dozen system
 * calls (issue 28). On x86-64, GNU ld places the large-data section
 * .lbss after .bss; elsewhere the data stays where it was. The small
 * data must end on the page it begins on, which the kernel zeroes at
 * exec and which is then faulted in already: tests/cli/cost-pages.sh.
 */
#ifndef RETRY_LARGE_H
#define RETRY_LARGE_H

#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__)
#define LARGE_ZEROED __attribute__((section(".lbss.retry")))
#else
#define LARGE_ZEROED
#endif

/*
 * On a page of its own from its start: the run's state, whose first 3 KiB
 * are what a run uses, then fault in one page, not two.
 */
#if defined(__GNUC__)
#define PAGE_ALIGNED __attribute__((aligned(4096)))
#else
#define PAGE_ALIGNED
#endif

#endif
