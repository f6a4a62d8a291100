/* SPDX-License-Identifier: ISC */
/*
 * The verdict on an attempt, as retry(1) says in "Attempts and outcomes",
 * "Conditions on output and hooks" and "Pushback", and the budget's word
 * before the next one ("Sharing a budget"). Pure: time, the next delay,
 * the output's matches, the command's word and the store's answer are
 * passed in, so each rule is tested in a table.
 */
#include "config.h"

#include <signal.h>
#include <string.h>

#include "policy/duration.h"
#include "policy/exitcodes.h"
#include "policy/verdict.h"

/*
 * A wait for an open circuit asks the store again at least every 250
 * ms; a wait for a token, or for a probe that is out, every 50 ms (a
 * token given back is taken at once); never more often than every
 * millisecond. (On bench/herd, a variant that polled for tokens every
 * 10 ms changed nothing.)
 */
#define POLL_CIRCUIT_NS 250000000ULL
#define POLL_TOKEN_NS 50000000ULL
#define POLL_MIN_NS 1000000ULL

/* Whether a condition of this kind was given and a line matched it. */
static int
matched(const struct verdict_policy *p, const struct verdict_input *in,
    enum cond_kind kind)
{
	return p->cond != NULL && in->matches != NULL &&
	    cond_given(p->cond, kind) && cond_matched(in->matches, kind);
}

/* A 403 or 429 whose response says its rate-limit quota is spent. */
static int
quota_spent(const struct verdict_input *in, const struct verdict *v)
{
	return (v->http_status == 403 || v->http_status == 429) &&
	    in->http != NULL && in->http->quota_spent;
}

/*
 * Judge the status by the lists and the output: a success status with a
 * --fail-if-output line is a failure (status 1) that is retried; a
 * failure with a --stop-if-output line, or without a --retry-if-output
 * line when that is given, is permanent; with --http, so is a failure
 * whose last HTTP status is an error not in its list (unless a 403 or
 * 429 says its rate-limit quota is spent); otherwise a status in
 * --success-on is a success, then one in --stop-on is permanent, then one
 * in --retry-on (every failure when it is not given) is retried, and any
 * other is permanent.
 */
static enum verdict_kind
judge(const struct verdict_policy *p, const struct verdict_input *in,
    const struct outcome *out, struct verdict *v)
{
	int	st = out->status;
	int	success = p->success_on != NULL ?
	    statuslist_has(p->success_on, st) : st == 0;

	if (success) {
		if (!matched(p, in, COND_FAIL_IF))
			return VERDICT_SUCCESS;
		v->why = "output matched --fail-if-output";
		v->status = 1;
		return VERDICT_RETRY;
	}
	if (matched(p, in, COND_STOP_IF)) {
		v->why = "output matched --stop-if-output";
		return VERDICT_GIVE_UP;
	}
	if (p->cond != NULL && cond_given(p->cond, COND_RETRY_IF) &&
	    !matched(p, in, COND_RETRY_IF)) {
		v->why = "no output matched --retry-if-output";
		return VERDICT_GIVE_UP;
	}
	/*
	 * --http: an HTTP error not in its list is never retried (404), but
	 * for a 403 or 429 that says its rate-limit quota is spent: GitHub's
	 * rate limit is a 403.
	 */
	if (quota_spent(in, v)) {
		if (v->why == NULL)
			v->why = "its rate-limit quota is spent";
	} else if (v->http_status >= 400 && v->http_status <= 599 &&
	    !http_list_has(p->http, v->http_status)) {
		v->why = "not in the --http list";
		return VERDICT_GIVE_UP;
	}
	if (p->stop_on != NULL && statuslist_has(p->stop_on, st))
		return VERDICT_GIVE_UP;
	if (p->retry_on == NULL || statuslist_has(p->retry_on, st))
		return VERDICT_RETRY;
	return VERDICT_GIVE_UP;
}

