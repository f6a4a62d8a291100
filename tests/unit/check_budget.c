/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of budget.c: the token bucket and the circuit breaker as
 * arithmetic, with the time passed in; the state's text line; and the
 * words of the budget's options.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "policy/budget.h"
#include "check_run.h"
#include "check_params.h"

#define S 1000000000ULL		/* a second in ns */
#define T0 (1000 * S)		/* any start on the store's clock */

/* What an attempt held of the budget, as it reports. */
static const struct budget_ticket HELD_NOTHING = { 0, 0 };
static const struct budget_ticket HELD_TOKEN = { 1, 0 };
static const struct budget_ticket HELD_BOTH = { 1, 1 };

/* Ask at now: the answer. */
static enum budget_answer
ask(const struct budget_params *p, struct budget_state *s, uint64_t now,
    enum budget_attempt attempt)
{
	struct budget_grant	g;

	budget_admit(p, s, now, attempt, &g);
	return g.answer;
}

START_TEST(a_new_budget_starts_full)
{
	struct budget_params	p = params(10, 0.1, 1);
	struct budget_state	s;

	budget_fresh(&p, &s, T0);
	ck_assert(s.tokens == 10);
	ck_assert_uint_eq(s.fails, 0);
	ck_assert_uint_eq(s.open_until, 0);
	ck_assert_int_eq(budget_circuit(&p, &s, T0), CIRCUIT_CLOSED);
}
END_TEST

START_TEST(a_retry_takes_one_token)
{
	struct budget_params	p = params(3, 0, 0);
	struct budget_state	s;
	struct budget_grant	g;

	budget_fresh(&p, &s, T0);
	budget_admit(&p, &s, T0, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	ck_assert(fabs(g.tokens - 2) < 1e-9);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_GO);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_GO);
	budget_admit(&p, &s, T0, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_NO_TOKEN);
	ck_assert_uint_eq(g.wait, UINT64_MAX);	/* rate 0: never */
}
END_TEST

START_TEST(first_attempts_are_never_held_back)
{
	struct budget_params	p = params(1, 0, 0);
	struct budget_state	s;
	int			i;

	budget_fresh(&p, &s, T0);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_GO);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_NO_TOKEN);
	for (i = 0; i < 100; i++)
		ck_assert_int_eq(ask(&p, &s, T0, BUDGET_FIRST), BUDGET_GO);
}
END_TEST

START_TEST(a_first_attempt_deposits_ratio_up_to_the_burst)
{
	struct budget_params	p = params(2, 0.25, 0);
	struct budget_state	s;
	int			i;

	budget_fresh(&p, &s, T0);
	s.tokens = 0;
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(ask(&p, &s, T0, BUDGET_FIRST), BUDGET_GO);
	ck_assert(fabs(s.tokens - 1) < 1e-9);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_GO);
	for (i = 0; i < 100; i++)
		ask(&p, &s, T0, BUDGET_FIRST);
	ck_assert(s.tokens == 2);
}
END_TEST

/* Ten deposits of 0.1 make a token, whatever the rounding of 0.1. */
START_TEST(ten_tenths_make_a_token)
{
	struct budget_params	p = params(10, 0.1, 0);
	struct budget_state	s;
	int			i;

	budget_fresh(&p, &s, T0);
	s.tokens = 0;
	for (i = 0; i < 10; i++)
		ask(&p, &s, T0, BUDGET_FIRST);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_GO);
	ck_assert(s.tokens >= 0);
}
END_TEST

START_TEST(tokens_come_back_with_time_up_to_the_burst)
{
	struct budget_params	p = params(5, 0, 2);	/* 2 a second */
	struct budget_state	s;
	struct budget_grant	g;

	budget_fresh(&p, &s, T0);
	s.tokens = 0;
	budget_admit(&p, &s, T0, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_NO_TOKEN);
	/* Half a second for a token at 2/s; rounded up, never short. */
	ck_assert_uint_ge(g.wait, S / 2);
	ck_assert_uint_le(g.wait, S / 2 + 2);
	ck_assert_int_eq(ask(&p, &s, T0 + S / 2 - 1000, BUDGET_RETRY), BUDGET_NO_TOKEN);
	ck_assert_int_eq(ask(&p, &s, T0 + g.wait, BUDGET_RETRY), BUDGET_GO);
	ck_assert(fabs(budget_tokens(&p, &s, T0 + 100 * S) - 5) < 1e-9);
}
END_TEST

