/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of cond.c: output lines matched against the EREs of
 * --retry-if-output, --stop-if-output and --fail-if-output. A line in one
 * feed, split over many (down to a byte at a time) or without its newline
 * until cond_flush; the 64 KiB bound on a long line; NUL bytes; anchors and
 * '.' and bracket expressions when many lines come in one feed (each line is
 * matched on its own, nothing matches across a newline); repeated patterns;
 * cond_clear; a bad ERE; the independence of the three kinds.
 */
#include <check.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "policy/cond.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

#define MIB (1024 * 1024)

/* One set of conditions and the unfinished lines of two streams. */
struct fixture {
	struct conditions	c;
	struct cond_matches	m;
	struct cond_line	out;
	struct cond_line	err;
};

static void
fixture_init(struct fixture *f)
{
	memset(f, 0, sizeof *f);
}

static void
fixture_free(struct fixture *f)
{
	cond_free(&f->c);
	free(f->out.buf);
	free(f->err.buf);
}

/* Add ere to the set of kind; it must compile. */
static void
add(struct fixture *f, enum cond_kind kind, const char *ere)
{
	char	err[256];

	ck_assert_msg(cond_add(&f->c, kind, ere, err, sizeof err) == 0,
	    "'%s' did not compile: %s", ere, err);
}

/* Feed len bytes at p to the stdout line in chunks of at most step. */
static void
feed_by(struct fixture *f, const char *p, size_t len, size_t step)
{
	size_t	n;

	while (len > 0) {
		n = len < step ? len : step;
		ck_assert_int_eq(cond_feed(&f->c, &f->m, &f->out, p, n), 0);
		p += n;
		len -= n;
	}
}

/* Feed a string to stdout in one chunk. */
static void
feed_str(struct fixture *f, const char *s)
{
	feed_by(f, s, strlen(s), COND_LINE_MAX);
}

/*
 * Whether ere (a retry-if pattern) matches the text, fed in one chunk and
 * flushed; the text may hold NUL bytes, hence len.
 */
static int
matches_len(const char *ere, const char *text, size_t len, size_t step)
{
	struct fixture	f;
	int		m;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, ere);
	feed_by(&f, text, len, step);
	cond_flush(&f.c, &f.m, &f.out);
	m = cond_matched(&f.m, COND_RETRY_IF);
	fixture_free(&f);
	return m;
}

static int
matches(const char *ere, const char *text)
{
	return matches_len(ere, text, strlen(text), COND_LINE_MAX);
}

/* A table of patterns, texts and whether they match, line by line. */
struct case_ {
	const char	*ere;
	const char	*text;
	int		 match;
};

static const struct case_ cases[] = {
	/* A single line. */
	{ "error", "an error here\n", 1 },
	{ "error", "all fine\n", 0 },
	{ "HTTP/[0-9.]+ 4[0-9][0-9]", "< HTTP/1.1 404 Not Found\n", 1 },
	{ "HTTP/[0-9.]+ 4[0-9][0-9]", "< HTTP/1.1 500 Oops\n", 0 },
	/* Anchors at each line's start and end, many lines in one feed. */
	{ "^b$", "a\nb\nc\n", 1 },
	{ "^b$", "ab\n", 0 },
	{ "^b$", "ba\n", 0 },
	{ "^b$", "a\nab\nba\nc\n", 0 },
	{ "^b", "a\nbc\n", 1 },
	{ "a$", "xa\nb\n", 1 },
	{ "^$", "a\n\nb\n", 1 },
	{ "^$", "a\nb\n", 0 },
	{ "^a.*c$", "ab\nc\n", 0 },
	/* Nothing matches across a newline. */
	{ "a.b", "a\nb\n", 0 },
	{ "a.*b", "a\nxb\n", 0 },
	{ "a[^x]b", "a\nb\n", 0 },
	{ "a[[:space:]]b", "a\nb\n", 0 },
	{ "a[[:space:]]*b", "xa\nb\n", 0 },
	{ "a[[:cntrl:]]b", "a\nb\n", 0 },
	{ "a.b", "a b\n", 1 },
	{ "a[[:space:]]b", "a\tb\n", 1 },
	/* The last line, with or without its newline. */
	{ "last", "first\nlast\n", 1 },
	{ "last", "first\nlast", 1 },
	{ "^last$", "first\nlast", 1 },
	{ "first", "first\nlast", 1 },
};

