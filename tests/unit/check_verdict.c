/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of verdict.c: every rule of retry(1)'s "Attempts and
 * outcomes" and the order of the rules of "Conditions on output", as one
 * table of cases: an outcome, what its output matched, the policy and
 * where the run stands, and the verdict expected; a second table for
 * what an HTTP head showed (--http), a third for what the command wrote
 * to RETRY_CONTROL (pushback) and one for how that is parsed. Then the
 * budget's word before an attempt ("Sharing a budget").
 *
 * A row names only the fields that matter to it: a field left out is
 * zero, whose meaning its table's struct gives (the common case). A time
 * in any table is ns after NOW, when the attempt ended or the budget was
 * asked: AT_NOW is NOW itself (a deadline reached as the attempt ended),
 * and 0 is none (no deadline, no end to a wait), or NOW for when the
 * output was out.
 */
#include <check.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "check_run.h"
#include "policy/duration.h"
#include "policy/pushback.h"
#include "policy/verdict.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

#define NOW 1000000000ULL	/* 1 s on the monotonic clock */
#define DELAY 250000000ULL	/* the backoff's next sleep: 250 ms */
#define S 1000000000ULL
#define MS(x) ((uint64_t)(x) * 1000000ULL)
#define AT_NOW UINT64_MAX	/* a table's time that is NOW */

/* A table's time on the clock: NOW + t, NOW for AT_NOW, `none' for 0. */
static uint64_t
after_now(uint64_t t, uint64_t none)
{
	if (t == 0)
		return none;
	return t == AT_NOW ? NOW : NOW + t;
}

/* Bits of a case: which conditions were given and which matched. */
#define GIVEN(k) (1 << (k))
#define MATCHED(k) (1 << ((k) + COND_NKINDS))
#define HIT(k) (GIVEN(k) | MATCHED(k))

#define NO_LIMIT UINT64_MAX	/* max_attempts: none */

struct vcase {
	const char	*name;
	/* The outcome: an exit with status 0 unless said. */
	enum outcome_kind kind;
	int		 status;
	int		 signo;		/* SG's; TO's sent, 0: SIGTERM */
	const char	*out_why;
	/* The policy: NULL lists are the defaults (success 0, retry all). */
	const char	*success_on;
	const char	*stop_on;
	const char	*retry_on;
	int		 cond;		/* GIVEN, MATCHED and HIT bits */
	uint64_t	 max_attempts;	/* 0: 5; NO_LIMIT: none */
	/* Where the run stands. */
	uint64_t	 attempt;	/* 0: the first */
	uint64_t	 deadline;
	uint64_t	 delivered;	/* its output out (in.now); 0: NOW */
	int		 held_late;	/* its held output was cut short */
	uint64_t	 successes;	/* --successes N; 0: not given */
	uint64_t	 in_a_row;	/* successes in a row before it */
	const char	*uncounted;	/* --uncounted's statuses; NULL: none */
	uint64_t	 not_counted;	/* uncounted attempts before it */
	/* The verdict. */
	enum verdict_kind want;
	enum run_end	 want_end;	/* END_NONE unless it gives up */
	int		 want_status;	/* 0: the attempt's own */
	const char	*want_why;	/* a part of it; NULL: none at all */
	uint64_t	 want_in_a_row;	/* successes in a row with it */
	int		 want_uncounted; /* it does not count */
};

#define SG OUTCOME_SIGNALED
#define TO OUTCOME_TIMEDOUT
#define EF OUTCOME_EXEC_FAILED
#define OK VERDICT_SUCCESS
#define RT VERDICT_RETRY
#define GU VERDICT_GIVE_UP
#define IN VERDICT_INTERRUPTED
#define AG VERDICT_AGAIN
#define RI COND_RETRY_IF
#define SI COND_STOP_IF
#define FI COND_FAIL_IF

