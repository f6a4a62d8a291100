/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of hedge.c, the rules of the attempts in flight: what an
 * ended attempt means (one at a time and side by side: the first success
 * wins, a permanent status ends all, the last failure decides), when the
 * next may start and when the wait ends for it, and the budget's refusals
 * spacing the asks.
 */
#include <check.h>
#include <stdint.h>

#include "check_run.h"
#include "policy/duration.h"
#include "policy/hedge.h"

#define MS	1000000ULL
#define S	(1000 * MS)

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* An ended attempt: its verdict, and where the others stand. */
static const struct ended_case {
	const char	*name;
	enum hedge_mode	 mode;
	size_t		 n;		/* alive at once; one at a time: 1 */
	uint64_t	 attempts;	/* 0: no limit */
	enum verdict_kind kind;
	enum run_end	 vend;		/* VERDICT_GIVE_UP */
	size_t		 running;	/* the others still alive */
	uint64_t	 made;
	int		 closed;	/* closed before, with END_DEADLINE */
	uint64_t	 not_counted;	/* ended before without counting */
	int		 uncounted;	/* the verdict: it does not count */
	enum hedge_word	 word;
	enum run_end	 why;		/* HEDGE_GIVE_UP */
	enum hedge_due	 due;		/* after it */
} ended_cases[] = {
	{ .name = "one at a time, a success wins", .n = 1, .attempts = 3,
	    .kind = VERDICT_SUCCESS, .made = 1, .word = HEDGE_WON },
	{ .name = "one at a time, a signal kills", .n = 1,
	    .kind = VERDICT_INTERRUPTED, .made = 1, .word = HEDGE_DIE },
	{ .name = "one at a time, a retry sleeps first", .n = 1,
	    .attempts = 3, .kind = VERDICT_RETRY, .made = 1,
	    .word = HEDGE_SLEEP, .due = HEDGE_DUE_NOW },
	{ .name = "one at a time, the last attempt gives up", .n = 1,
	    .attempts = 3, .kind = VERDICT_GIVE_UP, .vend = END_ATTEMPTS,
	    .made = 3, .word = HEDGE_GIVE_UP, .why = END_ATTEMPTS },
	{ .name = "one at a time, Retry-After too late gives up", .n = 1,
	    .kind = VERDICT_GIVE_UP, .vend = END_RETRY_AFTER, .made = 1,
	    .word = HEDGE_GIVE_UP, .why = END_RETRY_AFTER },
	{ .name = "one at a time, a permanent status gives up", .n = 1,
	    .kind = VERDICT_GIVE_UP, .vend = END_PERMANENT, .made = 1,
	    .word = HEDGE_GIVE_UP, .why = END_PERMANENT },
	{ .name = "side by side, the first success wins", .mode = HEDGE_ON,
	    .n = 3, .kind = VERDICT_SUCCESS, .running = 2, .made = 3,
	    .word = HEDGE_WON },
	{ .name = "side by side, a permanent status ends all",
	    .mode = HEDGE_ON, .n = 3, .kind = VERDICT_GIVE_UP,
	    .vend = END_PERMANENT, .running = 2, .made = 3,
	    .word = HEDGE_GIVE_UP, .why = END_PERMANENT },
	{ .name = "side by side, the command's stop ends all",
	    .mode = HEDGE_ON, .n = 2, .kind = VERDICT_GIVE_UP,
	    .vend = END_PUSHBACK, .running = 1, .made = 2,
	    .word = HEDGE_GIVE_UP, .why = END_PUSHBACK },
	{ .name = "side by side, a failure starts the next",
	    .mode = HEDGE_ON, .n = 2, .attempts = 5, .kind = VERDICT_RETRY,
	    .running = 1, .made = 2, .word = HEDGE_NEXT,
	    .due = HEDGE_DUE_FAILURE },
	{ .name = "side by side, a failure with all started lets the others "
	    "run", .mode = HEDGE_ON, .n = 3, .attempts = 3,
	    .kind = VERDICT_RETRY, .running = 2, .made = 3,
	    .word = HEDGE_OTHERS_ON },
	{ .name = "side by side, the last attempts' give-up lets the others "
	    "run", .mode = HEDGE_ON, .n = 3, .attempts = 3,
	    .kind = VERDICT_GIVE_UP, .vend = END_ATTEMPTS, .running = 1,
	    .made = 3, .word = HEDGE_OTHERS_ON },
	{ .name = "side by side, the last to fail gives up",
	    .mode = HEDGE_ON, .n = 3, .attempts = 3, .kind = VERDICT_RETRY,
	    .made = 3, .word = HEDGE_GIVE_UP, .why = END_ATTEMPTS },
	{ .name = "side by side, Retry-After too late closes, the last gives "
	    "up", .mode = HEDGE_ON, .n = 2, .kind = VERDICT_GIVE_UP,
	    .vend = END_RETRY_AFTER, .made = 4, .word = HEDGE_GIVE_UP,
	    .why = END_RETRY_AFTER },
	{ .name = "side by side, closed at the deadline, the last gives up "
	    "with it", .mode = HEDGE_ON, .n = 2, .kind = VERDICT_GIVE_UP,
	    .vend = END_ATTEMPTS, .made = 2, .closed = 1,
	    .word = HEDGE_GIVE_UP, .why = END_DEADLINE },
	{ .name = "side by side, none starts with all alive",
	    .mode = HEDGE_ON, .n = 2, .kind = VERDICT_RETRY, .running = 2,
	    .made = 3, .word = HEDGE_OTHERS_ON },
	/* --successes and --uncounted */
	{ .name = "one at a time, a success short of N sleeps first", .n = 1,
	    .attempts = 3, .kind = VERDICT_AGAIN, .made = 1,
	    .word = HEDGE_SLEEP, .due = HEDGE_DUE_NOW },
	{ .name = "one at a time, an uncounted failure uses no attempt up",
	    .n = 1, .attempts = 3, .kind = VERDICT_RETRY, .made = 3,
	    .uncounted = 1, .word = HEDGE_SLEEP, .due = HEDGE_DUE_NOW },
	{ .name = "one at a time, a counted one after uncounted ones sleeps",
	    .n = 1, .attempts = 2, .kind = VERDICT_RETRY, .made = 5,
	    .not_counted = 4, .word = HEDGE_SLEEP, .due = HEDGE_DUE_NOW },
	{ .name = "side by side, an uncounted failure starts the next",
	    .mode = HEDGE_ON, .n = 2, .attempts = 2, .kind = VERDICT_RETRY,
	    .running = 1, .made = 2, .uncounted = 1, .word = HEDGE_NEXT,
	    .due = HEDGE_DUE_FAILURE },
	{ .name = "side by side, a counted failure with all counted started",
	    .mode = HEDGE_ON, .n = 2, .attempts = 2, .kind = VERDICT_RETRY,
	    .running = 1, .made = 3, .not_counted = 1,
	    .word = HEDGE_OTHERS_ON },
};