/*
 * A floor to the sleep (a Retry-After, the reset of a rate limit where
 * none came (http.c chose), or a delay the command asked for): the
 * sleep is never shorter, and not capped by --cap; up to a tenth more,
 * at random, so that clients told the same value do not come back
 * together. A wait that would end at or past the deadline is not begun
 * (-1); where only the spread would, it is cut to fit.
 */
static int
floor_wait(const struct verdict_input *in, struct verdict *v, uint64_t floor)
{
	uint64_t	spread, left;

	if (in->deadline != 0 &&
	    (in->now >= in->deadline || floor >= in->deadline - in->now))
		return -1;
	spread = (uint64_t)(in->spread * ((double)floor / 10));
	if (in->deadline != 0) {
		left = in->deadline - in->now;
		if (spread >= left - floor)
			spread = left - floor - 1;
	}
	if (floor + spread > v->sleep)
		v->sleep = floor + spread;
	return 0;
}

/*
 * The floors of the sleep: a Retry-After (it counts only in a response,
 * after a status line: one with none before it is a log line or the
 * like), and a delay the command asked for. The longer of the two is the
 * floor, and --max-server-wait its most: past it, the floor is that most
 * (clamp), or the run gives up at once (give-up), whatever the deadline.
 * -1 and why the run gives up when it does (none: a floor of 0 does
 * nothing).
 */
static int
floors(const struct verdict_policy *p, const struct verdict_input *in,
    struct verdict *v, enum run_end *end)
{
	static const struct server_wait	 six_hours = { VERDICT_FLOOR_MAX_NS, 0 };
	const struct server_wait	*most = p->max_wait != NULL ?
					    p->max_wait : &six_hours;
	uint64_t			 floor;

	if (p->http != NULL && in->http != NULL && in->http->retry_after &&
	    in->http->status != 0) {
		v->retry_after = in->http->retry_after_s * NSEC_PER_SEC;
		v->retry_after_from = in->http->retry_after_from;
	}
	if (in->push != NULL && in->push->word == PUSHBACK_DELAY) {
		v->pushed = PUSHBACK_DELAY;
		v->push_delay = in->push->delay;
	}
	if (v->push_delay > v->retry_after) {
		floor = v->push_delay;
		*end = END_PUSHBACK;
	} else {
		floor = v->retry_after;
		*end = END_RETRY_AFTER;
	}
	if (floor > most->most) {
		v->wait_cut = 1;
		v->wait_most = most->most;
		if (most->give_up) {
			*end = END_SERVER_WAIT;
			return -1;
		}
		floor = most->most;
	}
	return floor_wait(in, v, floor);
}

/*
 * The run gives up after this attempt: why. A success short of
 * --successes' N in a row ends it with status 1: the count was not
 * reached.
 */
static void
give_up(struct verdict *v, enum run_end end)
{
	v->kind = VERDICT_GIVE_UP;
	v->end = end;
	if (v->in_a_row != 0)
		v->status = 1;
}

/*
 * The command's word on its status (RETRY_CONTROL): "stop" ends a run
 * that would go on, with this attempt's status; "retry" retries a
 * failure that would not be. Neither changes a success.
 */
static enum verdict_kind
command_says(const struct verdict_input *in, enum verdict_kind k,
    struct verdict *v)
{
	if (in->push == NULL)
		return k;
	if (in->push->word == PUSHBACK_STOP && k == VERDICT_RETRY) {
		v->pushed = PUSHBACK_STOP;
		return VERDICT_GIVE_UP;
	}
	if (in->push->word == PUSHBACK_RETRY && k == VERDICT_GIVE_UP) {
		v->pushed = PUSHBACK_RETRY;
		return VERDICT_RETRY;
	}
	return k;
}

/*
 * What the attempt was, whatever follows. In this order: a command that
 * could not be run is never retried; an attempt that died of SIGINT or
 * SIGQUIT was interrupted by the user (Ctrl-C reaches the attempt, which
 * holds the terminal); one stopped at the deadline ends the run with
 * 124; then the status and output rules, and the command's word on
 * them. A retry is yet to be allowed.
 */
