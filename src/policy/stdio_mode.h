/* SPDX-License-Identifier: ISC */
/*
 * What --stdin and --stdout ask of an attempt's standard input and
 * output: options.c reads them, io.c carries them out.
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

#endif