static const struct vcase cases[] = {
	/* Statuses and the lists. */
	{ .name = "0 is a success", .want = OK },
	{ .name = "a failure is retried", .status = 1, .want = RT },
	{ .name = "any status 1-255 is retried by default", .status = 255,
	    .want = RT },
	{ .name = "a status in --success-on is a success", .status = 3,
	    .success_on = "0,3", .want = OK },
	{ .name = "--success-on replaces 0", .success_on = "3", .want = RT },
	{ .name = "--stop-on is permanent", .status = 1, .stop_on = "1",
	    .want = GU, .want_end = END_PERMANENT },
	{ .name = "--stop-on wins over --retry-on", .status = 1,
	    .stop_on = "1", .retry_on = "1", .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "--success-on wins over --stop-on", .status = 1,
	    .success_on = "1", .stop_on = "1", .want = OK },
	{ .name = "a status not in --retry-on is permanent", .status = 1,
	    .retry_on = "2", .want = GU, .want_end = END_PERMANENT },
	{ .name = "a status in --retry-on is retried", .status = 2,
	    .retry_on = "2", .want = RT },
	/* Attempts. */
	{ .name = "the last attempt gives up", .status = 1, .attempt = 5,
	    .want = GU, .want_end = END_ATTEMPTS },
	{ .name = "one attempt: no retry", .status = 7, .max_attempts = 1,
	    .want = GU, .want_end = END_ATTEMPTS },
	{ .name = "no limit: retried at attempt 1000", .status = 1,
	    .max_attempts = NO_LIMIT, .attempt = 1000, .want = RT },
	{ .name = "a success on the last attempt is a success", .attempt = 5,
	    .want = OK },
	{ .name = "permanent comes before the attempts", .status = 1,
	    .stop_on = "1", .attempt = 5, .want = GU,
	    .want_end = END_PERMANENT },
	/* Exec failures: never retried, whatever the lists say. */
	{ .name = "not found is never retried", .kind = EF, .status = 127,
	    .retry_on = "127", .want = GU, .want_end = END_EXEC },
	{ .name = "cannot run is never retried", .kind = EF, .status = 126,
	    .success_on = "126", .want = GU, .want_end = END_EXEC },
	/* Signals. */
	{ .name = "death by SIGTERM is status 143, retried", .kind = SG,
	    .status = 143, .signo = SIGTERM, .want = RT },
	{ .name = "death by SIGINT is the user's", .kind = SG, .status = 130,
	    .signo = SIGINT, .want = IN },
	{ .name = "death by SIGQUIT is the user's", .kind = SG, .status = 131,
	    .signo = SIGQUIT, .want = IN },
	{ .name = "SIGINT is the user's even as a success", .kind = SG,
	    .status = 130, .signo = SIGINT, .success_on = "130", .want = IN },
	{ .name = "SIGINT comes before --stop-on", .kind = SG, .status = 130,
	    .signo = SIGINT, .stop_on = "130", .want = IN },
	/* Timeouts and the deadline. */
	{ .name = "a timeout is 124, retried", .kind = TO, .status = 124,
	    .want = RT },
	{ .name = "--stop-on=124 gives up on a timeout", .kind = TO,
	    .status = 124, .stop_on = "124", .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "stopped at the deadline: 124, given up", .kind = TO,
	    .status = 124, .deadline = AT_NOW, .want = GU,
	    .want_end = END_DEADLINE },
	{ .name = "stopped at the deadline, even in --success-on", .kind = TO,
	    .status = 124, .success_on = "124", .deadline = AT_NOW, .want = GU,
	    .want_end = END_DEADLINE },
	{ .name = "a sleep that ends after the deadline is not taken",
	    .status = 1, .deadline = DELAY - 1, .want = GU,
	    .want_end = END_DEADLINE },
	{ .name = "nor one that ends at the deadline", .status = 1,
	    .deadline = DELAY, .want = GU, .want_end = END_DEADLINE },
	{ .name = "one that ends before it is", .status = 1,
	    .deadline = DELAY + 1, .want = RT },
	{ .name = "a failure at the deadline gives up", .status = 1,
	    .deadline = AT_NOW, .want = GU, .want_end = END_DEADLINE },
	{ .name = "a timeout before the deadline is retried", .kind = TO,
	    .status = 124, .deadline = DELAY + 1, .want = RT },
	{ .name = "a success at the deadline is one", .deadline = AT_NOW,
	    .want = OK },
	{ .name = "attempts used up come before the deadline", .status = 1,
	    .max_attempts = 2, .attempt = 2, .deadline = AT_NOW, .want = GU,
	    .want_end = END_ATTEMPTS },
	/*
	 * The deadline rule reads when the attempt ended; the sleep starts
	 * when its output was out.
	 */
	{ .name = "a timeout that ended before the deadline is judged a retry",
	    .kind = TO, .status = 124, .deadline = MS(100),
	    .delivered = MS(10), .want = GU, .want_end = END_DEADLINE },
	{ .name = "a timeout ended before the deadline, out after it: a retry",
	    .kind = TO, .status = 124, .deadline = MS(100),
	    .delivered = MS(200), .want = GU, .want_end = END_DEADLINE },
	{ .name = "a timeout ended before the deadline: --success-on's success",
	    .kind = TO, .status = 124, .success_on = "124", .deadline = MS(100),
	    .delivered = MS(200), .want = OK },
	{ .name = "a timeout ended before the deadline is stopped by --stop-on",
	    .kind = TO, .status = 124, .stop_on = "124", .deadline = MS(100),
	    .delivered = MS(200), .want = GU, .want_end = END_PERMANENT },
	{ .name = "a retry sleeps from when its output was out", .status = 1,
	    .delivered = MS(10), .want = RT },
	{ .name = "a sleep from the output's end may pass the deadline",
	    .status = 1, .deadline = DELAY + MS(5), .delivered = MS(10),
	    .want = GU, .want_end = END_DEADLINE },
	{ .name = "a sleep from the output's end that ends before it is taken",
	    .status = 1, .deadline = MS(10) + DELAY + 1, .delivered = MS(10),
	    .want = RT },
	/* Output conditions, in their order. */
	{ .name = "--fail-if-output turns a success into status 1, retried",
	    .cond = HIT(FI), .want = RT, .want_status = 1,
	    .want_why = "--fail-if-output" },
	{ .name = "--fail-if-output on the last attempt gives up with 1",
	    .cond = HIT(FI), .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS, .want_status = 1,
	    .want_why = "--fail-if-output" },
	{ .name = "--fail-if-output without a match: a success",
	    .cond = GIVEN(FI), .want = OK },
	{ .name = "--fail-if-output comes before --stop-if-output",
	    .cond = HIT(FI) | HIT(SI), .want = RT, .want_status = 1,
	    .want_why = "--fail-if-output" },
	{ .name = "--stop-if-output makes a failure permanent", .status = 1,
	    .cond = HIT(SI), .want = GU, .want_end = END_PERMANENT,
	    .want_why = "--stop-if-output" },
	{ .name = "--stop-if-output leaves a success alone", .cond = HIT(SI),
	    .want = OK },
	{ .name = "--stop-if-output comes before --retry-if-output",
	    .status = 1, .cond = HIT(SI) | HIT(RI), .want = GU,
	    .want_end = END_PERMANENT, .want_why = "--stop-if-output" },
	{ .name = "--stop-if-output wins over --retry-on", .status = 1,
	    .retry_on = "1", .cond = HIT(SI), .want = GU,
	    .want_end = END_PERMANENT, .want_why = "--stop-if-output" },
	{ .name = "--retry-if-output without a match: permanent", .status = 1,
	    .cond = GIVEN(RI), .want = GU, .want_end = END_PERMANENT,
	    .want_why = "--retry-if-output" },
	{ .name = "--retry-if-output with a match: retried", .status = 1,
	    .cond = HIT(RI), .want = RT },
	{ .name = "--retry-if-output does not override --stop-on",
	    .status = 1, .stop_on = "1", .cond = HIT(RI), .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "--retry-if-output does not override --retry-on",
	    .status = 1, .retry_on = "2", .cond = HIT(RI), .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "a match of a condition not given counts for nothing",
	    .status = 1, .cond = MATCHED(SI) | MATCHED(FI), .want = RT },
	{ .name = "a timeout with --retry-if-output and no match is permanent",
	    .kind = TO, .status = 124, .cond = GIVEN(RI), .want = GU,
	    .want_end = END_PERMANENT, .want_why = "--retry-if-output" },
	/* retry's own word on the outcome is kept. */
	{ .name = "the outcome's reason is the verdict's", .kind = TO,
	    .status = 124, .out_why = "its output was not read in time",
	    .want = RT, .want_why = "not read in time" },
	/* Held output cut short: the attempt counts as timed out. */
	{ .name = "a success cut short ends the run with 124", .held_late = 1,
	    .want = GU, .want_end = END_OUTPUT, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "a --success-on status cut short ends the run with 124",
	    .status = 3, .success_on = "3", .held_late = 1, .want = GU,
	    .want_end = END_OUTPUT, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "a permanent failure cut short stays permanent, with 124",
	    .status = 1, .stop_on = "1", .held_late = 1, .want = GU,
	    .want_end = END_PERMANENT, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "a retry cut short is retried as a timeout, with 124",
	    .status = 1, .held_late = 1, .want = RT, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "a retry cut short is judged as 124 by the lists",
	    .status = 1, .stop_on = "124", .held_late = 1, .want = GU,
	    .want_end = END_PERMANENT, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "a retry cut short at the deadline gives up with 124",
	    .status = 1, .deadline = AT_NOW, .held_late = 1, .want = GU,
	    .want_end = END_DEADLINE, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "a retry cut short, ended before the deadline: 124 at it",
	    .status = 1, .deadline = MS(100), .delivered = MS(200),
	    .held_late = 1, .want = GU, .want_end = END_DEADLINE,
	    .want_status = 124, .want_why = VERDICT_LATE_WHY },
	{ .name = "a retry cut short on the last attempt gives up with 124",
	    .status = 1, .attempt = 5, .held_late = 1, .want = GU,
	    .want_end = END_ATTEMPTS, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "--fail-if-output's retry cut short is a timeout's",
	    .cond = HIT(FI), .held_late = 1, .want = RT, .want_status = 124,
	    .want_why = VERDICT_LATE_WHY },
	{ .name = "an interrupted attempt cut short is still the user's",
	    .kind = SG, .status = 130, .signo = SIGINT, .held_late = 1,
	    .want = IN },
	/* --successes=N: N successes in a row end the run. */
	{ .name = "--successes=1 is one success", .successes = 1,
	    .want = OK },
	{ .name = "a success short of N in a row: another attempt",
	    .successes = 3, .want = AG, .want_in_a_row = 1 },
	{ .name = "the second of three in a row: another attempt",
	    .successes = 3, .in_a_row = 1, .want = AG, .want_in_a_row = 2 },
	{ .name = "the Nth success in a row ends the run", .successes = 3,
	    .in_a_row = 2, .want = OK, .want_in_a_row = 3 },
	{ .name = "a --success-on status counts in the row", .status = 3,
	    .success_on = "3", .successes = 2, .want = AG,
	    .want_in_a_row = 1 },
	{ .name = "a failure sets the count back to 0 and is retried",
	    .status = 1, .successes = 3, .in_a_row = 2, .want = RT },
	{ .name = "--fail-if-output breaks the row", .cond = HIT(FI),
	    .successes = 3, .in_a_row = 2, .want = RT, .want_status = 1,
	    .want_why = "--fail-if-output" },
	{ .name = "a success short of N on the last attempt gives up with 1",
	    .successes = 3, .in_a_row = 1, .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS, .want_status = 1, .want_in_a_row = 2 },
	{ .name = "the Nth on the last attempt is a success", .successes = 3,
	    .in_a_row = 2, .attempt = 5, .want = OK, .want_in_a_row = 3 },
	{ .name = "a success short of N whose next is too late gives up with 1",
	    .successes = 2, .deadline = DELAY, .want = GU,
	    .want_end = END_DEADLINE, .want_status = 1, .want_in_a_row = 1 },
	{ .name = "a success short of N at the deadline gives up with 1",
	    .successes = 2, .deadline = AT_NOW, .want = GU,
	    .want_end = END_DEADLINE, .want_status = 1, .want_in_a_row = 1 },
	{ .name = "a success short of N cut short ends the run with 124",
	    .successes = 3, .held_late = 1, .want = GU, .want_end = END_OUTPUT,
	    .want_status = 124, .want_why = VERDICT_LATE_WHY },
	/* --uncounted=LIST: failures that use no attempt up. */
	{ .name = "an uncounted failure on the last attempt is retried",
	    .status = 75, .uncounted = "75", .attempt = 5, .want = RT,
	    .want_uncounted = 1 },
	{ .name = "a status not in --uncounted counts", .status = 1,
	    .uncounted = "75", .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS },
	{ .name = "a counted one after 4 uncounted is 1 of 2: retried",
	    .status = 1, .uncounted = "75", .max_attempts = 2, .attempt = 5,
	    .not_counted = 4, .want = RT },
	{ .name = "a counted one after 4 uncounted is 2 of 2: the last",
	    .status = 1, .uncounted = "75", .max_attempts = 2, .attempt = 6,
	    .not_counted = 4, .want = GU, .want_end = END_ATTEMPTS },
	{ .name = "an uncounted failure still ends at the deadline",
	    .status = 75, .uncounted = "75", .deadline = DELAY, .want = GU,
	    .want_end = END_DEADLINE, .want_uncounted = 1 },
	{ .name = "--uncounted does not retry a permanent status",
	    .status = 75, .uncounted = "75", .stop_on = "75", .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "--uncounted leaves a success a success", .uncounted = "0",
	    .attempt = 5, .want = OK },
	{ .name = "an uncounted timeout: 124 in the list", .kind = TO,
	    .status = 124, .uncounted = "124", .attempt = 5, .want = RT,
	    .want_uncounted = 1 },
	{ .name = "a success short of N is counted, not --uncounted's",
	    .successes = 2, .uncounted = "0", .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS, .want_status = 1, .want_in_a_row = 1 },
};