/* A text for a message, its newlines and tabs shown as \n and \t. */
static const char *
show(const char *text)
{
	static char	buf[256];
	size_t		i = 0;

	for (; *text != '\0' && i < sizeof buf - 3; text++) {
		if (*text == '\n' || *text == '\t') {
			buf[i++] = '\\';
			buf[i++] = *text == '\n' ? 'n' : 't';
		} else
			buf[i++] = *text;
	}
	buf[i] = '\0';
	return buf;
}

/* Each case, in one feed and byte by byte. */
START_TEST(each_line_is_matched_on_its_own)
{
	const struct case_	*t = &cases[_i];
	size_t			 len = strlen(t->text);

	ck_assert_msg(matches_len(t->ere, t->text, len, COND_LINE_MAX) ==
	    t->match, "'%s' against \"%s\" in one feed: expected %s", t->ere,
	    show(t->text), t->match ? "a match" : "no match");
	ck_assert_msg(matches_len(t->ere, t->text, len, 1) == t->match,
	    "'%s' against \"%s\" byte by byte: expected %s", t->ere,
	    show(t->text), t->match ? "a match" : "no match");
}
END_TEST

START_TEST(a_single_line_matches)
{
	ck_assert(matches("timed out", "connect: timed out\n"));
	ck_assert(!matches("timed out", "connect: refused\n"));
}
END_TEST

START_TEST(a_line_split_across_many_feeds_matches)
{
	const char	*text = "one\nsome words, then a needle, then more\n";
	size_t		 step;

	for (step = 1; step <= strlen(text); step++)
		ck_assert_msg(matches_len("a needle, then", text, strlen(text),
		    step), "no match in chunks of %zu bytes", step);
}
END_TEST

/* The end of a line split over feeds is still an end for '$'. */
START_TEST(anchors_hold_when_a_line_is_split_across_feeds)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "^needle$");
	feed_str(&f, "hay");
	feed_str(&f, "stack\nxneedle");
	feed_str(&f, "\nneedlex\n");
	cond_flush(&f.c, &f.m, &f.out);
	ck_assert(!cond_matched(&f.m, COND_RETRY_IF));
	cond_clear(&f.m);
	feed_str(&f, "hay\nnee");
	feed_str(&f, "dle");
	feed_str(&f, "\nstack\n");
	ck_assert(cond_matched(&f.m, COND_RETRY_IF));
	fixture_free(&f);
}
END_TEST

START_TEST(a_line_without_a_newline_matches_at_flush)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_STOP_IF, "^fatal: [a-z]+$");
	feed_str(&f, "a line\nfatal: ");
	feed_str(&f, "gone");
	ck_assert_msg(!cond_matched(&f.m, COND_STOP_IF),
	    "matched before the line was known to be whole");
	cond_flush(&f.c, &f.m, &f.out);
	ck_assert(cond_matched(&f.m, COND_STOP_IF));
	fixture_free(&f);
}
END_TEST

/* After a flush the next stream starts a new line. */
START_TEST(flush_ends_the_line)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "abcd");
	feed_str(&f, "ab");
	cond_flush(&f.c, &f.m, &f.out);
	feed_str(&f, "cd\n");
	cond_flush(&f.c, &f.m, &f.out);
	ck_assert(!cond_matched(&f.m, COND_RETRY_IF));
	fixture_free(&f);
}
END_TEST

/* Two streams keep their unfinished lines apart. */
START_TEST(stdout_and_stderr_lines_do_not_mix)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "outerr");
	ck_assert_int_eq(cond_feed(&f.c, &f.m, &f.out, "out", 3), 0);
	ck_assert_int_eq(cond_feed(&f.c, &f.m, &f.err, "err", 3), 0);
	ck_assert_int_eq(cond_feed(&f.c, &f.m, &f.out, "\n", 1), 0);
	ck_assert_int_eq(cond_feed(&f.c, &f.m, &f.err, "\n", 1), 0);
	cond_flush(&f.c, &f.m, &f.out);
	cond_flush(&f.c, &f.m, &f.err);
	ck_assert(!cond_matched(&f.m, COND_RETRY_IF));
	ck_assert_int_eq(cond_feed(&f.c, &f.m, &f.err, "x outerr y\n", 11), 0);
	ck_assert(cond_matched(&f.m, COND_RETRY_IF));
	fixture_free(&f);
}
END_TEST

/*
 * A 1 MiB line, with a needle at an offset, fed in chunks of 64 KiB,
 * of 4 KiB or of 1000 bytes (chunk edges that fall anywhere), with or
 * without a newline at the end.
 */
