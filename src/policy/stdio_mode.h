/* SPDX-License-Identifier: ISC */
/*
 * What --stdin, --stdout and --output ask of an attempt's standard
 * input and output, and the words that say it: options_parse.c reads
 * them, io.c and held.c carry them out.
 */
#ifndef RETRY_STDIO_MODE_H
#define RETRY_STDIO_MODE_H

enum stdin_mode {
	STDIN_DEFAULT,		/* replay, or pass when stdin is a terminal */
	STDIN_REPLAY,
	STDIN_PASS,
	STDIN_NULL,
};

enum stdout_mode {
	STDOUT_STREAM,
	STDOUT_HOLD,
};

/* --output: when the run's output is written. */
enum output_mode {
	OUTPUT_LIVE,		/* as it comes (no --output) */
	OUTPUT_FAILURE_LAST,	/* on-failure[:last]: the last attempt's */
	OUTPUT_FAILURE_ALL,	/* on-failure:all: every attempt's */
};

int	stdio_mode_parse_stdin(const char *, enum stdin_mode *, const char **);
int	stdio_mode_parse_stdout(const char *, enum stdout_mode *,
	    const char **);
int	stdio_mode_parse_output(const char *, enum output_mode *,
	    const char **);

#endif