/* A status list from its text; NULL: the one given as the default. */
static const struct statuslist *
list(struct statuslist *sl, const char *text, const char *dflt)
{
	const char	*why;

	if (text == NULL && dflt == NULL)
		return NULL;
	statuslist_clear(sl);
	if (text == NULL && *dflt == '\0')
		return sl;	/* none */
	ck_assert_int_eq(statuslist_parse(text != NULL ? text : dflt, sl,
	    &why), 0);
	return sl;
}

/* A case's policy and input, and what they point to. */
struct fixture {
	struct statuslist	 succ, stop, retry, unc;
	struct conditions	 cond;
	struct cond_matches	 m;
	struct outcome		 out;
	struct verdict_policy	 p;
	struct verdict_input	 in;
};

/* Set up a case; cond_free(&f->cond) after. */
static void
fixture_set(struct fixture *f, const struct vcase *c)
{
	char	err[128];
	int	k;

	memset(f, 0, sizeof *f);
	for (k = 0; k < COND_NKINDS; k++) {
		if (c->cond & GIVEN(k))
			ck_assert_int_eq(cond_add(&f->cond, (enum cond_kind)k,
			    "x", err, sizeof err), 0);
		f->m.matched[k] = (c->cond & MATCHED(k)) != 0;
	}
	f->p.success_on = list(&f->succ, c->success_on, "0");
	f->p.stop_on = list(&f->stop, c->stop_on, "");
	f->p.retry_on = list(&f->retry, c->retry_on, NULL);
	f->p.cond = cond_any(&f->cond) ? &f->cond : NULL;
	f->p.successes = c->successes;
	f->p.uncounted = c->uncounted != NULL ? list(&f->unc, c->uncounted,
	    NULL) : NULL;
	if (c->max_attempts == 0)
		f->p.max_attempts = 5;
	else
		f->p.max_attempts = c->max_attempts == NO_LIMIT ? 0 :
		    c->max_attempts;

	f->out.kind = c->kind;
	f->out.status = c->status;
	f->out.signo = c->signo;
	if (c->kind == TO && c->signo == 0)
		f->out.signo = SIGTERM;
	f->out.why = c->out_why;
	f->in.out = &f->out;
	f->in.matches = &f->m;
	f->in.attempt = c->attempt != 0 ? c->attempt : 1;
	f->in.ended = NOW;
	f->in.now = after_now(c->delivered, NOW);
	f->in.deadline = after_now(c->deadline, 0);
	f->in.held_late = c->held_late;
	f->in.delay = DELAY;
	f->in.in_a_row = c->in_a_row;
	f->in.uncounted = c->not_counted;
}

START_TEST(each_case_gets_its_verdict)
{
	const struct vcase	*c = &cases[_i];
	struct fixture		 f;
	struct verdict		 v;
	int			 status;

	fixture_set(&f, c);
	verdict_decide(&f.p, &f.in, &v);
	ck_assert_msg(v.kind == c->want, "%s: verdict %d, want %d", c->name,
	    v.kind, c->want);
	ck_assert_msg(v.end == c->want_end, "%s: end %d, want %d", c->name,
	    v.end, c->want_end);
	status = c->want_status != 0 ? c->want_status : c->status;
	ck_assert_msg(v.status == status, "%s: status %d, want %d", c->name,
	    v.status, status);
	ck_assert_msg(v.in_a_row == c->want_in_a_row, "%s: %llu in a row, "
	    "want %llu", c->name, (unsigned long long)v.in_a_row,
	    (unsigned long long)c->want_in_a_row);
	ck_assert_msg(v.uncounted == c->want_uncounted, "%s: uncounted %d",
	    c->name, v.uncounted);
	if (c->want == VERDICT_RETRY || c->want == VERDICT_AGAIN) {
		ck_assert_msg(v.sleep == DELAY, "%s: sleep %llu", c->name,
		    (unsigned long long)v.sleep);
		ck_assert_msg(v.wake == f.in.now + v.sleep, "%s: wake %llu "
		    "after NOW", c->name, (unsigned long long)(v.wake - NOW));
	}
	if (c->want == VERDICT_INTERRUPTED)
		ck_assert_msg(v.signo == c->signo, "%s: signal %d", c->name,
		    v.signo);
	if (c->want_why == NULL)
		ck_assert_msg(v.why == NULL, "%s: a reason: %s", c->name,
		    v.why);
	else
		ck_assert_msg(v.why != NULL && strstr(v.why, c->want_why),
		    "%s: reason '%s', want '%s'", c->name,
		    v.why != NULL ? v.why : "(none)", c->want_why);
	cond_free(&f.cond);
}
END_TEST

/*
 * verdict_success is asked before the held output goes out, with no
 * `now' and no word of it cut short (run.c's call): it says the verdict
 * of each case, or of the case had its output gone out in time.
 */
START_TEST(success_is_foretold_as_decided)
{
	const struct vcase	*c = &cases[_i];
	struct fixture		 f;
	struct verdict		 v;
	int			 want;

	fixture_set(&f, c);
	f.in.held_late = 0;
	if (c->held_late) {
		verdict_decide(&f.p, &f.in, &v);
		want = v.kind == VERDICT_SUCCESS || v.kind == VERDICT_AGAIN;
	} else	/* a success short of --successes' N is one too */
		want = c->want == VERDICT_SUCCESS || c->want == VERDICT_AGAIN ||
		    c->want_in_a_row != 0;
	f.in.now = 0;
	ck_assert_msg(verdict_success(&f.p, &f.in) == want, "%s: success "
	    "foretold %d, want %d", c->name, !want, want);
	cond_free(&f.cond);
}
END_TEST

START_TEST(no_matches_given_is_no_match)
{
	struct statuslist	succ;
	struct conditions	cond;
	struct verdict_policy	p;
	struct verdict_input	in;
	struct outcome		out;
	struct verdict		v;
	char			err[128];

	memset(&cond, 0, sizeof cond);
	ck_assert_int_eq(cond_add(&cond, COND_RETRY_IF, "x", err, sizeof err),
	    0);
	memset(&p, 0, sizeof p);
	p.success_on = list(&succ, NULL, "0");
	p.cond = &cond;
	memset(&out, 0, sizeof out);
	out.status = 1;
	memset(&in, 0, sizeof in);
	in.out = &out;
	in.attempt = 1;
	verdict_decide(&p, &in, &v);
	ck_assert_int_eq(v.kind, VERDICT_GIVE_UP);
	ck_assert_int_eq(v.end, END_PERMANENT);
	cond_free(&cond);
}
END_TEST

START_TEST(the_deadline_passed_gives_up_whatever_the_delay)
{
	struct statuslist	succ;
	struct verdict_policy	p;
	struct verdict_input	in;
	struct outcome		out;
	struct verdict		v;

	memset(&p, 0, sizeof p);
	p.success_on = list(&succ, NULL, "0");
	memset(&out, 0, sizeof out);
	out.status = 1;
	memset(&in, 0, sizeof in);
	in.out = &out;
	in.attempt = 1;
	in.ended = in.now = NOW;
	in.deadline = NOW - 1;	/* passed: no unsigned wrap-around */
	in.delay = 0;
	verdict_decide(&p, &in, &v);
	ck_assert_int_eq(v.kind, VERDICT_GIVE_UP);
	ck_assert_int_eq(v.end, END_DEADLINE);
	ck_assert_int_eq(v.status, 1);
}
END_TEST

/*
 * --http: the HTTP status and Retry-After that the output showed, with
 * --http given, attempt 1 of 5 and no deadline unless said.
 */
struct hcase {
	const char	*name;
	int		 status;	/* the exit status */
	int		 http;		/* the last HTTP status; 0: none */
	int		 ra;		/* a Retry-After came: RA(seconds) */
	uint64_t	 ra_s;
	int		 spent;		/* the rate-limit quota is spent */
	double		 spread;
	const char	*list;		/* --http=LIST; NULL: the default */
	int		 no_http;	/* --http not given */
	int		 stop_if;	/* --stop-if-output given and matched */
	const char	*stop_on;
	const char	*uncounted;	/* --uncounted's http: list; NULL */
	uint64_t	 attempt;	/* 0: the first */
	uint64_t	 deadline;
	uint64_t	 delivered;	/* its output out (in.now); 0: NOW */
	struct server_wait most;	/* --max-server-wait; MOST() */
	int		 most_given;	/* 0: none given (6 h, clamped) */
	enum verdict_kind want;
	enum run_end	 want_end;	/* END_NONE unless it gives up */
	uint64_t	 want_sleep;	/* VERDICT_RETRY; 0: DELAY */
	const char	*want_why;	/* NULL: not checked */
	int		 want_uncounted;
	int		 want_cut;	/* a wait past --max-server-wait */
};

