/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of shquote.c: the words of a command line given as one
 * word, NAME=VALUE, the shape of a command line against a path with a
 * blank, the shell syntax that needs a shell (and a URL's that does not),
 * and words quoted bare, in '...' or in $'...', cut to fit.
 */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "policy/shquote.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static const struct {
	const char	*in;
	const char	*want;
} words[] = {
	{ .in = "abc", .want = "abc" },
	{ .in = "-fsS", .want = "-fsS" },
	{ .in = "a=b", .want = "a=b" },
	{ .in = "user@host:/p/a_b,c+d%20.txt",
	    .want = "user@host:/p/a_b,c+d%20.txt" },
	{ .in = "", .want = "''" },
	{ .in = "a b", .want = "'a b'" },
	{ .in = "it's", .want = "'it'\\''s'" },
	{ .in = "'", .want = "''\\'''" },
	/* zsh would look "=ls" up as a path. */
	{ .in = "=ls", .want = "'=ls'" },
	{ .in = "http://h/x?a=1&b=2#f", .want = "'http://h/x?a=1&b=2#f'" },
	{ .in = "~", .want = "'~'" },
	{ .in = "*.c", .want = "'*.c'" },
	{ .in = "$HOME", .want = "'$HOME'" },
	{ .in = "a\\b", .want = "'a\\b'" },
	/* A line's start is not a word's: "::" is made visible there. */
	{ .in = "::error::x", .want = "::error::x" },
	/* Well-formed UTF-8 is kept, quoted. */
	{ .in = "caf\303\251", .want = "'caf\303\251'" },
	/* What a line shows escaped goes in $'...', as octal. */
	{ .in = "a\nb", .want = "$'a\\nb'" },
	{ .in = "tab\there", .want = "$'tab\\there'" },
	{ .in = "\033[31m", .want = "$'\\033[31m'" },
	{ .in = "don't\n", .want = "$'don\\'t\\n'" },
	{ .in = "back\\slash\r", .want = "$'back\\\\slash\\r'" },
	{ .in = "\377", .want = "$'\\377'" },
	{ .in = "##[error]x", .want = "$'#\\043[error]x'" },
	{ .in = "\302\205", .want = "$'\\302\\205'" },
};

START_TEST(words_are_quoted_as_a_shell_reads_them_back)
{
	char	buf[256];
	size_t	n;

	memset(buf, 'X', sizeof buf);
	n = shquote_word(words[_i].in, strlen(words[_i].in), buf, sizeof buf);
	ck_assert_str_eq(buf, words[_i].want);
	ck_assert_uint_eq(n, strlen(words[_i].want));
}
END_TEST

static const struct {
	const char	*in;
	size_t		 size;
	const char	*want;
} cuts[] = {
	{ .in = "abc", .size = 1, .want = "" },
	{ .in = "abc", .size = 3, .want = "ab" },
	{ .in = "a b", .size = 3, .want = "'a" },
	{ .in = "a b", .size = 5, .want = "'a b" },
	{ .in = "a b", .size = 6, .want = "'a b'" },
	{ .in = "it's", .size = 5, .want = "'it'" },
	{ .in = "a\nb", .size = 2, .want = "$" },
	{ .in = "a\nb", .size = 3, .want = "$'" },
	/* Never inside an escape, and the closing quote kept. */
	{ .in = "a\nb", .size = 5, .want = "$'a'" },
	{ .in = "a\nb", .size = 7, .want = "$'a\\n'" },
	{ .in = "a\nb", .size = 8, .want = "$'a\\nb'" },
};

START_TEST(a_word_that_does_not_fit_is_cut_and_ended)
{
	char	buf[16];
	size_t	n;

	memset(buf, 'X', sizeof buf);
	n = shquote_word(cuts[_i].in, strlen(cuts[_i].in), buf, cuts[_i].size);
	ck_assert_str_eq(buf, cuts[_i].want);
	ck_assert_uint_eq(n, strlen(cuts[_i].want));
	ck_assert_int_eq(buf[cuts[_i].size], 'X');
}
END_TEST

