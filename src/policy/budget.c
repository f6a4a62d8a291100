/* SPDX-License-Identifier: ISC */
/*
 * The retry budget and the circuit breaker, as arithmetic on a small
 * state. The bucket follows the AWS SDKs' retry quota (a retry takes a
 * token, a successful retry gives it back), the SRE book's and Finagle's
 * deposit per request (a first attempt adds ratio tokens) and Finagle's
 * floor rate (rate tokens a second). The first success after a burst's
 * worth of failures in a row refills the bucket (a share recover of the
 * burst), as a breaker's closing lets the waiting runs back in; a success
 * may add gain tokens more, as TCP's slow start grows its window (bench/
 * herd chose a full refill and no gain: a gain only adds rejections where
 * the service sheds load). None of it moves the bound that holds while
 * every attempt fails. The breaker is
 * the usual one of Nygard's "Release It!": closed, open for a while
 * after K consecutive failures, then half-open for one probe.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/budget.h"
#include "policy/duration.h"
#include "policy/scan.h"

#define NS 1e9
/* Tokens are doubles: 0.1 ten times is a whole token, give or take. */
#define EPSILON 1e-9
/* The most tokens a state may hold (a sane file never holds more). */
#define TOKENS_MAX 1e9

/* A new budget: full, circuit closed. */
void
budget_fresh(const struct budget_params *p, struct budget_state *s,
    uint64_t now)
{
	memset(s, 0, sizeof *s);
	s->tokens = p->burst;
	s->at = now;
}

/*
 * A clock that went back (a wall clock set back, another boot) never
 * keeps a circuit open longer than one DURATION, nor stops the refill.
 */
static void
clamp(const struct budget_params *p, struct budget_state *s, uint64_t now)
{
	if (s->at > now)
		s->at = now;
	if (p->breaker_k == 0)
		return;
	if (s->open_until > now && s->open_until - now > p->breaker_ns)
		s->open_until = now + p->breaker_ns;
	if (s->probe_until > now && s->probe_until - now > p->breaker_ns)
		s->probe_until = now + p->breaker_ns;
}

/* The circuit opens for DURATION from now. */
static void
open_circuit(const struct budget_params *p, struct budget_state *s,
    uint64_t now)
{
	s->open_until = now + p->breaker_ns;
	s->probe_until = 0;
	s->fails = 0;
}

/* Add n tokens, up to the burst (a larger burst of another run stays). */
static void
add_tokens(const struct budget_params *p, struct budget_state *s, double n)
{
	if (s->tokens >= p->burst)
		return;
	s->tokens += n;
	if (s->tokens > p->burst)
		s->tokens = p->burst;
}

/* Bring the tokens up to now at the floor rate. */
static void
refill(const struct budget_params *p, struct budget_state *s, uint64_t now)
{
	if (now > s->at)
		add_tokens(p, s, p->rate * ((double)(now - s->at) / NS));
	s->at = now;
}

/* The tokens at now, without changing the state. */
double
budget_tokens(const struct budget_params *p, const struct budget_state *s,
    uint64_t now)
{
	struct budget_state	t = *s;

	clamp(p, &t, now);
	refill(p, &t, now);
	return t.tokens;
}

/* The circuit's state at now: half-open once an open one's DURATION is over. */
enum circuit_state
budget_circuit(const struct budget_params *p, const struct budget_state *s,
    uint64_t now)
{
	struct budget_state	t = *s;

	clamp(p, &t, now);
	if (t.open_until == 0)
		return CIRCUIT_CLOSED;
	return now < t.open_until ? CIRCUIT_OPEN : CIRCUIT_HALF_OPEN;
}

/* The state as messages, JSON and the store's server write it. */
const char *
budget_circuit_name(enum circuit_state c)
{
	switch (c) {
	case CIRCUIT_CLOSED:
		return "closed";
	case CIRCUIT_OPEN:
		return "open";
	case CIRCUIT_HALF_OPEN:
		return "half-open";
	}
	return "closed";
}

/* Nanoseconds until one token is there; UINT64_MAX: never (rate 0). */
static uint64_t
until_token(const struct budget_params *p, const struct budget_state *s)
{
	double	need = 1 - s->tokens;

	if (need <= 0)
		return 0;
	if (!(p->rate > 0))
		return UINT64_MAX;
	need = need / p->rate * NS;	/* + 1 below: rounded up */
	return need >= 9e18 ? UINT64_MAX : (uint64_t)need + 1;
}

/*
 * The breaker's answer before an attempt: 0 to go on (*probe set when
 * this attempt is the half-open probe), else the circuit is shut and
 * g says for how long.
 */
static int
breaker_admit(const struct budget_params *p, const struct budget_state *s,
    uint64_t now, int *probe, struct budget_grant *g)
{
	*probe = 0;
	if (p->breaker_k == 0 || s->open_until == 0)
		return 0;
	if (now < s->open_until) {
		g->wait = s->open_until - now;
		return -1;
	}
	if (s->probe_until > now) {
		g->wait = s->probe_until - now;	/* another run's probe */
		return -1;
	}
	*probe = 1;
	return 0;
}