#define RA(s) .ra = 1, .ra_s = (s)
/* --max-server-wait=NS, NS:give-up */
#define MOST(ns) .most_given = 1, .most = { (ns), 0 }
#define MOST_GIVE_UP(ns) .most_given = 1, .most = { (ns), 1 }
#define H6 (21600 * S)

static const struct hcase hcases[] = {
	{ .name = "a 503 is retried", .status = 22, .http = 503, .want = RT },
	{ .name = "a 404 is never retried", .status = 22, .http = 404,
	    .want = GU, .want_end = END_PERMANENT },
	{ .name = "a 404 with a success status stays a success", .http = 404,
	    .want = OK },
	{ .name = "no HTTP status: the exit status decides", .status = 7,
	    .want = RT },
	{ .name = "a transfer cut after a 200 is retried", .status = 18,
	    .http = 200, .want = RT },
	{ .name = "a status not in the list is permanent", .status = 22,
	    .http = 503, .list = "502", .want = GU, .want_end = END_PERMANENT },
	{ .name = "a range in the list", .status = 22, .http = 504,
	    .list = "500-599", .want = RT },
	{ .name = "without --http the head counts for nothing", .status = 22,
	    .http = 404, RA(30), .no_http = 1, .want = RT },
	{ .name = "--stop-if-output comes first", .status = 22, .http = 503,
	    .stop_if = 1, .want = GU, .want_end = END_PERMANENT },
	{ .name = "the status lists still apply", .status = 22, .http = 503,
	    .stop_on = "22", .want = GU, .want_end = END_PERMANENT },
	{ .name = "Retry-After is a floor on the sleep", .status = 22,
	    .http = 429, RA(2), .want = RT, .want_sleep = 2 * S },
	{ .name = "spread by up to a tenth", .status = 22, .http = 503, RA(2),
	    .spread = 0.5, .want = RT, .want_sleep = 2 * S + S / 10 },
	{ .name = "a shorter Retry-After leaves the backoff's sleep",
	    .status = 22, .http = 503, RA(0), .spread = 0.9, .want = RT },
	{ .name = "a Retry-After past the deadline gives up at once",
	    .status = 22, .http = 503, RA(30), .deadline = 5 * S, .want = GU,
	    .want_end = END_RETRY_AFTER },
	{ .name = "one that ends at the deadline too", .status = 22,
	    .http = 503, RA(5), .deadline = 5 * S, .want = GU,
	    .want_end = END_RETRY_AFTER },
	{ .name = "only the spread past it: cut to fit", .status = 22,
	    .http = 503, RA(2), .spread = 0.99, .deadline = 2 * S + S / 20,
	    .want = RT, .want_sleep = 2 * S + S / 20 - 1 },
	{ .name = "a Retry-After with no status line before it is ignored",
	    .status = 1, RA(21600), .want = RT },
	{ .name = "the last attempt gives up, Retry-After or not",
	    .status = 22, .http = 503, RA(2), .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS },
	{ .name = "the server's wait starts when the output was out",
	    .status = 22, .http = 503, RA(2), .delivered = MS(200),
	    .want = RT, .want_sleep = 2 * S },
	{ .name = "a Retry-After from the output's end may pass the deadline",
	    .status = 22, .http = 503, RA(2), .deadline = 2 * S + MS(100),
	    .delivered = MS(200), .want = GU, .want_end = END_RETRY_AFTER },
	{ .name = "a 403 with its quota spent is retried (GitHub)",
	    .status = 22, .http = 403, RA(3), .spent = 1, .want = RT,
	    .want_sleep = 3 * S, .want_why = "its rate-limit quota is spent" },
	{ .name = "a 403 without it stays permanent", .status = 22,
	    .http = 403, RA(3), .want = GU, .want_end = END_PERMANENT,
	    .want_why = "not in the --http list" },
	{ .name = "a 429 with its quota spent, not in the list", .status = 22,
	    .http = 429, .spent = 1, .list = "503", .want = RT },
	{ .name = "a 404 with its quota spent stays permanent", .status = 22,
	    .http = 404, .spent = 1, .want = GU, .want_end = END_PERMANENT },
	{ .name = "a spent quota does not make a success a failure",
	    .http = 403, .spent = 1, .want = OK },
	{ .name = "the status lists still apply to a spent quota",
	    .status = 22, .http = 403, .spent = 1, .stop_on = "22",
	    .want = GU, .want_end = END_PERMANENT },
	/* --max-server-wait: clamp (the default), give-up. */
	{ .name = "6 h at most by default", .status = 22, .http = 503,
	    RA(86400), .want = RT, .want_sleep = H6, .want_cut = 1 },
	{ .name = "6 h itself is no cut", .status = 22, .http = 503,
	    RA(21600), .want = RT, .want_sleep = H6 },
	{ .name = "an hour clamped to a second", .status = 22, .http = 503,
	    RA(3600), MOST(S), .want = RT, .want_sleep = S, .want_cut = 1 },
	{ .name = "clamped, spread as a Retry-After", .status = 22,
	    .http = 503, RA(3600), MOST(S), .spread = 0.5, .want = RT,
	    .want_sleep = S + S / 20, .want_cut = 1 },
	{ .name = "the most itself is waited, no cut", .status = 22,
	    .http = 503, RA(1), MOST(S), .want = RT, .want_sleep = S },
	{ .name = "a day waited when --max-server-wait allows it",
	    .status = 22, .http = 503, RA(86400), MOST(2 * 86400 * S),
	    .want = RT, .want_sleep = 86400 * S },
	{ .name = "clamped to 0: the backoff's sleep", .status = 22,
	    .http = 503, RA(60), MOST(0), .want = RT, .want_cut = 1 },
	{ .name = "a clamped wait past the deadline gives up", .status = 22,
	    .http = 503, RA(3600), MOST(10 * S), .deadline = 5 * S,
	    .want = GU, .want_end = END_RETRY_AFTER, .want_cut = 1 },
	{ .name = "clamped within the deadline: retried", .status = 22,
	    .http = 503, RA(3600), MOST(S), .deadline = 5 * S, .want = RT,
	    .want_sleep = S, .want_cut = 1 },
	{ .name = "give-up past the most ends the run", .status = 22,
	    .http = 429, RA(3600), MOST_GIVE_UP(S), .want = GU,
	    .want_end = END_SERVER_WAIT, .want_cut = 1 },
	{ .name = "give-up past the most, whatever the deadline",
	    .status = 22, .http = 429, RA(3600), MOST_GIVE_UP(S),
	    .deadline = 5 * S, .want = GU, .want_end = END_SERVER_WAIT,
	    .want_cut = 1 },
	{ .name = "give-up within the most: a floor as ever", .status = 22,
	    .http = 429, RA(1), MOST_GIVE_UP(S), .want = RT,
	    .want_sleep = S },
	{ .name = "give-up at 0: any wait asked ends it", .status = 22,
	    .http = 429, RA(1), MOST_GIVE_UP(0), .want = GU,
	    .want_end = END_SERVER_WAIT, .want_cut = 1 },
	{ .name = "give-up at 0, no wait asked: retried", .status = 22,
	    .http = 503, MOST_GIVE_UP(0), .want = RT },
	{ .name = "a reset past the most gives up too", .status = 22,
	    .http = 403, RA(3600), .spent = 1, MOST_GIVE_UP(S), .want = GU,
	    .want_end = END_SERVER_WAIT, .want_cut = 1 },
	{ .name = "the last attempt gives up for attempts, not the most",
	    .status = 22, .http = 503, RA(3600), MOST_GIVE_UP(S),
	    .attempt = 5, .want = GU, .want_end = END_ATTEMPTS },
	{ .name = "a permanent status is permanent, whatever was asked",
	    .status = 22, .http = 404, RA(3600), MOST_GIVE_UP(S), .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "a spent quota without --http counts for nothing",
	    .status = 22, .http = 403, .spent = 1, .no_http = 1, .want = RT },
	{ .name = "a reset past the deadline gives up at once", .status = 22,
	    .http = 403, RA(30), .spent = 1, .deadline = 5 * S, .want = GU,
	    .want_end = END_RETRY_AFTER },
	/* --uncounted=http:N */
	{ .name = "an HTTP status in --uncounted does not count", .status = 22,
	    .http = 503, .uncounted = "503", .attempt = 5, .want = RT,
	    .want_uncounted = 1 },
	{ .name = "an HTTP status not in --uncounted counts", .status = 22,
	    .http = 502, .uncounted = "503", .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS },
	{ .name = "--uncounted does not retry a 404", .status = 22,
	    .http = 404, .uncounted = "404", .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "without --http no HTTP status is uncounted", .status = 22,
	    .http = 503, .uncounted = "503", .no_http = 1, .attempt = 5,
	    .want = GU, .want_end = END_ATTEMPTS },
};