static void
classify(const struct verdict_policy *p, const struct verdict_input *in,
    const struct outcome *out, struct verdict *v)
{
	memset(v, 0, sizeof *v);
	v->status = out->status;
	v->why = out->why;
	if (p->http != NULL && in->http != NULL)
		v->http_status = in->http->status;
	if (out->kind == OUTCOME_EXEC_FAILED)
		give_up(v, END_EXEC);
	else if (out->kind == OUTCOME_SIGNALED &&
	    (out->signo == SIGINT || out->signo == SIGQUIT)) {
		v->kind = VERDICT_INTERRUPTED;
		v->signo = out->signo;
	} else if (out->kind == OUTCOME_TIMEDOUT && in->deadline != 0 &&
	    in->ended >= in->deadline) {
		v->status = EXIT_TIMEDOUT;
		give_up(v, END_DEADLINE);
	} else if ((v->kind = command_says(in, judge(p, in, out, v), v)) ==
	    VERDICT_GIVE_UP)
		give_up(v, v->pushed == PUSHBACK_STOP ? END_PUSHBACK :
		    END_PERMANENT);
}

/*
 * Held output that could not go out in time: a success whose output was
 * cut short ends the run (a second copy must not follow it), with 124
 * as a run ends at its time limit; a failure that ends the run ends it
 * with 124 all the same (a permanent status must not become a retried
 * one); a retry counts as the timed-out attempt it would have been, had
 * it written to the stalled reader itself.
 */
static void
held_cut_short(const struct verdict_policy *p, const struct verdict_input *in,
    struct verdict *v)
{
	struct outcome	timedout = *in->out;

	timedout.kind = OUTCOME_TIMEDOUT;
	timedout.status = EXIT_TIMEDOUT;
	timedout.why = VERDICT_LATE_WHY;
	switch (v->kind) {
	case VERDICT_SUCCESS:
	case VERDICT_AGAIN:	/* not yet: decided after this */
		give_up(v, END_OUTPUT);
		/* FALLTHROUGH */
	case VERDICT_GIVE_UP:
		v->status = EXIT_TIMEDOUT;
		v->why = timedout.why;
		break;
	case VERDICT_RETRY:
		classify(p, in, &timedout, v);
		break;
	case VERDICT_INTERRUPTED:
		break;
	}
}

/*
 * --max-server-wait=DURATION[:clamp|:give-up]: 0, or -1 with a reason.
 * The duration's own reason names what is wrong with it.
 */
int
verdict_parse_max_wait(const char *s, struct server_wait *w, const char **why)
{
	const char	*colon = strrchr(s, ':');
	char		 d[64];
	size_t		 len = colon != NULL ? (size_t)(colon - s) : strlen(s);

	if (colon != NULL && strcmp(colon, ":clamp") != 0 &&
	    strcmp(colon, ":give-up") != 0) {
		*why = "the word after the colon is clamp or give-up";
		return -1;
	}
	if (len >= sizeof d) {
		*why = "too long";
		return -1;
	}
	memcpy(d, s, len);
	d[len] = '\0';
	if (duration_parse(d, &w->most, why) == -1)
		return -1;
	w->give_up = colon != NULL && strcmp(colon, ":give-up") == 0;
	return 0;
}

/*
 * Whether the attempt that ended is a success, as verdict_decide will
 * say: asked before its held output goes out, since that goes to stdout
 * only for a success.
 */
int
verdict_success(const struct verdict_policy *p, const struct verdict_input *in)
{
	struct verdict	v;

	classify(p, in, in->out, &v);
	return v.kind == VERDICT_SUCCESS;
}

/*
 * --successes=N: a success short of N in a row is followed by another
 * attempt, as a retry is (an attempt left, a sleep before the deadline).
 */