START_TEST(an_ended_attempt_gets_its_word)
{
	const struct ended_case	*c = &ended_cases[_i];
	struct hedge		 h;
	struct verdict		 v = { 0 };
	enum run_end		 why = END_NONE;

	hedge_start(&h, c->mode, c->n, c->attempts, 100 * MS);
	(void)hedge_take_due(&h);
	if (c->closed)
		hedge_close(&h, END_DEADLINE);
	h.uncounted = c->not_counted;
	v.kind = c->kind;
	v.end = c->vend;
	v.uncounted = c->uncounted;
	ck_assert_msg(hedge_ended(&h, &v, c->running, c->made, &why) ==
	    c->word, "%s: the word", c->name);
	if (c->word == HEDGE_GIVE_UP)
		ck_assert_msg(why == c->why, "%s: why %d, not %d", c->name,
		    (int)why, (int)c->why);
	ck_assert_msg(h.due == c->due, "%s: due %d, not %d", c->name,
	    (int)h.due, (int)c->due);
}
END_TEST

/* When the wait ends for the next copy. */
static const struct wake_case {
	const char	*name;
	size_t		 running;
	uint64_t	 made;
	enum hedge_due	 due;
	uint64_t	 next;		/* 0: no copy started */
	uint64_t	 not_before;
	int		 closed;
	uint64_t	 not_counted;	/* ended without counting */
	uint64_t	 wake;
} wake_cases[] = {
	{ .name = "the first starts at once", .due = HEDGE_DUE_NOW,
	    .wake = HEDGE_AT_ONCE },
	{ .name = "the next waits for DELAY", .running = 1, .made = 1,
	    .next = 5 * S, .wake = 5 * S },
	{ .name = "a failure's copy starts at once", .running = 1,
	    .made = 2, .due = HEDGE_DUE_FAILURE, .next = 5 * S,
	    .wake = HEDGE_AT_ONCE },
	{ .name = "a failure's copy waits for the floor", .running = 1,
	    .made = 2, .due = HEDGE_DUE_FAILURE, .next = 5 * S,
	    .not_before = 7 * S, .wake = 7 * S },
	{ .name = "DELAY is not up before the floor", .running = 1,
	    .made = 2, .next = 5 * S, .not_before = 7 * S, .wake = 7 * S },
	{ .name = "none with all alive", .running = 3, .made = 3,
	    .due = HEDGE_DUE_FAILURE, .wake = 0 },
	{ .name = "none past --attempts", .running = 1, .made = 4,
	    .due = HEDGE_DUE_FAILURE, .wake = 0 },
	{ .name = "none once closed", .running = 1, .made = 1,
	    .due = HEDGE_DUE_FAILURE, .closed = 1, .wake = 0 },
	{ .name = "past --attempts in all, not among those that count",
	    .running = 1, .made = 4, .not_counted = 1,
	    .due = HEDGE_DUE_FAILURE, .wake = HEDGE_AT_ONCE },
	{ .name = "none past --attempts among those that count",
	    .running = 1, .made = 6, .not_counted = 2,
	    .due = HEDGE_DUE_FAILURE, .wake = 0 },
};

