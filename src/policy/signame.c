/* SPDX-License-Identifier: ISC */
/*
 * Signal names, without the "SIG" prefix, for messages and for --signal.
 * A table of our own: sigabbrev_np() is glibc-only and strsignal() gives
 * descriptions, not names. The real-time signals, where the system has
 * them, are RTMIN+N and RTMAX-N.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "policy/large.h"
#include "policy/signame.h"

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

#ifdef SIGRTMIN
/*
 * The real-time signals have no fixed numbers: glibc keeps the first few
 * for itself (its SIGRTMIN is a function call) and musl differs, so they
 * are named from SIGRTMIN and SIGRTMAX as they are at run time. The first
 * half counts up from RTMIN, the second down from RTMAX, as kill -l does.
 */
static int
rt_name(int signo, char *buf, size_t len)
{
	int	min = SIGRTMIN, max = SIGRTMAX;

	if (signo < min || signo > max)
		return -1;
	if (signo == min)
		snprintf(buf, len, "RTMIN");
	else if (signo == max)
		snprintf(buf, len, "RTMAX");
	else if (signo - min <= (max - min) / 2)
		snprintf(buf, len, "RTMIN+%d", signo - min);
	else
		snprintf(buf, len, "RTMAX-%d", max - signo);
	return 0;
}

/*
 * "RTMIN", "RTMIN+N", "RTMAX", "RTMAX-N" (any case, no "SIG"): the signal,
 * -1 with *why set when it is out of range, -2 when s is no such name.
 */
static int
rt_parse(const char *s, const char **why)
{
	static char	 range[80] LARGE_ZEROED;
	int		 min = SIGRTMIN, max = SIGRTMAX, sign;
	char		*end;
	long		 n = 0;

	if (strncasecmp(s, "RTMIN", 5) == 0)
		sign = 1;
	else if (strncasecmp(s, "RTMAX", 5) == 0)
		sign = -1;
	else
		return -2;
	s += 5;
	if (*s != '\0') {
		if (*s != (sign == 1 ? '+' : '-'))
			return -2;
		s++;
		/* Digits only: strtol would take a space or a second sign. */
		if (*s < '0' || *s > '9')
			return -2;
		errno = 0;
		n = strtol(s, &end, 10);
		if (*end != '\0')
			return -2;
		if (errno == ERANGE || n > max - min) {
			snprintf(range, sizeof range, "expected N from 0 to %d "
			    "in RTMIN+N or RTMAX-N", max - min);
			*why = range;
			return -1;
		}
	}
	return sign == 1 ? min + (int)n : max - (int)n;
}
#endif

/*
 * The name of signo ("TERM", "RTMIN+2") in buf of len bytes
 * (SIGNAME_MAX is enough), or NULL for one without a name here.
 */
const char *
signame_name(int signo, char *buf, size_t len)
{
	size_t	i;

	for (i = 0; i < NSIGNALS; i++)
		if (signals[i].signo == signo) {
			snprintf(buf, len, "%s", signals[i].name);
			return buf;
		}
#ifdef SIGRTMIN
	if (rt_name(signo, buf, len) == 0)
		return buf;
#endif
	return NULL;
}

/*
 * A signal from "TERM", "SIGTERM", "term", "RTMIN+1" or "15"; -1, with
 * *why set, if it is none. Only numbers of real signals (1 to the last
 * one) are accepted.
 */
int
signame_parse(const char *s, const char **why)
{
	char	*end;
	long	 v;
	size_t	 i;
#ifdef SIGRTMIN
	int	 rt;
#endif

	*why = "expected a signal name (TERM, SIGTERM, RTMIN+1) or number";
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
#ifdef SIGRTMIN
	if ((rt = rt_parse(s, why)) != -2)
		return rt;
#endif
	return -1;
}