START_TEST(a_successful_retry_gives_its_token_back)
{
	struct budget_params	p = params(2, 0, 0);
	struct budget_state	s;

	budget_fresh(&p, &s, T0);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_GO);
	ck_assert(s.tokens == 1);
	budget_report(&p, &s, T0, BUDGET_SUCCESS, &HELD_TOKEN);
	ck_assert(s.tokens == 2);
	/* A first attempt took none: it gives none back. */
	ask(&p, &s, T0, BUDGET_RETRY);
	budget_report(&p, &s, T0, BUDGET_SUCCESS, &HELD_NOTHING);
	ck_assert(s.tokens == 1);
	/* Failures and other ends give nothing back. */
	ask(&p, &s, T0, BUDGET_RETRY);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_TOKEN);
	budget_report(&p, &s, T0, BUDGET_NEUTRAL, &HELD_TOKEN);
	ck_assert(s.tokens == 0);
}
END_TEST

START_TEST(a_success_may_add_a_gain)
{
	struct budget_params	p = params(10, 0, 0);
	struct budget_state	s;

	p.gain = 1;
	budget_fresh(&p, &s, T0);
	s.tokens = 0;
	budget_report(&p, &s, T0, BUDGET_SUCCESS, &HELD_NOTHING);
	ck_assert(s.tokens == 1);
	budget_report(&p, &s, T0, BUDGET_SUCCESS, &HELD_TOKEN);
	ck_assert(s.tokens == 3);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_TOKEN);
	ck_assert(s.tokens == 3);
}
END_TEST

/*
 * Start from tokens, report n failed retries (then a neutral outcome, if
 * neutral), then a first attempt's success: the tokens left.
 */
static double
after_spell(const struct budget_params *p, struct budget_state *s,
    double tokens, int n, int neutral)
{
	int	i;

	s->tokens = tokens;
	for (i = 0; i < n; i++)
		budget_report(p, s, T0, BUDGET_FAILURE, &HELD_TOKEN);
	if (neutral)
		budget_report(p, s, T0, BUDGET_NEUTRAL, &HELD_NOTHING);
	budget_report(p, s, T0, BUDGET_SUCCESS, &HELD_NOTHING);
	return s->tokens;
}

/*
 * The first success after a burst's worth of failures in a row brings the
 * bucket up to recover x burst; a shorter spell, or a success after it,
 * adds only its own; a neutral outcome breaks no spell; a fuller bucket
 * is never cut.
 */
START_TEST(a_success_after_an_outage_refills)
{
	struct budget_params	p = params(10, 0, 0);
	struct budget_state	s;

	p.recover = 0.5;
	budget_fresh(&p, &s, T0);
	ck_assert(after_spell(&p, &s, 0, 9, 0) == 0);	/* 9 < 10 */
	ck_assert(fabs(after_spell(&p, &s, 0, 10, 0) - 5) < 1e-9);
	budget_report(&p, &s, T0, BUDGET_SUCCESS, &HELD_TOKEN);
	ck_assert(fabs(s.tokens - 6) < 1e-9);
	ck_assert(fabs(after_spell(&p, &s, 0, 12, 1) - 5) < 1e-9);
	ck_assert(fabs(after_spell(&p, &s, 8, 12, 0) - 8) < 1e-9);
	p.recover = 0;
	ck_assert(after_spell(&p, &s, 0, 12, 0) == 0);
}
END_TEST

/*
 * SPEC's bound, while every attempt fails: the retries that the runs
 * make in T seconds are at most burst + ratio x firsts + rate x T + 1.
 * Simulated with many runs that ask in turn at random times.
 */