START_TEST(the_wait_ends_for_the_next)
{
	const struct wake_case	*c = &wake_cases[_i];
	struct hedge		 h;

	hedge_start(&h, HEDGE_ON, 3, 4, 5 * S);
	h.due = c->due;
	if (c->next != 0)
		hedge_started(&h, 1, c->next - 5 * S);
	h.not_before = c->not_before;
	h.uncounted = c->not_counted;
	if (c->closed)
		hedge_close(&h, END_DEADLINE);
	ck_assert_msg(hedge_wake(&h, c->running, c->made) == c->wake,
	    "%s: %llu, not %llu", c->name,
	    (unsigned long long)hedge_wake(&h, c->running, c->made),
	    (unsigned long long)c->wake);
}
END_TEST

START_TEST(one_at_a_time_runs_one)
{
	struct hedge	h;

	hedge_start(&h, HEDGE_OFF, 5, 0, 0);
	ck_assert_uint_eq(h.n, 1);
	ck_assert_uint_eq(hedge_wake(&h, 0, 0), HEDGE_AT_ONCE);
	ck_assert_int_eq(hedge_take_due(&h), HEDGE_DUE_NOW);
	ck_assert_int_eq(hedge_take_due(&h), HEDGE_DUE_NONE);
	ck_assert_uint_eq(hedge_wake(&h, 1, 1), 0);
}
END_TEST

START_TEST(a_wake_without_an_end_is_delay_up)
{
	struct hedge	h;

	hedge_start(&h, HEDGE_ON, 2, 0, 5 * S);
	(void)hedge_take_due(&h);
	hedge_woke(&h);
	ck_assert_int_eq(h.due, HEDGE_DUE_DELAY);
	/* A wait that only heard the ended ones: no DELAY is up. */
	hedge_heard(&h);
	ck_assert_int_eq(h.due, HEDGE_DUE_NONE);
	/* A failure's copy stays due through both. */
	h.due = HEDGE_DUE_FAILURE;
	hedge_woke(&h);
	hedge_heard(&h);
	ck_assert_int_eq(h.due, HEDGE_DUE_FAILURE);
}
END_TEST