/*
 * A run asks to start an attempt, its first or a retry. A first attempt
 * is never held back by the bucket and deposits ratio tokens; a retry
 * takes one token or is told how long until there is one. An open
 * circuit holds back both, and lets one probe through once half-open.
 */
void
budget_admit(const struct budget_params *p, struct budget_state *s,
    uint64_t now, enum budget_attempt attempt, struct budget_grant *g)
{
	int	probe;

	memset(g, 0, sizeof *g);
	clamp(p, s, now);
	refill(p, s, now);
	g->circuit = budget_circuit(p, s, now);
	if (breaker_admit(p, s, now, &probe, g) == -1) {
		g->answer = BUDGET_OPEN;
		g->tokens = s->tokens;
		return;
	}
	if (attempt == BUDGET_FIRST)
		add_tokens(p, s, p->ratio);
	else if (s->tokens + EPSILON >= 1)
		s->tokens = s->tokens > 1 ? s->tokens - 1 : 0;
	else {
		g->answer = BUDGET_NO_TOKEN;
		g->wait = until_token(p, s);
		g->tokens = s->tokens;
		return;
	}
	if (probe) {
		s->probe_until = now + p->breaker_ns;
		g->probe = 1;
	}
	g->answer = BUDGET_GO;
	g->tokens = s->tokens;
}

/*
 * How an attempt ended, and what it held (a token it took, the half-open
 * circuit's probe). A success anywhere closes the circuit and gives a
 * retry's token back; a failure counts towards K, and the probe's
 * failure opens the circuit again. Failures of attempts that started
 * before the circuit opened change nothing more.
 */
void
budget_report(const struct budget_params *p, struct budget_state *s,
    uint64_t now, enum budget_result r, const struct budget_ticket *t)
{
	clamp(p, s, now);
	refill(p, s, now);
	switch (r) {
	case BUDGET_SUCCESS:
		add_tokens(p, s, (t->token ? 1 : 0) + p->gain);
		/*
		 * The first success after a burst's worth of failures in a
		 * row: the service is back, and the runs that waited out
		 * its outage on an empty bucket come back at once, as a
		 * breaker's closing lets them.
		 */
		if (p->recover > 0 && (double)s->fails >= p->burst &&
		    s->tokens < p->burst * p->recover)
			s->tokens = p->burst * p->recover;
		s->fails = 0;
		s->open_until = s->probe_until = 0;
		break;
	case BUDGET_FAILURE:
		if (t->probe && p->breaker_k != 0)
			open_circuit(p, s, now);
		else if (s->open_until == 0) {
			if (s->fails < UINT32_MAX)
				s->fails++;
			if (p->breaker_k != 0 && s->fails >= p->breaker_k)
				open_circuit(p, s, now);
		}
		break;
	case BUDGET_NEUTRAL:
		if (t->probe)
			s->probe_until = 0;	/* another run may probe */
		break;
	}
}