START_TEST(http_cases_get_their_verdict)
{
	const struct hcase	*c = &hcases[_i];
	struct statuslist	 succ, stop;
	struct http_list	 hl, unc;
	struct http_seen	 seen;
	struct conditions	 cond;
	struct cond_matches	 m;
	struct verdict_policy	 p;
	struct verdict_input	 in;
	struct outcome		 out;
	struct verdict		 v;
	const char		*why;
	char			 err[128];
	uint64_t		 want_sleep;

	memset(&cond, 0, sizeof cond);
	memset(&m, 0, sizeof m);
	if (c->stop_if) {
		ck_assert_int_eq(cond_add(&cond, COND_STOP_IF, "x", err,
		    sizeof err), 0);
		m.matched[COND_STOP_IF] = 1;
	}
	if (c->list != NULL)
		ck_assert_int_eq(http_list_parse(c->list, &hl, &why), 0);
	else
		http_list_default(&hl);
	memset(&p, 0, sizeof p);
	p.success_on = list(&succ, NULL, "0");
	p.stop_on = list(&stop, c->stop_on, "");
	p.cond = c->stop_if ? &cond : NULL;
	p.http = c->no_http ? NULL : &hl;
	p.max_attempts = 5;
	if (c->uncounted != NULL) {
		ck_assert_int_eq(http_list_parse(c->uncounted, &unc, &why), 0);
		p.uncounted_http = &unc;
	}
	memset(&seen, 0, sizeof seen);
	seen.status = c->http;
	seen.retry_after = c->ra;
	seen.retry_after_s = c->ra_s;
	seen.quota_spent = c->spent;
	memset(&out, 0, sizeof out);
	out.status = c->status;
	memset(&in, 0, sizeof in);
	in.out = &out;
	in.matches = &m;
	in.attempt = c->attempt != 0 ? c->attempt : 1;
	in.ended = NOW;
	in.now = after_now(c->delivered, NOW);
	in.deadline = after_now(c->deadline, 0);
	in.delay = DELAY;
	in.http = &seen;
	in.spread = c->spread;
	p.max_wait = c->most_given ? &c->most : NULL;

	verdict_decide(&p, &in, &v);
	ck_assert_msg(v.kind == c->want, "%s: verdict %d, want %d", c->name,
	    v.kind, c->want);
	ck_assert_msg(v.end == c->want_end, "%s: end %d, want %d", c->name,
	    v.end, c->want_end);
	ck_assert_msg(v.wait_cut == c->want_cut, "%s: cut %d", c->name,
	    v.wait_cut);
	if (c->want_cut)
		ck_assert_msg(v.wait_most == (c->most_given ? c->most.most :
		    H6), "%s: most %llu", c->name,
		    (unsigned long long)v.wait_most);
	if (c->ra && c->want_end != END_ATTEMPTS &&
	    c->want_end != END_PERMANENT && !c->no_http && c->http != 0)
		ck_assert_msg(v.retry_after == c->ra_s * S, "%s: asked %llu",
		    c->name, (unsigned long long)v.retry_after);
	want_sleep = c->want_sleep != 0 ? c->want_sleep : DELAY;
	if (c->want == VERDICT_RETRY) {
		ck_assert_msg(v.sleep == want_sleep, "%s: sleep %llu, want "
		    "%llu", c->name, (unsigned long long)v.sleep,
		    (unsigned long long)want_sleep);
		ck_assert_msg(v.wake == in.now + v.sleep, "%s: wake %llu "
		    "after NOW", c->name, (unsigned long long)(v.wake - NOW));
	}
	ck_assert_int_eq(v.http_status, c->no_http ? 0 : c->http);
	ck_assert_msg(v.uncounted == c->want_uncounted, "%s: uncounted %d",
	    c->name, v.uncounted);
	if (c->want_why != NULL)
		ck_assert_msg(v.why != NULL && strcmp(v.why, c->want_why) == 0,
		    "%s: why \"%s\"", c->name, v.why != NULL ? v.why : "");
	cond_free(&cond);
}
END_TEST

/*
 * Pushback: what the command wrote to RETRY_CONTROL, on attempt 1 of 5
 * with no deadline unless said; --http given when a row has an HTTP
 * status.
 */
struct pcase {
	const char	*name;
	int		 status;	/* the exit status */
	enum outcome_kind kind;
	enum pushback_word word;
	uint64_t	 delay;		/* PUSHBACK_DELAY's */
	const char	*stop_on;
	int		 http;		/* the last HTTP status; 0: no --http */
	int		 ra;		/* a Retry-After came: RA(seconds) */
	uint64_t	 ra_s;
	double		 spread;
	uint64_t	 attempt;	/* 0: the first */
	uint64_t	 deadline;
	enum verdict_kind want;
	enum run_end	 want_end;	/* END_NONE unless it gives up */
	int		 want_status;	/* -1: 0; 0: the attempt's own */
	uint64_t	 want_sleep;	/* VERDICT_RETRY; 0: DELAY */
	enum pushback_word want_pushed;	/* what the verdict says it did */
	struct server_wait most;	/* --max-server-wait; MOST() */
	int		 most_given;	/* 0: none given (6 h, clamped) */
	int		 want_cut;	/* a wait past --max-server-wait */
};

#define STOP .word = PUSHBACK_STOP
#define AGAIN .word = PUSHBACK_RETRY
#define WAIT(ns) .word = PUSHBACK_DELAY, .delay = (ns)
static const struct pcase pcases[] = {
	{ .name = "stop ends a retryable failure", .status = 1, STOP,
	    .want = GU, .want_end = END_PUSHBACK,
	    .want_pushed = PUSHBACK_STOP },
	{ .name = "stop on a success: a success", STOP, .want = OK },
	{ .name = "stop on a permanent status: permanent", .status = 3,
	    .stop_on = "3", STOP, .want = GU, .want_end = END_PERMANENT },
	{ .name = "stop on a timeout that would be retried", .kind = TO,
	    .status = 124, STOP, .want = GU, .want_end = END_PUSHBACK,
	    .want_pushed = PUSHBACK_STOP },
	{ .name = "retry on a --stop-on status", .status = 3, .stop_on = "3",
	    AGAIN, .want = RT, .want_pushed = PUSHBACK_RETRY },
	{ .name = "retry on a permanent --http status", .status = 22,
	    .http = 404, AGAIN, .want = RT, .want_pushed = PUSHBACK_RETRY },
	{ .name = "retry on a success: a success", AGAIN, .want = OK },
	{ .name = "retry on a retried failure changes nothing", .status = 1,
	    AGAIN, .want = RT },
	{ .name = "retry with the attempts used up gives up", .status = 3,
	    .stop_on = "3", AGAIN, .attempt = 5, .want = GU,
	    .want_end = END_ATTEMPTS, .want_pushed = PUSHBACK_RETRY },
	{ .name = "retry at the deadline gives up", .kind = TO, .status = 124,
	    AGAIN, .deadline = AT_NOW, .want = GU, .want_end = END_DEADLINE },
	{ .name = "a delay is a floor on the sleep", .status = 1,
	    WAIT(2 * S), .want = RT, .want_sleep = 2 * S,
	    .want_pushed = PUSHBACK_DELAY },
	{ .name = "a delay spread by up to a tenth", .status = 1,
	    WAIT(2 * S), .spread = 0.5, .want = RT,
	    .want_sleep = 2 * S + S / 10, .want_pushed = PUSHBACK_DELAY },
	{ .name = "a shorter delay leaves the backoff's sleep", .status = 1,
	    WAIT(MS(100)), .spread = 0.9, .want = RT,
	    .want_pushed = PUSHBACK_DELAY },
	{ .name = "a delay past the deadline gives up at once", .status = 1,
	    WAIT(30 * S), .deadline = 5 * S, .want = GU,
	    .want_end = END_PUSHBACK, .want_pushed = PUSHBACK_DELAY },
	{ .name = "a delay whose spread only is past it: cut", .status = 1,
	    WAIT(2 * S), .spread = 0.99, .deadline = 2 * S + S / 20,
	    .want = RT, .want_sleep = 2 * S + S / 20 - 1,
	    .want_pushed = PUSHBACK_DELAY },
	{ .name = "a delay counts at most 6 h", .status = 1, WAIT(10 * H6),
	    .want = RT, .want_sleep = H6, .want_pushed = PUSHBACK_DELAY,
	    .want_cut = 1 },
	{ .name = "a delay clamped by --max-server-wait", .status = 1,
	    WAIT(3600 * S), MOST(S), .want = RT, .want_sleep = S,
	    .want_pushed = PUSHBACK_DELAY, .want_cut = 1 },
	{ .name = "a delay past --max-server-wait:give-up", .status = 1,
	    WAIT(3600 * S), MOST_GIVE_UP(S), .want = GU,
	    .want_end = END_SERVER_WAIT, .want_pushed = PUSHBACK_DELAY,
	    .want_cut = 1 },
	{ .name = "a delay within --max-server-wait:give-up", .status = 1,
	    WAIT(MS(500)), MOST_GIVE_UP(S), .want = RT,
	    .want_sleep = MS(500), .want_pushed = PUSHBACK_DELAY },
	{ .name = "the longer of delay and Retry-After meets the most",
	    .status = 22, .http = 503, RA(2), WAIT(3600 * S),
	    MOST_GIVE_UP(10 * S), .want = GU, .want_end = END_SERVER_WAIT,
	    .want_pushed = PUSHBACK_DELAY, .want_cut = 1 },
	{ .name = "both within the most: the longer is the floor",
	    .status = 22, .http = 503, RA(2), WAIT(5 * S),
	    MOST_GIVE_UP(10 * S), .want = RT, .want_sleep = 5 * S,
	    .want_pushed = PUSHBACK_DELAY },
	{ .name = "a delay does not retry a permanent status", .status = 3,
	    .stop_on = "3", WAIT(2 * S), .want = GU,
	    .want_end = END_PERMANENT },
	{ .name = "a delay on the last attempt: it gives up", .status = 1,
	    WAIT(2 * S), .attempt = 5, .want = GU, .want_end = END_ATTEMPTS },
	{ .name = "a delay on a success: a success", WAIT(2 * S), .want = OK },
	{ .name = "a longer Retry-After wins over a delay", .status = 22,
	    .http = 503, RA(5), WAIT(2 * S), .want = RT, .want_sleep = 5 * S,
	    .want_pushed = PUSHBACK_DELAY },
	{ .name = "a longer delay wins over a Retry-After", .status = 22,
	    .http = 503, RA(2), WAIT(5 * S), .want = RT, .want_sleep = 5 * S,
	    .want_pushed = PUSHBACK_DELAY },
	{ .name = "the longer one's spread", .status = 22, .http = 503, RA(2),
	    WAIT(5 * S), .spread = 0.5, .want = RT,
	    .want_sleep = 5 * S + S / 4, .want_pushed = PUSHBACK_DELAY },
	{ .name = "past the deadline for the delay: the command's", .status = 22,
	    .http = 503, RA(2), WAIT(5 * S), .deadline = 4 * S, .want = GU,
	    .want_end = END_PUSHBACK, .want_pushed = PUSHBACK_DELAY },
	{ .name = "past the deadline for the server: Retry-After's",
	    .status = 22, .http = 503, RA(5), WAIT(2 * S), .deadline = 4 * S,
	    .want = GU, .want_end = END_RETRY_AFTER,
	    .want_pushed = PUSHBACK_DELAY },
};

