/* SPDX-License-Identifier: ISC */
/*
 * RARELY_USED: zeroed data that most runs never touch (a countdown's
 * lines, a store's warning, CI's fold text), put after all other zeroed
 * data, so that what every run touches lies on fewer pages: each page
 * touched is a page fault at start-up, which costs more than many system
 * calls (issue 28). On x86-64, GNU ld places the large-data section
 * .lbss after .bss; elsewhere the data stays where it was.
 */
#ifndef RETRY_RARELY_H
#define RETRY_RARELY_H

#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__)
#define RARELY_USED __attribute__((section(".lbss.rarely")))
#else
#define RARELY_USED
#endif

#endif
