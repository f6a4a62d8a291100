/* SPDX-License-Identifier: ISC */
/*
 * Signal names, without the "SIG" prefix, for messages and for --signal.
 * A table of our own: sigabbrev_np() is glibc-only and strsignal() gives
 * descriptions, not names.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "signame.h"

static const struct {
	int		 signo;
	const char	*name;
} signals[] = {
	{ SIGHUP, "HUP" }, { SIGINT, "INT" }, { SIGQUIT, "QUIT" },
	{ SIGILL, "ILL" }, { SIGTRAP, "TRAP" }, { SIGABRT, "ABRT" },
	{ SIGBUS, "BUS" }, { SIGFPE, "FPE" }, { SIGKILL, "KILL" },
	{ SIGUSR1, "USR1" }, { SIGSEGV, "SEGV" }, { SIGUSR2, "USR2" },
	{ SIGPIPE, "PIPE" }, { SIGALRM, "ALRM" }, { SIGTERM, "TERM" },
	{ SIGCHLD, "CHLD" }, { SIGCONT, "CONT" }, { SIGSTOP, "STOP" },
	{ SIGTSTP, "TSTP" }, { SIGTTIN, "TTIN" }, { SIGTTOU, "TTOU" },
	{ SIGURG, "URG" }, { SIGXCPU, "XCPU" }, { SIGXFSZ, "XFSZ" },
	{ SIGVTALRM, "VTALRM" }, { SIGPROF, "PROF" }, { SIGWINCH, "WINCH" },
	{ SIGIO, "IO" }, { SIGSYS, "SYS" },
};

#define NSIGNALS (sizeof signals / sizeof signals[0])

/* The name of signo ("TERM"), or NULL for one without a name here. */
const char *
signame_name(int signo)
{
	size_t	i;

	for (i = 0; i < NSIGNALS; i++)
		if (signals[i].signo == signo)
			return signals[i].name;
	return NULL;
}

/*
 * A signal from "TERM", "SIGTERM", "term" or "15"; -1 if it is none. Only
 * numbers of real signals (1 to the last one) are accepted.
 */
int
signame_parse(const char *s)
{
	char	*end;
	long	 v;
	size_t	 i;

	if (*s >= '0' && *s <= '9') {
		v = strtol(s, &end, 10);
		if (*end != '\0' || v < 1 || v >= NSIG)
			return -1;
		return (int)v;
	}
	if (strncasecmp(s, "SIG", 3) == 0)
		s += 3;
	for (i = 0; i < NSIGNALS; i++)
		if (strcasecmp(s, signals[i].name) == 0)
			return signals[i].signo;
	return -1;
}