START_TEST(pushback_cases_get_their_verdict)
{
	const struct pcase	*c = &pcases[_i];
	struct statuslist	 succ, stop;
	struct http_list	 hl;
	struct http_seen	 seen;
	struct verdict_policy	 p;
	struct verdict_input	 in;
	struct outcome		 out;
	struct pushback		 push;
	struct verdict		 v;
	uint64_t		 want_sleep;
	int			 want_status;

	http_list_default(&hl);
	memset(&p, 0, sizeof p);
	p.success_on = list(&succ, NULL, "0");
	p.stop_on = list(&stop, c->stop_on, "");
	p.http = c->http != 0 ? &hl : NULL;
	p.max_attempts = 5;
	memset(&seen, 0, sizeof seen);
	seen.status = c->http;
	seen.retry_after = c->ra;
	seen.retry_after_s = c->ra_s;
	memset(&out, 0, sizeof out);
	out.kind = c->kind;
	out.status = c->status;
	if (c->kind == TO)
		out.signo = SIGTERM;
	memset(&push, 0, sizeof push);
	push.word = c->word;
	push.delay = c->delay;
	memset(&in, 0, sizeof in);
	in.out = &out;
	in.attempt = c->attempt != 0 ? c->attempt : 1;
	in.ended = in.now = NOW;
	in.deadline = after_now(c->deadline, 0);
	in.delay = DELAY;
	in.http = &seen;
	in.spread = c->spread;
	in.push = &push;
	p.max_wait = c->most_given ? &c->most : NULL;

	verdict_decide(&p, &in, &v);
	ck_assert_msg(v.kind == c->want, "%s: verdict %d, want %d", c->name,
	    v.kind, c->want);
	ck_assert_msg(v.end == c->want_end, "%s: end %d, want %d", c->name,
	    v.end, c->want_end);
	want_status = c->want_status != 0 ? c->want_status : c->status;
	if (c->kind == TO && c->deadline == AT_NOW)
		want_status = 124;
	ck_assert_msg(v.status == want_status, "%s: status %d, want %d",
	    c->name, v.status, want_status);
	want_sleep = c->want_sleep != 0 ? c->want_sleep : DELAY;
	if (c->want == VERDICT_RETRY)
		ck_assert_msg(v.sleep == want_sleep, "%s: sleep %llu, want "
		    "%llu", c->name, (unsigned long long)v.sleep,
		    (unsigned long long)want_sleep);
	ck_assert_msg(v.pushed == c->want_pushed, "%s: pushed %d, want %d",
	    c->name, v.pushed, c->want_pushed);
	if (c->want_pushed == PUSHBACK_DELAY)
		ck_assert_msg(v.push_delay == c->delay,
		    "%s: push_delay %llu", c->name,
		    (unsigned long long)v.push_delay);
	ck_assert_msg(v.wait_cut == c->want_cut, "%s: cut %d", c->name,
	    v.wait_cut);
}
END_TEST

/* No pushback (NULL) decides as before: a table row's verdict stands. */
START_TEST(no_pushback_is_no_word)
{
	struct fixture	f;
	struct verdict	v1, v2;
	struct pushback	none;

	fixture_set(&f, &cases[_i]);
	verdict_decide(&f.p, &f.in, &v1);
	memset(&none, 0, sizeof none);
	f.in.push = &none;
	verdict_decide(&f.p, &f.in, &v2);
	ck_assert_int_eq(v1.kind, v2.kind);
	ck_assert_int_eq(v1.end, v2.end);
	ck_assert_int_eq(v1.status, v2.status);
	ck_assert_int_eq(v2.pushed, PUSHBACK_NONE);
	cond_free(&f.cond);
}
END_TEST

/* A "stop" is the command's own call: the budget hears nothing of it. */
START_TEST(the_budget_hears_a_stop_as_neutral)
{
	struct verdict	v;

	memset(&v, 0, sizeof v);
	v.kind = VERDICT_GIVE_UP;
	v.end = END_PUSHBACK;
	v.pushed = PUSHBACK_STOP;
	ck_assert_int_eq(verdict_budget_result(&v), BUDGET_NEUTRAL);
	v.pushed = PUSHBACK_DELAY;	/* a delay past the deadline */
	ck_assert_int_eq(verdict_budget_result(&v), BUDGET_FAILURE);
}
END_TEST