static const struct {
	size_t	at;
	int	match;
} long_lines[] = {
	{ 10, 1 },
	{ 70000, 0 },
	{ COND_LINE_MAX - 6, 1 },	/* ends on the last byte kept */
	{ COND_LINE_MAX - 5, 0 },	/* its last byte is cut off */
	{ MIB - 6, 0 },
};
static const size_t long_steps[] = { COND_LINE_MAX, 4096, 1000 };

START_TEST(a_long_line_is_matched_on_its_first_64_kib_only)
{
	size_t	 at = long_lines[_i / 6].at, step = long_steps[_i % 6 / 2];
	int	 want = long_lines[_i / 6].match, nl = _i % 2;
	char	*line;

	line = malloc(MIB + 1);
	ck_assert(line != NULL);
	memset(line, 'x', MIB);
	memcpy(line + at, "needle", 6);
	line[MIB] = '\n';
	ck_assert_msg(matches_len("needle", line, MIB + (size_t)nl, step) ==
	    want, "needle at %zu, chunks of %zu, %s newline: expected %s", at,
	    step, nl ? "with a" : "without", want ? "a match" : "no match");
	free(line);
}
END_TEST

/* The long line is cut, but the line after it is whole again. */
START_TEST(the_line_after_a_long_one_is_matched_whole)
{
	struct fixture	f;
	char		*buf;
	size_t		 len = MIB + 100;

	buf = malloc(len);
	ck_assert(buf != NULL);
	memset(buf, 'x', len);
	buf[MIB] = '\n';
	memcpy(buf + MIB + 1, "start", 5);
	memcpy(buf + len - 4, "end", 3);
	buf[len - 1] = '\n';
	fixture_init(&f);
	add(&f, COND_RETRY_IF, "^startx*end$");
	add(&f, COND_STOP_IF, "xstart");	/* the long line glued on */
	feed_by(&f, buf, len, 65000);
	cond_flush(&f.c, &f.m, &f.out);
	ck_assert(cond_matched(&f.m, COND_RETRY_IF));
	ck_assert(!cond_matched(&f.m, COND_STOP_IF));
	fixture_free(&f);
	free(buf);
}
END_TEST

/*
 * NUL bytes inside lines. What matches: where regexec takes a length
 * (REG_STARTEND, as glibc and the BSDs have), a NUL is an ordinary byte, so
 * text after it is still matched (but '.' does not match a NUL); without
 * it, a NUL ends what is matched of its line. Either way the feed takes
 * every byte, and the lines after a NUL are matched as usual.
 */
START_TEST(nul_bytes_inside_lines_are_taken_without_harm)
{
	static const char	text[] = "before\0after\nnext\0\0line\n";
	size_t			len = sizeof text - 1, step;

	for (step = 1; step <= len; step++) {
		ck_assert(matches_len("before", text, len, step));
		ck_assert(matches_len("^next", text, len, step));
		ck_assert(!matches_len("nowhere", text, len, step));
#ifdef COND_STARTEND
		ck_assert_msg(matches_len("after", text, len, step),
		    "text after a NUL not matched, chunks of %zu", step);
		ck_assert(matches_len("line$", text, len, step));
#endif
	}
}
END_TEST

/*
 * A line that is nothing but NULs, then a tail without a newline: the tail
 * is a line of its own, matched at the flush.
 */
START_TEST(a_line_of_nul_bytes_then_a_tail_is_matched_at_flush)
{
	static const char	text[] = "\0\0\ntail";
	size_t			len = sizeof text - 1, step;

	for (step = 1; step <= len; step++) {
		ck_assert(matches_len("^tail$", text, len, step));
#ifdef COND_STARTEND
		/* Two NUL bytes are not an empty line. */
		ck_assert(!matches_len("^$", text, len, step));
#endif
	}
}
END_TEST

/* Any pattern of a set counts, whichever it is. */
START_TEST(any_of_repeated_patterns_counts)
{
	static const char *const texts[] = {
	    "alpha\n", "zz beta zz\n", "x\ngamma", "a\nb\nalpha\n",
	};
	struct fixture	f;
	size_t		i;

	for (i = 0; i < nitems(texts); i++) {
		fixture_init(&f);
		add(&f, COND_FAIL_IF, "^alpha$");
		add(&f, COND_FAIL_IF, "beta");
		add(&f, COND_FAIL_IF, "gamma$");
		feed_str(&f, texts[i]);
		cond_flush(&f.c, &f.m, &f.out);
		ck_assert_msg(cond_matched(&f.m, COND_FAIL_IF),
		    "no match in \"%s\"", texts[i]);
		fixture_free(&f);
	}
	fixture_init(&f);
	add(&f, COND_FAIL_IF, "^alpha$");
	add(&f, COND_FAIL_IF, "beta");
	feed_str(&f, "alphabet\nbet\n");
	cond_flush(&f.c, &f.m, &f.out);
	ck_assert(!cond_matched(&f.m, COND_FAIL_IF));
	fixture_free(&f);
}
END_TEST