/* A budget NAME: letters, digits, '.', '_', '-', 1 to 128 bytes, not . or .. */
int
budget_name_valid(const char *name)
{
	size_t	n;

	for (n = 0; name[n] != '\0'; n++) {
		char	c = name[n];

		if (n >= BUDGET_NAME_MAX)
			return 0;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
			return 0;
	}
	return n > 0 && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

/*
 * The budget's options, as their words: each returns 0, or -1 with a
 * static reason in *why for the caller's message.
 */

/* --budget-burst=N: a whole number of tokens, 1 to a million. */
int
budget_parse_burst(const char *s, double *out, const char **why)
{
	uint64_t	u;

	if (scan_u64(s, &u) == -1 || u < 1 || u > 1000000) {
		*why = "expected a whole number from 1 to 1000000";
		return -1;
	}
	*out = (double)u;
	return 0;
}

/* --budget-ratio=R: tokens a first attempt deposits, 0 to 1. */
int
budget_parse_ratio(const char *s, double *out, const char **why)
{
	double	d;

	if (scan_double(s, &d) == -1 || d > 1) {
		*why = "expected a number from 0 to 1";
		return -1;
	}
	*out = d;
	return 0;
}

/*
 * "N/DURATION" as N and nanoseconds (DURATION > 0; a bare unit, as in
 * 1/s, is one of it). whole: N a whole number from 1; else N >= 0.
 */
static int
parse_per(const char *s, int whole, double *n, uint64_t *ns, const char **why)
{
	const char	*slash = strchr(s, '/');
	char		 num[64], dur[64];
	uint64_t	 k;
	size_t		 len;

	*why = whole ? "expected K/DURATION, as 5/30s (K from 1)" :
	    "expected N/DURATION, as 1/s, 30/m or 1/500ms";
	if (slash == NULL || (len = (size_t)(slash - s)) == 0 ||
	    len >= sizeof num || strlen(slash + 1) + 2 > sizeof dur)
		return -1;
	memcpy(num, s, len);
	num[len] = '\0';
	if (whole) {
		if (scan_u64(num, &k) == -1 || k == 0 || k > 1000000)
			return -1;
		*n = (double)k;
	} else if (scan_double(num, n) == -1 || *n > 1e9)
		return -1;
	/* A bare unit: "s" is "1s". */
	snprintf(dur, sizeof dur, "%s%s", slash[1] >= 'a' && slash[1] <= 'z' ?
	    "1" : "", slash + 1);
	if (duration_parse(dur, ns, why) == -1)
		return -1;
	if (*ns == 0) {
		*why = "the DURATION must be more than 0";
		return -1;
	}
	return 0;
}

/* --budget-rate=N/DURATION, as tokens a second. */
int
budget_parse_rate(const char *s, double *out, const char **why)
{
	uint64_t	ns;
	double		n;

	if (parse_per(s, 0, &n, &ns, why) == -1)
		return -1;
	*out = n / ((double)ns / 1e9);
	return 0;
}

/* --breaker=K/DURATION: K failures in a row open it for DURATION. */
int
budget_parse_breaker(const char *s, uint32_t *k, uint64_t *ns,
    const char **why)
{
	uint64_t	d;
	double		n;

	if (parse_per(s, 1, &n, &d, why) == -1)
		return -1;
	*k = (uint32_t)n;
	*ns = d;
	return 0;
}

#define FORMAT_HEAD "retry-budget 1 "

/*
 * The state as one versioned text line; the length written (without the
 * NUL), or -1 if buf is too small.
 */
int
budget_format(const struct budget_state *s, char *buf, size_t len)
{
	int	n;

	n = snprintf(buf, len, FORMAT_HEAD "tokens=%.9f at=%llu fails=%lu "
	    "open_until=%llu probe_until=%llu\n", s->tokens,
	    (unsigned long long)s->at, (unsigned long)s->fails,
	    (unsigned long long)s->open_until,
	    (unsigned long long)s->probe_until);
	return n < 0 || (size_t)n >= len ? -1 : n;
}

/* "key=" then a whole number, then sep; the rest in *p. */
static int
field_u64(const char **p, const char *end, const char *key, char sep,
    uint64_t *out)
{
	size_t			 k = strlen(key);
	unsigned long long	 v = 0;
	const char		*q;

	if ((size_t)(end - *p) < k + 2 || memcmp(*p, key, k) != 0 ||
	    (*p)[k] != '=')
		return -1;
	q = *p + k + 1;
	if (q >= end || *q < '0' || *q > '9')
		return -1;
	for (; q < end && *q >= '0' && *q <= '9'; q++) {
		unsigned	digit = (unsigned)(*q - '0');

		if (v > UINT64_MAX / 10 ||
		    (v == UINT64_MAX / 10 && digit > UINT64_MAX % 10))
			return -1;
		v = v * 10 + digit;
	}
	if (q >= end || *q != sep)
		return -1;
	*p = q + 1;
	*out = v;
	return 0;
}

/* "tokens=" then a decimal number and a space; the rest in *p. */
static int
field_tokens(const char **p, const char *end, double *out)
{
	char		 num[64];
	const char	*q = *p + 7, *sp;
	char		*e;
	size_t		 n;

	if ((size_t)(end - *p) < 8 || memcmp(*p, "tokens=", 7) != 0)
		return -1;
	if ((sp = memchr(q, ' ', (size_t)(end - q))) == NULL ||
	    (n = (size_t)(sp - q)) == 0 || n >= sizeof num)
		return -1;
	memcpy(num, q, n);
	num[n] = '\0';
	if (strspn(num, "0123456789.") != n)
		return -1;
	errno = 0;
	*out = strtod(num, &e);
	if (errno != 0 || *e != '\0' || !isfinite(*out) || *out < 0 ||
	    *out > TOKENS_MAX)
		return -1;
	*p = sp + 1;
	return 0;
}

/*
 * Read a state written by budget_format: the whole of buf (len bytes,
 * not NUL-terminated) must be one such line. -1 on anything else.
 */
int
budget_parse(const char *buf, size_t len, struct budget_state *s)
{
	const char	*p = buf, *end = buf + len;
	uint64_t	 fails;
	size_t		 h = sizeof FORMAT_HEAD - 1;

	if (len < h || memcmp(buf, FORMAT_HEAD, h) != 0)
		return -1;
	p += h;
	if (field_tokens(&p, end, &s->tokens) == -1 ||
	    field_u64(&p, end, "at", ' ', &s->at) == -1 ||
	    field_u64(&p, end, "fails", ' ', &fails) == -1 ||
	    field_u64(&p, end, "open_until", ' ', &s->open_until) == -1 ||
	    field_u64(&p, end, "probe_until", '\n', &s->probe_until) == -1 ||
	    p != end || fails > UINT32_MAX)
		return -1;
	s->fails = (uint32_t)fails;
	return 0;
}