START_TEST(the_bound_holds_while_every_attempt_fails)
{
	struct budget_params	p = params(7, 0.3, 1.5);
	struct budget_state	s;
	uint64_t		now = T0, x = 88172645463325252ULL;
	unsigned		firsts = 0, retries = 0, i;
	double			bound;

	/* What successes add changes nothing here: there are none. */
	p.gain = BUDGET_DEFAULT_GAIN;
	p.recover = BUDGET_DEFAULT_RECOVER;
	budget_fresh(&p, &s, T0);
	for (i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		now += x % (S / 100);		/* up to 10 ms apart */
		if (x % 5 == 0) {
			ck_assert_int_eq(ask(&p, &s, now, BUDGET_FIRST), BUDGET_GO);
			firsts++;
		} else if (ask(&p, &s, now, BUDGET_RETRY) == BUDGET_GO)
			retries++;
		budget_report(&p, &s, now, BUDGET_FAILURE,
		    x % 5 != 0 ? &HELD_TOKEN : &HELD_NOTHING);
	}
	bound = p.burst + p.ratio * firsts +
	    p.rate * ((double)(now - T0) / S) + 1;
	ck_assert_msg(retries <= bound, "%u retries, bound %.1f", retries,
	    bound);
	/* And the budget was used, not merely refused. */
	ck_assert_msg(retries + 2 >= bound - 1, "%u retries, bound %.1f",
	    retries, bound);
}
END_TEST

START_TEST(a_clock_set_back_stops_nothing)
{
	struct budget_params	p = params(5, 0, 1);
	struct budget_state	s;

	budget_fresh(&p, &s, T0);
	s.tokens = 0;
	s.at = T0 + 3600 * S;		/* written an hour "later" */
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_RETRY), BUDGET_NO_TOKEN);
	ck_assert_uint_eq(s.at, T0);
	ck_assert_int_eq(ask(&p, &s, T0 + S + 2, BUDGET_RETRY), BUDGET_GO);
}
END_TEST

/* The breaker of K failures for D seconds. */
static struct budget_params
breaker(uint32_t k, uint64_t d)
{
	struct budget_params	p = params(100, 0, 0);

	p.breaker_k = k;
	p.breaker_ns = d;
	return p;
}

START_TEST(k_failures_in_a_row_open_the_circuit)
{
	struct budget_params	p = breaker(3, 10 * S);
	struct budget_state	s;
	struct budget_grant	g;

	budget_fresh(&p, &s, T0);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_NOTHING);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_NOTHING);
	ck_assert_int_eq(budget_circuit(&p, &s, T0), CIRCUIT_CLOSED);
	ck_assert_int_eq(ask(&p, &s, T0, BUDGET_FIRST), BUDGET_GO);
	budget_report(&p, &s, T0 + 1, BUDGET_FAILURE, &HELD_NOTHING);
	ck_assert_int_eq(budget_circuit(&p, &s, T0 + 1), CIRCUIT_OPEN);
	/* First attempts too are held back, for what is left of D. */
	budget_admit(&p, &s, T0 + S + 1, BUDGET_FIRST, &g);
	ck_assert_int_eq(g.answer, BUDGET_OPEN);
	ck_assert_uint_eq(g.wait, 9 * S);
	ck_assert_int_eq(g.circuit, CIRCUIT_OPEN);
}
END_TEST

START_TEST(a_success_between_resets_the_count)
{
	struct budget_params	p = breaker(2, S);
	struct budget_state	s;

	budget_fresh(&p, &s, T0);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_NOTHING);
	budget_report(&p, &s, T0, BUDGET_SUCCESS, &HELD_NOTHING);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_NOTHING);
	ck_assert_int_eq(budget_circuit(&p, &s, T0), CIRCUIT_CLOSED);
	/* Neither a permanent status nor a signal counts. */
	budget_report(&p, &s, T0, BUDGET_NEUTRAL, &HELD_NOTHING);
	ck_assert_int_eq(budget_circuit(&p, &s, T0), CIRCUIT_CLOSED);
	budget_report(&p, &s, T0, BUDGET_FAILURE, &HELD_NOTHING);
	ck_assert_int_eq(budget_circuit(&p, &s, T0), CIRCUIT_OPEN);
}
END_TEST

/* Open the circuit of p at t. */
static void
open_at(const struct budget_params *p, struct budget_state *s, uint64_t t)
{
	uint32_t	i;

	budget_fresh(p, s, t);
	for (i = 0; i < p->breaker_k; i++)
		budget_report(p, s, t, BUDGET_FAILURE, &HELD_NOTHING);
}