START_TEST(the_floor_is_kept_while_ahead)
{
	struct hedge	h;
	struct verdict	v = { .kind = VERDICT_RETRY, .sleep = 2 * S,
			    .wake = 12 * S };

	hedge_start(&h, HEDGE_ON, 2, 0, 5 * S);
	ck_assert_uint_eq(hedge_floor(&h, &v, 10 * S), 2 * S);
	ck_assert_uint_eq(h.not_before, 12 * S);
	/* Past already, or no sleep: at once. */
	ck_assert_uint_eq(hedge_floor(&h, &v, 12 * S), 0);
	ck_assert_uint_eq(h.not_before, 0);
	v.sleep = 0;
	ck_assert_uint_eq(hedge_floor(&h, &v, 10 * S), 0);
	ck_assert_uint_eq(h.not_before, 0);
}
END_TEST

START_TEST(refusals_double_the_wait)
{
	struct hedge	h;
	unsigned	i;

	hedge_start(&h, HEDGE_ON, 2, 0, 100 * MS);
	ck_assert_int_eq(hedge_refused(&h), 1);	/* the first is said */
	ck_assert_int_eq(hedge_refused(&h), 0);
	hedge_not_now(&h, 1 * S);
	ck_assert_uint_eq(h.next, 1 * S + 400 * MS);
	for (i = 0; i < 20; i++)
		(void)hedge_refused(&h);
	hedge_not_now(&h, 1 * S);		/* at most 1024 times */
	ck_assert_uint_eq(h.next, 1 * S + 1024 * 100 * MS);
	hedge_admitted(&h);
	ck_assert_int_eq(hedge_refused(&h), 1);
	/* --hedge=0: refusals space the asks from 1 ms. */
	hedge_start(&h, HEDGE_ON, 2, 0, 0);
	hedge_not_now(&h, 0);
	ck_assert_uint_eq(h.next, 1 * MS);
}
END_TEST

START_TEST(a_huge_delay_does_not_overflow)
{
	struct hedge	h;
	unsigned	i;

	hedge_start(&h, HEDGE_ON, 2, 0, DURATION_MAX / 2);
	for (i = 0; i < 3; i++)
		(void)hedge_refused(&h);
	hedge_not_now(&h, 0);
	ck_assert_uint_eq(h.next, DURATION_MAX);
}
END_TEST

START_TEST(the_first_close_says_why)
{
	struct hedge	h;

	hedge_start(&h, HEDGE_ON, 2, 0, 0);
	ck_assert_int_eq(hedge_end(&h), END_ATTEMPTS);
	hedge_close(&h, END_DEADLINE);
	hedge_close(&h, END_RETRY_AFTER);
	ck_assert_int_eq(hedge_end(&h), END_DEADLINE);
}
END_TEST

START_TEST(a_start_counts_delay_from_it)
{
	struct hedge	h;

	hedge_start(&h, HEDGE_ON, 2, 0, 300 * MS);
	hedge_started(&h, 4, 2 * S);
	ck_assert_uint_eq(h.newest, 4);
	ck_assert_uint_eq(h.newest_at, 2 * S);
	ck_assert_uint_eq(h.next, 2 * S + 300 * MS);
}
END_TEST

static Suite *
hedge_suite(void)
{
	Suite	*s = suite_create("hedge");
	TCase	*tc = tcase_create("rules");

	tcase_add_loop_test(tc, an_ended_attempt_gets_its_word, 0,
	    nitems(ended_cases));
	tcase_add_loop_test(tc, the_wait_ends_for_the_next, 0,
	    nitems(wake_cases));
	tcase_add_test(tc, one_at_a_time_runs_one);
	tcase_add_test(tc, a_wake_without_an_end_is_delay_up);
	tcase_add_test(tc, the_floor_is_kept_while_ahead);
	tcase_add_test(tc, refusals_double_the_wait);
	tcase_add_test(tc, a_huge_delay_does_not_overflow);
	tcase_add_test(tc, the_first_close_says_why);
	tcase_add_test(tc, a_start_counts_delay_from_it);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(hedge_suite());
}