START_TEST(a_word_is_read_to_its_length)
{
	char	buf[32];

	ck_assert_uint_eq(shquote_word("ab cd", 2, buf, sizeof buf), 2);
	ck_assert_str_eq(buf, "ab");
	ck_assert_uint_eq(shquote_word("a\nb", 1, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "a");
}
END_TEST

START_TEST(words_are_split_at_blanks)
{
	const char	*s = " \tcurl  -fsS\thttp://h/x ", *w;
	static const char *const	want[] = { "curl", "-fsS", "http://h/x" };
	size_t		 i, len;

	for (i = 0; i < nitems(want); i++) {
		len = shquote_next_word(&s, &w);
		ck_assert_uint_eq(len, strlen(want[i]));
		ck_assert(memcmp(w, want[i], len) == 0);
	}
	ck_assert_uint_eq(shquote_next_word(&s, &w), 0);
	ck_assert_uint_eq(shquote_next_word(&s, &w), 0);
}
END_TEST

static const struct {
	const char	*w;
	int		 is;
} assignments[] = {
	{ .w = "A=1", .is = 1 },
	{ .w = "LC_ALL=C", .is = 1 },
	{ .w = "_x=", .is = 1 },
	{ .w = "a1=2", .is = 1 },
	{ .w = "A==", .is = 1 },
	{ .w = "1a=2" },
	{ .w = "=x" },
	{ .w = "A" },
	{ .w = "A-B=1" },
	{ .w = "A.B=1" },
	{ .w = "" },
};

START_TEST(name_value_words_are_assignments)
{
	const char	*w = assignments[_i].w;

	ck_assert_int_eq(shquote_assignment(w, strlen(w)),
	    assignments[_i].is);
}
END_TEST

START_TEST(an_assignment_is_read_to_its_length)
{
	ck_assert_int_eq(shquote_assignment("A=1", 1), 0);
	ck_assert_int_eq(shquote_assignment("A=1", 2), 1);
}
END_TEST

static const struct {
	const char	*cmd;
	int		 is;
} lines[] = {
	{ .cmd = "curl -fsS http://h/x", .is = 1 },
	{ .cmd = "curl\t-x", .is = 1 },
	{ .cmd = "LC_ALL=C /usr/bin/sort -u", .is = 1 },
	{ .cmd = "X=1 a/b c", .is = 1 },
	{ .cmd = "make check", .is = 1 },
	/* A path with a blank in it is a path. */
	{ .cmd = "/opt/My Tools/x" },
	{ .cmd = "./my script" },
	{ .cmd = "a/b c" },
	{ .cmd = "curl" },
	{ .cmd = "/usr/bin/curl" },
	{ .cmd = "" },
};

START_TEST(command_lines_are_told_from_paths)
{
	ck_assert_int_eq(shquote_is_line(lines[_i].cmd), lines[_i].is);
}
END_TEST

static const struct {
	const char	*s;
	int		 is;
} syntax[] = {
	{ .s = "a | b", .is = 1 },
	{ .s = "a;b", .is = 1 },
	{ .s = "a && b", .is = 1 },
	{ .s = "a > b", .is = 1 },
	{ .s = "a < b", .is = 1 },
	{ .s = "echo `x`", .is = 1 },
	{ .s = "echo 'q'", .is = 1 },
	{ .s = "echo \"q\"", .is = 1 },
	{ .s = "a\\ b", .is = 1 },
	{ .s = "a\nb", .is = 1 },
	{ .s = "echo $HOME", .is = 1 },
	{ .s = "echo $_x", .is = 1 },
	{ .s = "echo ${x}", .is = 1 },
	{ .s = "echo $(date)", .is = 1 },
	/* A URL's query, a glob, a home directory: not a shell's alone. */
	{ .s = "curl http://h/x?a=1&b=2#f" },
	{ .s = "ls *.c" },
	{ .s = "cat ~/x" },
	{ .s = "sleep 1 &" },
	{ .s = "echo $1" },
	{ .s = "echo $" },
	{ .s = "" },
};

START_TEST(shell_syntax_is_told_from_a_url)
{
	ck_assert_int_eq(shquote_syntax(syntax[_i].s), syntax[_i].is);
}
END_TEST

static Suite *
shquote_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("shquote");
	tc = tcase_create("quote");
	tcase_add_loop_test(tc, words_are_quoted_as_a_shell_reads_them_back,
	    0, nitems(words));
	tcase_add_loop_test(tc, a_word_that_does_not_fit_is_cut_and_ended, 0,
	    nitems(cuts));
	tcase_add_test(tc, a_word_is_read_to_its_length);
	suite_add_tcase(s, tc);

	tc = tcase_create("words");
	tcase_add_test(tc, words_are_split_at_blanks);
	tcase_add_loop_test(tc, name_value_words_are_assignments, 0,
	    nitems(assignments));
	tcase_add_test(tc, an_assignment_is_read_to_its_length);
	tcase_add_loop_test(tc, command_lines_are_told_from_paths, 0,
	    nitems(lines));
	tcase_add_loop_test(tc, shell_syntax_is_told_from_a_url, 0,
	    nitems(syntax));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(shquote_suite());
}