static void
count_success(const struct verdict_policy *p, const struct verdict_input *in,
    struct verdict *v)
{
	if (p->successes < 2)
		return;
	v->in_a_row = in->in_a_row + 1;
	if (v->in_a_row < p->successes)
		v->kind = VERDICT_AGAIN;
}

/*
 * --uncounted: a failure that is retried, whose status (or, with
 * --http, whose HTTP status) is in the list, uses no attempt up.
 */
static int
uncounted(const struct verdict_policy *p, const struct verdict *v)
{
	if (p->uncounted != NULL && statuslist_has(p->uncounted, v->status))
		return 1;
	return p->uncounted_http != NULL && v->http_status != 0 &&
	    http_list_has(p->uncounted_http, v->http_status);
}

/* Whether the attempt was the last that --attempts allows. */
static int
last_attempt(const struct verdict_policy *p, const struct verdict_input *in,
    const struct verdict *v)
{
	uint64_t	counted;

	if (p->max_attempts == 0 || v->uncounted)
		return 0;
	/* Its number among the attempts that count. */
	counted = in->uncounted < in->attempt ? in->attempt - in->uncounted :
	    1;
	return counted >= p->max_attempts;
}

/*
 * Decide what follows an attempt: what it was (classify), its held
 * output cut short, a success short of --successes' N, a failure that
 * does not count; then the next attempt needs one left and a sleep that
 * ends before the deadline.
 */
void
verdict_decide(const struct verdict_policy *p, const struct verdict_input *in,
    struct verdict *v)
{
	enum run_end	end;

	classify(p, in, in->out, v);
	if (in->held_late)
		held_cut_short(p, in, v);
	if (v->kind == VERDICT_SUCCESS)
		count_success(p, in, v);
	else if (v->kind == VERDICT_RETRY)
		v->uncounted = uncounted(p, v);
	if (v->kind != VERDICT_RETRY && v->kind != VERDICT_AGAIN)
		return;
	if (last_attempt(p, in, v)) {
		give_up(v, END_ATTEMPTS);
		return;
	}
	v->sleep = in->delay;
	if (in->deadline != 0 && in->now >= in->deadline) {
		give_up(v, END_DEADLINE);	/* whatever the server asked */
		return;
	}
	if (floors(p, in, v, &end) == -1) {
		give_up(v, end);
		return;
	}
	if (in->deadline != 0 && v->sleep >= in->deadline - in->now)
		give_up(v, END_DEADLINE);
	else
		v->wake = in->now + v->sleep;
}

/* a + b, saturating at DURATION_MAX. */
static uint64_t
add_sat(uint64_t a, uint64_t b)
{
	return b < DURATION_MAX - a ? a + b : DURATION_MAX;
}

/*
 * Wait what the store said, at most `most', at least POLL_MIN_NS, and a
 * random half of it more, so that the runs that wait for one budget do
 * not all ask at once (the caller keeps it within the wait's end).
 */
static void
wait_for(const struct admit_input *in, uint64_t most, struct admit *a)
{
	uint64_t	wait = in->grant->wait;

	if (wait > most)
		wait = most;
	if (wait < POLL_MIN_NS)
		wait = POLL_MIN_NS;
	wait += (uint64_t)(in->u * (double)wait / 2);
	a->kind = ADMIT_WAIT;
	a->wake = add_sat(in->now, wait);
}

/*
 * The budget's word before an attempt ("Budget rules", "Breaker rules").
 * A first attempt waits only for an open circuit; a retry takes a token.
 * Either waits as long as the deadline and --budget-wait allow, and
 * with neither as long as it takes: a run that sleeps costs the service
 * nothing, and one that gives up has lost its work. An open circuit is
 * waited for only when it closes in time; one whose probe is out may
 * close at any moment, and is polled like a token.
 */