START_TEST(half_open_lets_exactly_one_probe_through)
{
	struct budget_params	p = breaker(1, 5 * S);
	struct budget_state	s;
	struct budget_grant	g;

	open_at(&p, &s, T0);
	ck_assert_int_eq(ask(&p, &s, T0 + 5 * S - 1, BUDGET_RETRY), BUDGET_OPEN);
	budget_admit(&p, &s, T0 + 5 * S, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	ck_assert_int_eq(g.probe, 1);
	ck_assert_int_eq(g.circuit, CIRCUIT_HALF_OPEN);
	/* Everyone else waits while the probe is out, first attempts too. */
	budget_admit(&p, &s, T0 + 6 * S, BUDGET_FIRST, &g);
	ck_assert_int_eq(g.answer, BUDGET_OPEN);
	ck_assert_uint_eq(g.wait, 4 * S);
	ck_assert_int_eq(ask(&p, &s, T0 + 6 * S, BUDGET_RETRY), BUDGET_OPEN);
}
END_TEST

START_TEST(the_probes_success_closes_the_circuit)
{
	struct budget_params	p = breaker(1, 5 * S);
	struct budget_state	s;
	struct budget_grant	g;

	open_at(&p, &s, T0);
	budget_admit(&p, &s, T0 + 5 * S, BUDGET_RETRY, &g);
	budget_report(&p, &s, T0 + 5 * S, BUDGET_SUCCESS,
	    g.probe ? &HELD_BOTH : &HELD_TOKEN);
	ck_assert_int_eq(budget_circuit(&p, &s, T0 + 5 * S), CIRCUIT_CLOSED);
	ck_assert_int_eq(ask(&p, &s, T0 + 5 * S, BUDGET_RETRY), BUDGET_GO);
	ck_assert_int_eq(ask(&p, &s, T0 + 5 * S, BUDGET_FIRST), BUDGET_GO);
}
END_TEST

START_TEST(the_probes_failure_opens_it_again_for_d)
{
	struct budget_params	p = breaker(3, 5 * S);
	struct budget_state	s;
	struct budget_grant	g;

	open_at(&p, &s, T0);
	budget_admit(&p, &s, T0 + 5 * S, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.probe, 1);
	/* One failure, not K, when it is the probe's. */
	budget_report(&p, &s, T0 + 6 * S, BUDGET_FAILURE, &HELD_BOTH);
	budget_admit(&p, &s, T0 + 6 * S, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_OPEN);
	ck_assert_uint_eq(g.wait, 5 * S);
}
END_TEST

START_TEST(a_probe_that_ends_otherwise_frees_the_slot)
{
	struct budget_params	p = breaker(1, 5 * S);
	struct budget_state	s;
	struct budget_grant	g;

	open_at(&p, &s, T0);
	budget_admit(&p, &s, T0 + 5 * S, BUDGET_RETRY, &g);
	budget_report(&p, &s, T0 + 5 * S, BUDGET_NEUTRAL, &HELD_BOTH);
	budget_admit(&p, &s, T0 + 5 * S, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	ck_assert_int_eq(g.probe, 1);
}
END_TEST

START_TEST(a_lost_probe_frees_the_slot_after_d)
{
	struct budget_params	p = breaker(1, 5 * S);
	struct budget_state	s;
	struct budget_grant	g;

	open_at(&p, &s, T0);
	budget_admit(&p, &s, T0 + 5 * S, BUDGET_RETRY, &g);	/* never reports */
	ck_assert_int_eq(ask(&p, &s, T0 + 10 * S - 1, BUDGET_RETRY), BUDGET_OPEN);
	budget_admit(&p, &s, T0 + 10 * S, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	ck_assert_int_eq(g.probe, 1);
}
END_TEST

START_TEST(late_failures_do_not_extend_an_open_circuit)
{
	struct budget_params	p = breaker(2, 5 * S);
	struct budget_state	s;

	open_at(&p, &s, T0);
	budget_report(&p, &s, T0 + 4 * S, BUDGET_FAILURE, &HELD_NOTHING);
	budget_report(&p, &s, T0 + 4 * S, BUDGET_FAILURE, &HELD_NOTHING);
	ck_assert_uint_eq(s.open_until, T0 + 5 * S);
}
END_TEST

START_TEST(a_run_without_breaker_ignores_the_circuit_but_closes_it)
{
	struct budget_params	p = breaker(1, 5 * S), q = params(100, 0, 0);
	struct budget_state	s;

	open_at(&p, &s, T0);
	ck_assert_int_eq(ask(&q, &s, T0 + S, BUDGET_RETRY), BUDGET_GO);
	ck_assert_int_eq(ask(&p, &s, T0 + S, BUDGET_RETRY), BUDGET_OPEN);
	budget_report(&q, &s, T0 + S, BUDGET_SUCCESS, &HELD_TOKEN);
	ck_assert_int_eq(ask(&p, &s, T0 + S, BUDGET_RETRY), BUDGET_GO);
}
END_TEST

START_TEST(a_clock_set_back_keeps_the_circuit_open_one_d_at_most)
{
	struct budget_params	p = breaker(1, 5 * S);
	struct budget_state	s;
	struct budget_grant	g;

	open_at(&p, &s, T0 + 3600 * S);
	budget_admit(&p, &s, T0, BUDGET_RETRY, &g);
	ck_assert_int_eq(g.answer, BUDGET_OPEN);
	ck_assert_uint_eq(g.wait, 5 * S);
}
END_TEST

static const struct {
	const char	*name;
	int		 valid;
} names[] = {
	{ "api", 1 }, { "a.b_c-D9", 1 }, { ".hidden", 1 }, { "...", 1 },
	{ "", 0 }, { ".", 0 }, { "..", 0 }, { "a/b", 0 }, { "a b", 0 },
	{ "a,b", 0 }, { "caf\xc3\xa9", 0 }, { "x\n", 0 }, { "-", 1 },
};

START_TEST(names_are_checked)
{
	ck_assert_msg(budget_name_valid(names[_i].name) == names[_i].valid,
	    "'%s'", names[_i].name);
}
END_TEST

START_TEST(a_name_has_128_bytes_at_most)
{
	char	n[130];

	memset(n, 'a', sizeof n);
	n[128] = '\0';
	ck_assert(budget_name_valid(n));
	n[128] = 'a';
	n[129] = '\0';
	ck_assert(!budget_name_valid(n));
}
END_TEST

START_TEST(the_state_line_reads_back)
{
	struct budget_state	s, t;
	char			buf[256];
	int			n;

	memset(&s, 0, sizeof s);
	s.tokens = 7.25;
	s.at = 1795556678843448011ULL;
	s.fails = 4;
	s.open_until = UINT64_MAX;
	s.probe_until = 12;
	n = budget_format(&s, buf, sizeof buf);
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(buf[n - 1], '\n');
	ck_assert_int_eq(budget_parse(buf, (size_t)n, &t), 0);
	ck_assert(t.tokens == 7.25);
	ck_assert_uint_eq(t.at, s.at);
	ck_assert_uint_eq(t.fails, 4);
	ck_assert_uint_eq(t.open_until, UINT64_MAX);
	ck_assert_uint_eq(t.probe_until, 12);
	ck_assert_int_eq(budget_format(&s, buf, 20), -1);
}
END_TEST

static const char *bad_lines[] = {
	"",
	"retry-budget 1 ",
	"retry-budget 2 tokens=1 at=1 fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=1 at=1 fails=0 open_until=0 probe_until=0",
	"retry-budget 1 tokens=1 at=1 fails=0 open_until=0 probe_until=0\n\n",
	"retry-budget 1 tokens=-1 at=1 fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=nan at=1 fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=1e999 at=1 fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=9999999999 at=1 fails=0 open_until=0 "
	    "probe_until=0\n",
	"retry-budget 1 tokens= at=1 fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=1 at=-1 fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=1 at=18446744073709551616 fails=0 open_until=0 "
	    "probe_until=0\n",
	"retry-budget 1 tokens=1 at=1 fails=4294967296 open_until=0 "
	    "probe_until=0\n",
	"retry-budget 1 tokens=1 at=1 fails=0 probe_until=0 open_until=0\n",
	"retry-budget 1 tokens=1 at=1  fails=0 open_until=0 probe_until=0\n",
	"retry-budget 1 tokens=1 at=1 fails=0 open_until=0 probe_until=0x\n",
};

START_TEST(a_bad_state_line_is_refused)
{
	struct budget_state	s;

	ck_assert_msg(budget_parse(bad_lines[_i], strlen(bad_lines[_i]),
	    &s) == -1, "%s", bad_lines[_i]);
}
END_TEST

START_TEST(a_truncated_state_line_is_refused)
{
	struct budget_state	s;
	char			buf[256];
	int			n, i;

	memset(&s, 0, sizeof s);
	s.tokens = 3;
	n = budget_format(&s, buf, sizeof buf);
	for (i = 0; i < n; i++)
		ck_assert_msg(budget_parse(buf, (size_t)i, &s) == -1,
		    "%d bytes of %d", i, n);
}
END_TEST

/*
 * The budget's options as words: what each gives, and the reason a
 * refused one is given (the message quotes it).
 */
enum budget_opt { BURST, RATIO, RATE, BREAKER };

#define BURST_WHY	"expected a whole number from 1 to 1000000"
#define RATIO_WHY	"expected a number from 0 to 1"
#define RATE_WHY	"expected N/DURATION, as 1/s, 30/m or 1/500ms"
#define BREAKER_WHY	"expected K/DURATION, as 5/30s (K from 1)"
#define ZERO_WHY	"the DURATION must be more than 0"

static const struct budget_word {
	enum budget_opt	 opt;
	const char	*in;
	const char	*why;	/* NULL: taken */
	double		 d;	/* burst, ratio, rate */
	uint32_t	 k;	/* breaker */
	uint64_t	 ns;
} budget_words[] = {
	{ .opt = BURST, .in = "1", .d = 1 },
	{ .opt = BURST, .in = "10", .d = 10 },
	{ .opt = BURST, .in = "1000000", .d = 1e6 },
	{ .opt = BURST, .in = "0", .why = BURST_WHY },
	{ .opt = BURST, .in = "1000001", .why = BURST_WHY },
	{ .opt = BURST, .in = "1.5", .why = BURST_WHY },
	{ .opt = BURST, .in = "-1", .why = BURST_WHY },
	{ .opt = BURST, .in = "", .why = BURST_WHY },
	{ .opt = RATIO, .in = "0", .d = 0 },
	{ .opt = RATIO, .in = "0.1", .d = 0.1 },
	{ .opt = RATIO, .in = "1", .d = 1 },
	{ .opt = RATIO, .in = "1.01", .why = RATIO_WHY },
	{ .opt = RATIO, .in = "-0.1", .why = RATIO_WHY },
	{ .opt = RATIO, .in = "10%", .why = RATIO_WHY },
	{ .opt = RATE, .in = "1/s", .d = 1 },
	{ .opt = RATE, .in = "30/m", .d = 0.5 },
	{ .opt = RATE, .in = "1/500ms", .d = 2 },
	{ .opt = RATE, .in = "2.5/2s", .d = 1.25 },
	{ .opt = RATE, .in = "0/s", .d = 0 },
	{ .opt = RATE, .in = "3/1m30s", .d = 3 / 90.0 },
	{ .opt = RATE, .in = "1/0s", .why = ZERO_WHY },
	{ .opt = RATE, .in = "1", .why = RATE_WHY },
	{ .opt = RATE, .in = "/s", .why = RATE_WHY },
	{ .opt = RATE, .in = "-1/s", .why = RATE_WHY },
	{ .opt = RATE, .in = "1e10/s", .why = RATE_WHY },
	{ .opt = BREAKER, .in = "5/30s", .k = 5, .ns = 30 * S },
	{ .opt = BREAKER, .in = "1/s", .k = 1, .ns = S },
	{ .opt = BREAKER, .in = "1000000/1ms", .k = 1000000, .ns = S / 1000 },
	{ .opt = BREAKER, .in = "0/s", .why = BREAKER_WHY },
	{ .opt = BREAKER, .in = "1.5/s", .why = BREAKER_WHY },
	{ .opt = BREAKER, .in = "1000001/s", .why = BREAKER_WHY },
	{ .opt = BREAKER, .in = "5", .why = BREAKER_WHY },
	{ .opt = BREAKER, .in = "5/0", .why = ZERO_WHY },
};

/* Parse w with the option's own parser into d, or k and ns. */
static int
parse_word(const struct budget_word *w, double *d, uint32_t *k, uint64_t *ns,
    const char **why)
{
	switch (w->opt) {
	case BURST:
		return budget_parse_burst(w->in, d, why);
	case RATIO:
		return budget_parse_ratio(w->in, d, why);
	case RATE:
		return budget_parse_rate(w->in, d, why);
	default:
		return budget_parse_breaker(w->in, k, ns, why);
	}
}

START_TEST(budget_options_parse_or_say_why)
{
	const struct budget_word	*w = &budget_words[_i];
	const char			*why = NULL;
	double				 d = -7;
	uint32_t			 k = 7;
	uint64_t			 ns = 7;

	if (w->why != NULL) {
		ck_assert_msg(parse_word(w, &d, &k, &ns, &why) == -1,
		    "'%s' taken", w->in);
		ck_assert_str_eq(why, w->why);
		/* Nothing is written on a refusal. */
		ck_assert(d == -7 && k == 7 && ns == 7);
		return;
	}
	ck_assert_msg(parse_word(w, &d, &k, &ns, &why) == 0,
	    "'%s' refused: %s", w->in, why);
	if (w->opt == BREAKER) {
		ck_assert_uint_eq(k, w->k);
		ck_assert_uint_eq(ns, w->ns);
	} else
		ck_assert_double_eq_tol(d, w->d, 1e-12);
}
END_TEST

static Suite *
budget_suite(void)
{
	Suite	*s = suite_create("budget");
	TCase	*tc;

	tc = tcase_create("bucket");
	tcase_add_test(tc, a_new_budget_starts_full);
	tcase_add_test(tc, a_retry_takes_one_token);
	tcase_add_test(tc, first_attempts_are_never_held_back);
	tcase_add_test(tc, a_first_attempt_deposits_ratio_up_to_the_burst);
	tcase_add_test(tc, ten_tenths_make_a_token);
	tcase_add_test(tc, tokens_come_back_with_time_up_to_the_burst);
	tcase_add_test(tc, a_successful_retry_gives_its_token_back);
	tcase_add_test(tc, a_success_may_add_a_gain);
	tcase_add_test(tc, a_success_after_an_outage_refills);
	tcase_add_test(tc, the_bound_holds_while_every_attempt_fails);
	tcase_add_test(tc, a_clock_set_back_stops_nothing);
	suite_add_tcase(s, tc);

	tc = tcase_create("breaker");
	tcase_add_test(tc, k_failures_in_a_row_open_the_circuit);
	tcase_add_test(tc, a_success_between_resets_the_count);
	tcase_add_test(tc, half_open_lets_exactly_one_probe_through);
	tcase_add_test(tc, the_probes_success_closes_the_circuit);
	tcase_add_test(tc, the_probes_failure_opens_it_again_for_d);
	tcase_add_test(tc, a_probe_that_ends_otherwise_frees_the_slot);
	tcase_add_test(tc, a_lost_probe_frees_the_slot_after_d);
	tcase_add_test(tc, late_failures_do_not_extend_an_open_circuit);
	tcase_add_test(tc,
	    a_run_without_breaker_ignores_the_circuit_but_closes_it);
	tcase_add_test(tc,
	    a_clock_set_back_keeps_the_circuit_open_one_d_at_most);
	suite_add_tcase(s, tc);

	tc = tcase_create("state");
	tcase_add_loop_test(tc, names_are_checked, 0,
	    sizeof names / sizeof names[0]);
	tcase_add_test(tc, a_name_has_128_bytes_at_most);
	tcase_add_test(tc, the_state_line_reads_back);
	tcase_add_loop_test(tc, a_bad_state_line_is_refused, 0,
	    sizeof bad_lines / sizeof bad_lines[0]);
	tcase_add_test(tc, a_truncated_state_line_is_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_loop_test(tc, budget_options_parse_or_say_why, 0,
	    sizeof budget_words / sizeof budget_words[0]);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(budget_suite());
}