/* What an attempt may write, and what it says; -1: ignored. */
static const struct parsecase {
	const char		*text;
	size_t			 len;		/* 0: strlen(text) */
	int			 want;
	enum pushback_word	 word;
	uint64_t		 delay;
} parsecases[] = {
	{ "", 0, 0, PUSHBACK_NONE, 0 },
	{ " \n\t\r\n", 0, 0, PUSHBACK_NONE, 0 },
	{ "stop", 0, 0, PUSHBACK_STOP, 0 },
	{ "stop\n", 0, 0, PUSHBACK_STOP, 0 },
	{ "  stop  \r\n\n", 0, 0, PUSHBACK_STOP, 0 },
	{ "retry\n", 0, 0, PUSHBACK_RETRY, 0 },
	{ "delay 30s\n", 0, 0, PUSHBACK_DELAY, 30 * S },
	{ "delay\t1m30s", 0, 0, PUSHBACK_DELAY, 90 * S },
	{ "delay 250ms", 0, 0, PUSHBACK_DELAY, MS(250) },
	{ "delay 1.5", 0, 0, PUSHBACK_DELAY, 1500 * MS(1) },
	{ "delay 0", 0, 0, PUSHBACK_DELAY, 0 },
	{ "\ndelay   2s  \n", 0, 0, PUSHBACK_DELAY, 2 * S },
	{ "STOP", 0, -1, PUSHBACK_NONE, 0 },
	{ "stopp", 0, -1, PUSHBACK_NONE, 0 },
	{ "sto", 0, -1, PUSHBACK_NONE, 0 },
	{ "stop now", 0, -1, PUSHBACK_NONE, 0 },
	{ "retry 3", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay\n", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay 5x", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay -1s", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay 1s 2s", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay 99999999999999999999h", 0, -1, PUSHBACK_NONE, 0 },
	{ "delay 1000000000000000000000000000000000000000000000000000000000000"
	    "000s", 0, -1, PUSHBACK_NONE, 0 },
	{ "stop\nretry", 0, -1, PUSHBACK_NONE, 0 },
	{ "stop\0", 5, -1, PUSHBACK_NONE, 0 },
	{ "\0stop", 5, -1, PUSHBACK_NONE, 0 },
	{ "\xff\xfe", 0, -1, PUSHBACK_NONE, 0 },
	{ "{\"stop\":true}", 0, -1, PUSHBACK_NONE, 0 },
};

START_TEST(pushback_words_parse)
{
	const struct parsecase	*c = &parsecases[_i];
	size_t			 len = c->len != 0 ? c->len : strlen(c->text);
	struct pushback		 p;
	const char		*why;
	int			 got;

	got = pushback_parse(c->text, len, &p, &why);
	ck_assert_msg(got == c->want, "'%s': %d, want %d", c->text, got,
	    c->want);
	if (got == 0) {
		ck_assert_msg(p.word == c->word, "'%s': word %d, want %d",
		    c->text, p.word, c->word);
		ck_assert_msg(p.delay == c->delay, "'%s': delay %llu",
		    c->text, (unsigned long long)p.delay);
	} else
		ck_assert_msg(why != NULL && *why != '\0', "'%s': no reason",
		    c->text);
}
END_TEST

/* An ignored text is shown quoted, escaped and cut short. */
START_TEST(ignored_text_is_shown_safely)
{
	char	out[PUSHBACK_SHOW_MAX], big[4096];

	pushback_show("hi\n", 3, out, sizeof out);
	ck_assert_str_eq(out, "\"hi\\x0a\"");
	pushback_show("a\0\"\\\x1b\xff", 6, out, sizeof out);
	ck_assert_str_eq(out, "\"a\\x00\\x22\\x5c\\x1b\\xff\"");
	pushback_show("", 0, out, sizeof out);
	ck_assert_str_eq(out, "\"\"");
	memset(big, '\n', sizeof big);
	pushback_show(big, sizeof big, out, sizeof out);
	ck_assert_uint_lt(strlen(out), sizeof out);
	ck_assert_msg(strstr(out, "\"...") != NULL, "not cut: %s", out);
	memset(big, 'x', sizeof big);
	pushback_show(big, sizeof big, out, sizeof out);
	ck_assert_uint_lt(strlen(out), sizeof out);
	ck_assert_msg(strstr(out, "\"...") != NULL, "not cut: %s", out);
}
END_TEST

#define NEVER UINT64_MAX	/* the store's wait: no token ever (rate 0) */

/*
 * The store's answer, where the run stands, and the word expected: a
 * token unless said, with no deadline and no --budget-wait. The circuit
 * and what holds the attempt back are the answer's unless said: open
 * and HOLD_CIRCUIT for BUDGET_OPEN, HOLD_TOKEN for BUDGET_NO_TOKEN.
 */
static const struct acase {
	const char		*name;
	enum budget_answer	 answer;
	enum circuit_state	 circuit;	/* CLOSED: the answer's */
	uint64_t		 wait;		/* the store's, ns */
	uint64_t		 deadline;
	uint64_t		 until;		/* --budget-wait ends */
	double			 u;
	enum admit_kind		 want;
	enum budget_hold	 reason;	/* HOLD_NONE: the answer's */
	uint64_t		 wake;		/* ADMIT_WAIT: ns after NOW */
	uint64_t		 want_until;	/* the wait's end */
} acases[] = {
	{ .name = "a token", .want = ADMIT_GO },
	{ .name = "a first attempt", .deadline = MS(5),
	    .want = ADMIT_GO, .want_until = MS(5) },
	{ .name = "open, no deadline: waited for", .answer = BUDGET_OPEN,
	    .wait = MS(100), .want = ADMIT_WAIT, .wake = MS(100) },
	{ .name = "open past the deadline", .answer = BUDGET_OPEN,
	    .wait = MS(6000), .deadline = MS(5000), .want = ADMIT_CIRCUIT,
	    .want_until = MS(5000) },
	{ .name = "open until the deadline", .answer = BUDGET_OPEN,
	    .wait = MS(5000), .deadline = MS(5000), .want = ADMIT_CIRCUIT,
	    .want_until = MS(5000) },
	{ .name = "open past --budget-wait", .answer = BUDGET_OPEN,
	    .wait = MS(2000), .until = MS(1000),
	    .want = ADMIT_CIRCUIT, .want_until = MS(1000) },
	{ .name = "open, --budget-wait=0", .answer = BUDGET_OPEN, .wait = MS(1),
	    .until = AT_NOW, .want = ADMIT_CIRCUIT,
	    .want_until = AT_NOW },
	{ .name = "open: asked again in 250ms", .answer = BUDGET_OPEN,
	    .wait = MS(2000), .deadline = MS(10000), .want = ADMIT_WAIT,
	    .wake = MS(250), .want_until = MS(10000) },
	{ .name = "open: closes in 100ms", .answer = BUDGET_OPEN,
	    .wait = MS(100), .deadline = MS(10000), .until = MS(3000),
	    .want = ADMIT_WAIT, .wake = MS(100), .want_until = MS(3000) },
	{ .name = "open: the stretch", .answer = BUDGET_OPEN, .wait = MS(2000),
	    .deadline = MS(10000), .u = 0.5, .want = ADMIT_WAIT,
	    .wake = 312500000ULL, .want_until = MS(10000) },
	{ .name = "a probe is out: asked again in 50ms", .answer = BUDGET_OPEN,
	    .circuit = CIRCUIT_HALF_OPEN, .wait = MS(2000), .deadline = MS(10000), .want = ADMIT_WAIT, .wake = MS(50),
	    .want_until = MS(10000) },
	{ .name = "a probe is out past the deadline: it may close sooner",
	    .answer = BUDGET_OPEN, .circuit = CIRCUIT_HALF_OPEN,
	    .wait = MS(6000), .deadline = MS(5000), .want = ADMIT_WAIT,
	    .wake = MS(50), .want_until = MS(5000) },
	{ .name = "a probe is out at the deadline", .answer = BUDGET_OPEN,
	    .circuit = CIRCUIT_HALF_OPEN, .wait = MS(100), .deadline = AT_NOW,
	    .want = ADMIT_CIRCUIT, .want_until = AT_NOW },
	{ .name = "open: not asked past the deadline", .answer = BUDGET_OPEN,
	    .wait = MS(350), .deadline = MS(360), .u = 0.9, .want = ADMIT_WAIT,
	    .wake = MS(360), .want_until = MS(360) },
	{ .name = "open: never sooner than 1ms", .answer = BUDGET_OPEN,
	    .deadline = MS(10000), .want = ADMIT_WAIT, .wake = MS(1),
	    .want_until = MS(10000) },
	{ .name = "no token, --budget-wait=0", .answer = BUDGET_NO_TOKEN,
	    .wait = MS(100), .until = AT_NOW, .want = ADMIT_EXHAUSTED,
	    .want_until = AT_NOW },
	{ .name = "no token, --budget-wait over", .answer = BUDGET_NO_TOKEN,
	    .wait = MS(100), .deadline = MS(9000), .until = AT_NOW,
	    .want = ADMIT_EXHAUSTED, .want_until = AT_NOW },
	{ .name = "no token at the deadline", .answer = BUDGET_NO_TOKEN,
	    .wait = MS(100), .deadline = AT_NOW, .want = ADMIT_EXHAUSTED,
	    .want_until = AT_NOW },
	{ .name = "no token, no deadline: asked again in 50ms",
	    .answer = BUDGET_NO_TOKEN, .wait = MS(5000), .want = ADMIT_WAIT,
	    .wake = MS(50) },
	{ .name = "no token, rate 0: waited for all the same",
	    .answer = BUDGET_NO_TOKEN, .wait = NEVER, .want = ADMIT_WAIT,
	    .wake = MS(50) },
	{ .name = "no token: an eighth of what is left",
	    .answer = BUDGET_NO_TOKEN, .wait = MS(5000), .until = MS(200),
	    .want = ADMIT_WAIT, .wake = MS(25), .want_until = MS(200) },
	{ .name = "no token: one in 10ms, stretched", .answer = BUDGET_NO_TOKEN,
	    .wait = MS(10), .u = 0.5, .want = ADMIT_WAIT, .wake = 12500000ULL },
	{ .name = "no token: the deadline near, asked more often",
	    .answer = BUDGET_NO_TOKEN, .wait = MS(5000), .deadline = MS(30),
	    .want = ADMIT_WAIT, .wake = 3750000ULL, .want_until = MS(30) },
	{ .name = "no token: not past --budget-wait", .answer = BUDGET_NO_TOKEN,
	    .wait = MS(5000), .until = MS(1), .u = 0.9, .want = ADMIT_WAIT,
	    .wake = MS(1), .want_until = MS(1) },
	{ .name = "no token: the sooner of deadline and --budget-wait",
	    .answer = BUDGET_NO_TOKEN, .wait = MS(5000), .deadline = MS(4000),
	    .until = MS(800), .want = ADMIT_WAIT, .wake = MS(50),
	    .want_until = MS(800) },
};

START_TEST(each_budget_answer_gets_its_word)
{
	const struct acase	*c = &acases[_i];
	struct budget_grant	 g;
	struct admit_input	 in;
	struct admit		 a;
	enum budget_hold	 reason;
	uint64_t		 until;

	memset(&g, 0, sizeof g);
	g.answer = c->answer;
	g.circuit = c->circuit;
	if (c->circuit == CIRCUIT_CLOSED && c->answer == BUDGET_OPEN)
		g.circuit = CIRCUIT_OPEN;
	g.wait = c->wait;
	memset(&in, 0, sizeof in);
	in.grant = &g;
	in.now = NOW;
	in.deadline = after_now(c->deadline, 0);
	in.until = after_now(c->until, DURATION_MAX);
	in.u = c->u;
	reason = c->reason;
	if (reason == HOLD_NONE && c->answer != BUDGET_GO)
		reason = c->answer == BUDGET_OPEN ? HOLD_CIRCUIT : HOLD_TOKEN;
	verdict_admit(&in, &a);
	ck_assert_msg(a.kind == c->want, "%s: kind %d, not %d", c->name,
	    a.kind, c->want);
	ck_assert_msg(a.reason == reason, "%s: reason %d, not %d", c->name,
	    a.reason, reason);
	if (c->want == ADMIT_WAIT)
		ck_assert_msg(a.wake == NOW + c->wake, "%s: wake %llu, not "
		    "%llu", c->name, (unsigned long long)(a.wake - NOW),
		    (unsigned long long)c->wake);
	until = after_now(c->want_until, DURATION_MAX);
	ck_assert_msg(a.until == until, "%s: until %llu, not %llu", c->name,
	    (unsigned long long)(a.until - NOW),
	    (unsigned long long)(until - NOW));
}
END_TEST

/* A long wait near the end of the clock saturates, never wraps. */
START_TEST(a_wait_near_the_end_of_time_saturates)
{
	struct budget_grant	g;
	struct admit_input	in;
	struct admit		a;

	memset(&g, 0, sizeof g);
	g.answer = BUDGET_OPEN;
	g.circuit = CIRCUIT_OPEN;
	g.wait = MS(100);
	memset(&in, 0, sizeof in);
	in.grant = &g;
	in.now = DURATION_MAX - MS(150);
	in.deadline = DURATION_MAX - 1;
	in.until = DURATION_MAX;
	verdict_admit(&in, &a);
	ck_assert_int_eq(a.kind, ADMIT_WAIT);
	ck_assert_uint_eq(a.wake, in.now + MS(100));
	ck_assert_uint_ge(a.until, a.wake);
	/* A token that never comes (rate 0), no end but the clock's. */
	g.answer = BUDGET_NO_TOKEN;
	g.circuit = CIRCUIT_CLOSED;
	g.wait = UINT64_MAX;
	in.now = DURATION_MAX - MS(10);
	in.deadline = 0;
	in.u = 0.99;
	verdict_admit(&in, &a);
	ck_assert_int_eq(a.kind, ADMIT_WAIT);
	ck_assert_uint_gt(a.wake, in.now);
	ck_assert_uint_le(a.wake, DURATION_MAX);
	ck_assert_uint_eq(a.until, DURATION_MAX);
}
END_TEST

/* What the budget and the breaker hear of each verdict. */
static const struct rcase {
	const char		*name;
	enum verdict_kind	 kind;
	enum run_end		 end;
	enum budget_result	 want;
	uint64_t		 in_a_row;	/* successes in a row */
} rcases[] = {
	{ "a success", VERDICT_SUCCESS, END_NONE, BUDGET_SUCCESS, 0 },
	{ "a retry", VERDICT_RETRY, END_NONE, BUDGET_FAILURE, 0 },
	{ "an interrupt", VERDICT_INTERRUPTED, END_NONE, BUDGET_NEUTRAL, 0 },
	{ "no command to run", VERDICT_GIVE_UP, END_EXEC, BUDGET_NEUTRAL, 0 },
	{ "a permanent status", VERDICT_GIVE_UP, END_PERMANENT,
	    BUDGET_NEUTRAL, 0 },
	{ "a success cut short", VERDICT_GIVE_UP, END_OUTPUT,
	    BUDGET_NEUTRAL, 0 },
	{ "the last attempt failed", VERDICT_GIVE_UP, END_ATTEMPTS,
	    BUDGET_FAILURE, 0 },
	{ "a failure at the deadline", VERDICT_GIVE_UP, END_DEADLINE,
	    BUDGET_FAILURE, 0 },
	{ "a Retry-After past the deadline", VERDICT_GIVE_UP,
	    END_RETRY_AFTER, BUDGET_FAILURE, 0 },
	{ "a success short of --successes' N", VERDICT_AGAIN, END_NONE,
	    BUDGET_SUCCESS, 0 },
	{ "a success short of N on the last attempt", VERDICT_GIVE_UP,
	    END_ATTEMPTS, BUDGET_SUCCESS, 2 },
	{ "a success short of N before the deadline", VERDICT_GIVE_UP,
	    END_DEADLINE, BUDGET_SUCCESS, 1 },
};

START_TEST(the_budget_hears_failures_the_service_made)
{
	const struct rcase	*c = &rcases[_i];
	struct verdict		 v;

	memset(&v, 0, sizeof v);
	v.kind = c->kind;
	v.end = c->end;
	v.in_a_row = c->in_a_row;
	ck_assert_msg(verdict_budget_result(&v) == c->want,
	    "%s: result %d, not %d", c->name, verdict_budget_result(&v),
	    c->want);
}
END_TEST

/* A failed store rests: 1 s doubled up to 60 s, 4 times its call at least. */
static const struct restcase {
	unsigned	failures;
	uint64_t	call_ns;
	uint64_t	want;
} restcases[] = {
	{ 1, 0, 1000000000ULL },		/* refused at once */
	{ 0, 0, 1000000000ULL },		/* as the first */
	{ 1, 250000000ULL, 1000000000ULL },	/* a call's 250 ms */
	{ 2, 250000000ULL, 2000000000ULL },
	{ 3, 1000ULL, 4000000000ULL },
	{ 6, 0, 32000000000ULL },
	{ 7, 0, 60000000000ULL },		/* the cap */
	{ 40, 0, 60000000000ULL },
	{ UINT_MAX, 0, 60000000000ULL },
	{ 1, 300000000ULL, 1200000000ULL },	/* 4 times a longer call */
	{ 1, 10000000000ULL, 40000000000ULL },	/* a lock held 10 s */
	{ 40, 20000000000ULL, 80000000000ULL },	/* past the cap */
	{ 1, UINT64_MAX / 4, UINT64_MAX / 4 * 4 },
	{ 1, UINT64_MAX / 4 + 1, UINT64_MAX },	/* saturates */
	{ 1, UINT64_MAX, UINT64_MAX },
};

START_TEST(a_failed_store_rests_longer_each_time)
{
	const struct restcase	*c = &restcases[_i];
	uint64_t		 got;

	got = verdict_store_rest(c->failures, c->call_ns);
	ck_assert_msg(got == c->want, "%u failures, a call of %llu ns: "
	    "rest %llu ns, not %llu", c->failures,
	    (unsigned long long)c->call_ns, (unsigned long long)got,
	    (unsigned long long)c->want);
}
END_TEST

static Suite *
verdict_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("verdict");
	tc = tcase_create("rules");
	tcase_add_loop_test(tc, each_case_gets_its_verdict, 0, nitems(cases));
	tcase_add_loop_test(tc, success_is_foretold_as_decided, 0,
	    nitems(cases));
	tcase_add_test(tc, no_matches_given_is_no_match);
	tcase_add_test(tc, the_deadline_passed_gives_up_whatever_the_delay);
	tcase_add_loop_test(tc, http_cases_get_their_verdict, 0,
	    nitems(hcases));
	suite_add_tcase(s, tc);
	tc = tcase_create("pushback");
	tcase_add_loop_test(tc, pushback_cases_get_their_verdict, 0,
	    nitems(pcases));
	tcase_add_loop_test(tc, no_pushback_is_no_word, 0, nitems(cases));
	tcase_add_test(tc, the_budget_hears_a_stop_as_neutral);
	tcase_add_loop_test(tc, pushback_words_parse, 0, nitems(parsecases));
	tcase_add_test(tc, ignored_text_is_shown_safely);
	suite_add_tcase(s, tc);
	tc = tcase_create("budget");
	tcase_add_loop_test(tc, each_budget_answer_gets_its_word, 0,
	    nitems(acases));
	tcase_add_test(tc, a_wait_near_the_end_of_time_saturates);
	tcase_add_loop_test(tc, the_budget_hears_failures_the_service_made, 0,
	    nitems(rcases));
	tcase_add_loop_test(tc, a_failed_store_rests_longer_each_time, 0,
	    nitems(restcases));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(verdict_suite());
}
