/* SPDX-License-Identifier: ISC */
/*
 * Fuzz the budget: budget_parse on any bytes (a state file anyone could
 * have written), then the rules on what it read, driven by the rest of
 * the input: the tokens stay a number in [0, max(burst, what was read)],
 * a retry never goes without a token, and a first attempt never waits.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "policy/budget.h"
#include "invariants.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A line that parsed formats and parses back to the same state. */
static void
check_roundtrip(const struct budget_state *s)
{
	struct budget_state	t;
	char			buf[256];
	int			n;

	n = budget_format(s, buf, sizeof buf);
	CHECK(n > 0);
	CHECK(budget_parse(buf, (size_t)n, &t) == 0);
	CHECK(fabs(t.tokens - s->tokens) <= 1e-9 * (1 + s->tokens));
	CHECK(t.at == s->at && t.fails == s->fails);
	CHECK(t.open_until == s->open_until && t.probe_until == s->probe_until);
}

/* Apply the operations that the bytes left describe. */
static void
drive(struct budget_state *s, const uint8_t *d, size_t n)
{
	struct budget_params	p;
	struct budget_grant	g;
	struct budget_ticket	t;
	uint64_t		now = s->at;
	double			top;
	size_t			i;

	memset(&p, 0, sizeof p);
	p.burst = 1 + (n > 0 ? d[0] % 20 : 0);
	p.ratio = n > 1 ? d[1] / 255.0 : 0.1;
	p.rate = n > 2 ? d[2] / 16.0 : 1;
	p.gain = n > 3 ? (d[3] & 3) / 2.0 : 0;
	p.recover = n > 3 ? (d[3] >> 2 & 3) / 3.0 : 0;
	p.breaker_k = n > 4 ? d[4] % 4 : 0;
	p.breaker_ns = 1 + (n > 5 ? d[5] : 0) * 10000000ULL;
	top = s->tokens > p.burst ? s->tokens : p.burst;
	for (i = 6; i < n; i++) {
		/* A step in time, now and then backwards. */
		if ((d[i] & 0xc0) == 0xc0)
			now -= now > 1000000000ULL ? 1000000000ULL : now;
		else
			now += (uint64_t)(d[i] & 0x0f) * 50000000ULL;
		switch (d[i] & 0x30) {
		case 0x00:
			budget_admit(&p, s, now, BUDGET_FIRST, &g);
			CHECK(g.answer != BUDGET_NO_TOKEN);
			break;
		case 0x10:
			budget_admit(&p, s, now, BUDGET_RETRY, &g);
			if (g.answer == BUDGET_NO_TOKEN)
				CHECK(g.wait > 0);
			break;
		case 0x20:
			t.token = d[i] & 1;
			t.probe = (d[i] & 2) != 0;
			budget_report(&p, s, now, BUDGET_SUCCESS, &t);
			break;
		default:
			t.token = 1;
			t.probe = (d[i] & 2) != 0;
			budget_report(&p, s, now, (d[i] & 1) ? BUDGET_FAILURE :
			    BUDGET_NEUTRAL, &t);
			break;
		}
		CHECK(isfinite(s->tokens) && s->tokens >= 0);
		CHECK(s->tokens <= top + 1e-9);
		if (p.breaker_k != 0 && s->open_until > now)
			CHECK(s->open_until - now <= p.breaker_ns);
		CHECK(budget_name_valid("x"));
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct budget_state	s;
	const uint8_t		*nl = memchr(data, '\n', size);
	size_t			 len = nl != NULL ? (size_t)(nl - data) + 1 : size;

	if (budget_parse((const char *)data, len, &s) == -1)
		return 0;
	check_roundtrip(&s);
	drive(&s, data + len, size - len);
	return 0;
}
