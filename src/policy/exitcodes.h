/* SPDX-License-Identifier: ISC */
/*
 * Exit statuses of retry, as in timeout(1) and env(1):
 *
 *   the last attempt's status  it succeeded, or retry gave up on it
 *   75   the circuit of --breaker was open, and no attempt ran (EX_TEMPFAIL)
 *   124  the last attempt was stopped by --timeout or --deadline
 *   125  retry itself failed: bad usage, bad values, out of resources
 *   126  the command was found but could not be run
 *   127  the command was not found
 *   128+N  the last attempt died of signal N
 *
 * When retry itself is killed by SIGINT, SIGTERM, SIGHUP or SIGQUIT it dies
 * of that signal, so the caller sees a signal death, not a status.
 */
#ifndef RETRY_EXITCODES_H
#define RETRY_EXITCODES_H

#define EXIT_TEMPFAIL 75
#define EXIT_TIMEDOUT 124
#define EXIT_CANCELED 125
#define EXIT_CANNOT_INVOKE 126
#define EXIT_ENOENT 127
#define EXIT_SIGNAL_BASE 128

#endif