/* The same pattern twice is no error and matches as once. */
START_TEST(the_same_pattern_twice_is_accepted)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "busy");
	add(&f, COND_RETRY_IF, "busy");
	ck_assert(cond_given(&f.c, COND_RETRY_IF));
	feed_str(&f, "device busy\n");
	ck_assert(cond_matched(&f.m, COND_RETRY_IF));
	fixture_free(&f);
}
END_TEST

START_TEST(reset_clears_every_matched_flag)
{
	struct fixture	f;
	int		k;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "r");
	add(&f, COND_STOP_IF, "s");
	add(&f, COND_FAIL_IF, "f");
	feed_str(&f, "r s f\n");
	for (k = 0; k < COND_NKINDS; k++)
		ck_assert(cond_matched(&f.m, k));
	cond_clear(&f.m);
	for (k = 0; k < COND_NKINDS; k++) {
		ck_assert_msg(!cond_matched(&f.m, k), "kind %d still matched",
		    k);
		ck_assert(cond_given(&f.c, k));
	}
	/* And the sets match again in the next attempt. */
	feed_str(&f, "s\n");
	ck_assert(!cond_matched(&f.m, COND_RETRY_IF));
	ck_assert(cond_matched(&f.m, COND_STOP_IF));
	ck_assert(!cond_matched(&f.m, COND_FAIL_IF));
	fixture_free(&f);
}
END_TEST

/* Matching goes on after one kind matched, until every kind has. */
START_TEST(one_kind_matching_does_not_stop_the_others)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "^one$");
	add(&f, COND_FAIL_IF, "^two$");
	feed_str(&f, "one\n");
	ck_assert(cond_matched(&f.m, COND_RETRY_IF));
	ck_assert(!cond_matched(&f.m, COND_FAIL_IF));
	feed_str(&f, "t");
	feed_str(&f, "wo\n");
	ck_assert(cond_matched(&f.m, COND_FAIL_IF));
	fixture_free(&f);
}
END_TEST

START_TEST(kinds_are_independent)
{
	struct fixture	f;

	fixture_init(&f);
	add(&f, COND_RETRY_IF, "retry me");
	add(&f, COND_STOP_IF, "stop now");
	add(&f, COND_FAIL_IF, "bad result");
	feed_str(&f, "please stop now\n");
	cond_flush(&f.c, &f.m, &f.out);
	ck_assert(cond_matched(&f.m, COND_STOP_IF));
	ck_assert_msg(!cond_matched(&f.m, COND_RETRY_IF),
	    "a stop-if match set retry-if");
	ck_assert_msg(!cond_matched(&f.m, COND_FAIL_IF),
	    "a stop-if match set fail-if");
	fixture_free(&f);

	/* A kind with no pattern is not given and never matched. */
	fixture_init(&f);
	add(&f, COND_STOP_IF, ".");
	ck_assert(cond_any(&f.c));
	ck_assert(cond_given(&f.c, COND_STOP_IF));
	ck_assert(!cond_given(&f.c, COND_RETRY_IF));
	ck_assert(!cond_given(&f.c, COND_FAIL_IF));
	feed_str(&f, "anything\n");
	ck_assert(cond_matched(&f.m, COND_STOP_IF));
	ck_assert(!cond_matched(&f.m, COND_RETRY_IF));
	ck_assert(!cond_matched(&f.m, COND_FAIL_IF));
	fixture_free(&f);
}
END_TEST

START_TEST(no_pattern_means_no_condition)
{
	struct fixture	f;
	int		k;

	fixture_init(&f);
	ck_assert(!cond_any(&f.c));
	ck_assert_int_eq(cond_feed(&f.c, &f.m, &f.out, "x\n", 2), 0);
	cond_flush(&f.c, &f.m, &f.out);
	for (k = 0; k < COND_NKINDS; k++)
		ck_assert(!cond_given(&f.c, k) && !cond_matched(&f.m, k));
	fixture_free(&f);
}
END_TEST

static const char *const bad_eres[] = {
	"(", "a(b", "[", "[a-", "a{1", "x{2,1}", "[[:nosuchclass:]]", "*",
};