void
verdict_admit(const struct admit_input *in, struct admit *a)
{
	const struct budget_grant	*g = in->grant;
	uint64_t			 end = in->until, left;
	int				 probe_out;

	memset(a, 0, sizeof *a);
	if (in->deadline != 0 && in->deadline < end)
		end = in->deadline;
	a->until = end;
	if (g->answer == BUDGET_GO) {
		a->kind = ADMIT_GO;
		return;
	}
	if (g->answer == BUDGET_OPEN) {
		a->reason = HOLD_CIRCUIT;
		probe_out = g->circuit == CIRCUIT_HALF_OPEN;
		if (in->now >= end ||
		    (!probe_out && add_sat(in->now, g->wait) >= end)) {
			a->kind = ADMIT_CIRCUIT;
			return;
		}
		wait_for(in, probe_out ? POLL_TOKEN_NS : POLL_CIRCUIT_NS, a);
	} else {
		a->reason = HOLD_TOKEN;
		if (in->now >= end) {
			a->kind = ADMIT_EXHAUSTED;
			return;
		}
		/*
		 * The nearer a run is to giving up, the more often it asks:
		 * a token given back goes, more often than not, to the run
		 * that has waited longest.
		 */
		left = (end - in->now) / 8;
		wait_for(in, left < POLL_TOKEN_NS ? left : POLL_TOKEN_NS, a);
	}
	if (a->wake > end)
		a->wake = end;
}

/*
 * How long a run goes without its store after failures (from 1) failed
 * calls in a row, the last of which took call_ns: a second, doubled for
 * each failure in a row up to a minute, and never less than
 * VERDICT_REST_TIMES the call. A store that failed for a moment (a crowd
 * of runs making their TLS handshakes at once, a server restarting)
 * serves the rest of the run; one that is down costs a run a handful of
 * calls, at most a fifth of its time however long a call waits.
 */
uint64_t
verdict_store_rest(unsigned failures, uint64_t call_ns)
{
	uint64_t	rest = VERDICT_REST_FIRST_NS;

	while (failures-- > 1 && rest < VERDICT_REST_MAX_NS)
		rest *= 2;
	if (rest > VERDICT_REST_MAX_NS)
		rest = VERDICT_REST_MAX_NS;
	if (call_ns > UINT64_MAX / VERDICT_REST_TIMES)
		return UINT64_MAX;
	if (rest < call_ns * VERDICT_REST_TIMES)
		rest = call_ns * VERDICT_REST_TIMES;
	return rest;
}

/*
 * How an attempt ended, for the budget and the breaker: a failure is one
 * that retry would retry, or gives up on for want of time or attempts
 * (a permanent status is the caller's error, not the service's; a
 * command that cannot run never reached it). An interrupted attempt, or
 * a success whose held output was cut short, says nothing of it.
 */
enum budget_result
verdict_budget_result(const struct verdict *v)
{
	/* A success short of --successes' N is the service's success. */
	if (v->in_a_row != 0)
		return BUDGET_SUCCESS;
	switch (v->kind) {
	case VERDICT_SUCCESS:
	case VERDICT_AGAIN:
		return BUDGET_SUCCESS;
	case VERDICT_RETRY:
		return BUDGET_FAILURE;
	case VERDICT_INTERRUPTED:
		return BUDGET_NEUTRAL;
	case VERDICT_GIVE_UP:
		break;
	}
	switch (v->end) {
	case END_EXEC:
	case END_PERMANENT:
	case END_OUTPUT:
		return BUDGET_NEUTRAL;
	case END_PUSHBACK:	/* "stop": the command's own call */
		return v->pushed == PUSHBACK_STOP ? BUDGET_NEUTRAL :
		    BUDGET_FAILURE;
	case END_NONE:
	case END_ATTEMPTS:
	case END_DEADLINE:
	case END_RETRY_AFTER:
	case END_SERVER_WAIT:
	case END_BUDGET:
	case END_CIRCUIT:
		break;
	}
	return BUDGET_FAILURE;
}