START_TEST(an_invalid_ere_is_an_error_with_regerrors_text)
{
	struct fixture	f;
	regex_t		re;
	char		err[256], want[256];
	int		r;

	/* What regerror says of the same pattern, compiled the same way. */
	r = regcomp(&re, bad_eres[_i], REG_EXTENDED);
	if (r == 0) {
		regfree(&re);
		return;		/* this libc takes it: nothing to check */
	}
	regerror(r, &re, want, sizeof want);
	fixture_init(&f);
	memset(err, '#', sizeof err);
	ck_assert_int_eq(cond_add(&f.c, COND_RETRY_IF, bad_eres[_i], err,
	    sizeof err), -1);
	ck_assert_msg(memchr(err, '\0', sizeof err) != NULL,
	    "the message is not terminated");
	ck_assert_str_eq(err, want);
	ck_assert_msg(!cond_given(&f.c, COND_RETRY_IF),
	    "a pattern that failed counts as given");
	ck_assert(!cond_any(&f.c));
	/* A good pattern after it still goes in. */
	add(&f, COND_RETRY_IF, "ok");
	ck_assert(cond_given(&f.c, COND_RETRY_IF));
	fixture_free(&f);
}
END_TEST

/*
 * Found by tests/fuzz: "a" and 22 '+' made glibc's regcomp take 2.9 GB.
 * Adjacent repetition operators (undefined in POSIX EREs) are refused; a
 * repetition of a group, or of an escaped or bracketed operator, is not.
 */
START_TEST(adjacent_repetition_operators_are_refused)
{
	static const char *const refused[] = { "a++", "a*{2}", "x{2,3}?",
	    "a++++++++++++++++++++++", "(b)+*" };
	static const char *const taken[] = { "(a+)+", "a\\++", "[+*]+",
	    "[]+]+", "a{2}b+", "[[:space:]]+x?", "HTTP/[0-9.]+ 4[0-9][0-9]" };
	struct conditions	c;
	char			err[256];
	size_t			i;

	for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		memset(&c, 0, sizeof c);
		ck_assert_msg(cond_add(&c, COND_STOP_IF, refused[i], err,
		    sizeof err) == -1, "'%s' was taken", refused[i]);
		ck_assert_ptr_nonnull(strstr(err, "repetition"));
		cond_free(&c);
	}
	for (i = 0; i < sizeof taken / sizeof taken[0]; i++) {
		memset(&c, 0, sizeof c);
		ck_assert_msg(cond_add(&c, COND_STOP_IF, taken[i], err,
		    sizeof err) == 0, "'%s' was refused: %s", taken[i], err);
		cond_free(&c);
	}
}
END_TEST

static Suite *
cond_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("cond");

	/* Generous limits: the machine may be loaded; none is a timing test. */
	tc = tcase_create("lines");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_single_line_matches);
	tcase_add_loop_test(tc, each_line_is_matched_on_its_own, 0,
	    nitems(cases));
	tcase_add_test(tc, a_line_split_across_many_feeds_matches);
	tcase_add_test(tc, anchors_hold_when_a_line_is_split_across_feeds);
	tcase_add_test(tc, a_line_without_a_newline_matches_at_flush);
	tcase_add_test(tc, flush_ends_the_line);
	tcase_add_test(tc, stdout_and_stderr_lines_do_not_mix);
	suite_add_tcase(s, tc);

	tc = tcase_create("bytes");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, a_long_line_is_matched_on_its_first_64_kib_only,
	    0, (int)nitems(long_lines) * 6);
	tcase_add_test(tc, the_line_after_a_long_one_is_matched_whole);
	tcase_add_test(tc, nul_bytes_inside_lines_are_taken_without_harm);
	tcase_add_test(tc, a_line_of_nul_bytes_then_a_tail_is_matched_at_flush);
	suite_add_tcase(s, tc);

	tc = tcase_create("sets");
	tcase_add_test(tc, adjacent_repetition_operators_are_refused);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, any_of_repeated_patterns_counts);
	tcase_add_test(tc, the_same_pattern_twice_is_accepted);
	tcase_add_test(tc, reset_clears_every_matched_flag);
	tcase_add_test(tc, one_kind_matching_does_not_stop_the_others);
	tcase_add_test(tc, kinds_are_independent);
	tcase_add_test(tc, no_pattern_means_no_condition);
	tcase_add_loop_test(tc, an_invalid_ere_is_an_error_with_regerrors_text,
	    0, nitems(bad_eres));
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(cond_suite());
}
