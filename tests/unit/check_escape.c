/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of escape.c: text from outside made visible in a line of
 * retry's, so that it can neither split the line nor start a workflow
 * command; and inside a shell's $'...', so that a shell reads back the
 * same bytes.
 */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "policy/escape.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static const struct {
	const char		*in;
	size_t			 len;	/* 0: strlen(in) */
	enum escape_form	 form;	/* ESCAPE_LINE unless said */
	const char		*want;
} rows[] = {
	{ .in = "", .want = "" },
	{ .in = "plain words", .want = "plain words" },
	{ .in = "a\nb", .want = "a\\nb" },
	{ .in = "a\rb", .want = "a\\rb" },
	{ .in = "a\tb", .want = "a\\tb" },
	{ .in = "a\033[31mb", .want = "a\\x1b[31mb" },
	{ .in = "a\177b", .want = "a\\x7fb" },
	{ .in = "a\001\037b", .want = "a\\x01\\x1fb" },
	{ .in = "a\0b", .len = 3, .want = "a\\x00b" },
	/* A backslash stands for itself in a line. */
	{ .in = "C:\\n", .want = "C:\\n" },
	/* GitHub's workflow command, where a line starts (after blanks). */
	{ .in = "::error::pwned", .want = "\\x3a:error::pwned" },
	{ .in = "::", .want = "\\x3a:" },
	{ .in = "  ::x", .want = "  \\x3a:x" },
	{ .in = ":x::y", .want = ":x::y" },
	{ .in = "retry: a::error::b", .want = "retry: a::error::b" },
	{ .in = "::x", .form = ESCAPE_SHELL, .want = "::x" },
	/* Its older form, read anywhere in a line. */
	{ .in = "a ##[error]b", .want = "a #\\x23[error]b" },
	{ .in = "###[x", .want = "##\\x23[x" },
	{ .in = "##", .want = "##" },
	{ .in = "#[#", .want = "#[#" },
	{ .in = "##[", .form = ESCAPE_SHELL, .want = "#\\043[" },
	/* Azure Pipelines' logging command, read anywhere in a line too. */
	{ .in = "a ##vso[task.setvariable]x", .want = "a #\\x23vso[task.setvariable]x" },
	{ .in = "##vso", .want = "##vso" },
	/* UTF-8 stays whole: é, 日本, an emoji, a no-break space. */
	{ .in = "caf\303\251", .want = "caf\303\251" },
	{ .in = "\346\227\245\346\234\254", .want = "\346\227\245\346\234\254" },
	{ .in = "\360\237\230\200", .want = "\360\237\230\200" },
	{ .in = "a\302\240b", .want = "a\302\240b" },
	/* Bytes that are not UTF-8: a lone byte, a cut, overlong, surrogate. */
	{ .in = "a\377b", .want = "a\\xffb" },
	{ .in = "a\303", .want = "a\\xc3" },
	{ .in = "\342\202", .want = "\\xe2\\x82" },
	{ .in = "\300\257", .want = "\\xc0\\xaf" },
	{ .in = "\355\240\200", .want = "\\xed\\xa0\\x80" },
	/* C1 controls, line separators, bidirectional controls. */
	{ .in = "a\302\205b", .want = "a\\xc2\\x85b" },
	{ .in = "\302\233", .want = "\\xc2\\x9b" },
	{ .in = "a\342\200\250b", .want = "a\\xe2\\x80\\xa8b" },
	{ .in = "\342\200\251", .want = "\\xe2\\x80\\xa9" },
	{ .in = "\342\200\256", .want = "\\xe2\\x80\\xae" },
	{ .in = "\342\201\246", .want = "\\xe2\\x81\\xa6" },
	{ .in = "\342\200\247\342\200\257", .want = "\342\200\247\342\200\257" },
	/* Inside $'...': ' and \ too. */
	{ .in = "it's", .form = ESCAPE_SHELL, .want = "it\\'s" },
	{ .in = "a\\b", .form = ESCAPE_SHELL, .want = "a\\\\b" },
	{ .in = "x arg\n::error::y", .form = ESCAPE_SHELL,
	    .want = "x arg\\n::error::y" },
	/* Octal inside $'...': a hex digit after it is not read into it. */
	{ .in = "\351a", .form = ESCAPE_SHELL, .want = "\\351a" },
	{ .in = "\001f", .form = ESCAPE_SHELL, .want = "\\001f" },
	{ .in = "it's", .want = "it's" },
};

START_TEST(each_row_is_escaped_so)
{
	char	out[256];
	size_t	len = rows[_i].len != 0 ? rows[_i].len : strlen(rows[_i].in);
	size_t	n;

	memset(out, 'X', sizeof out);
	n = escape_text(rows[_i].in, len, rows[_i].form, out, sizeof out);
	ck_assert_str_eq(out, rows[_i].want);
	ck_assert_uint_eq(n, strlen(rows[_i].want));
}
END_TEST

/* What a line shows escaped, escape_needed() says is there. */
START_TEST(needed_agrees_with_the_line_form)
{
	char	out[256];
	size_t	len = rows[_i].len != 0 ? rows[_i].len : strlen(rows[_i].in);
	int	changed;

	escape_text(rows[_i].in, len, ESCAPE_LINE, out, sizeof out);
	changed = strlen(out) != len || memcmp(out, rows[_i].in, len) != 0;
	/* Not counted: "::" where a line starts (a word never does). */
	if (len >= 2 && memcmp(rows[_i].in + strspn(rows[_i].in, " "), "::",
	    2) == 0)
		return;
	ck_assert_int_eq(escape_needed(rows[_i].in, len), changed);
}
END_TEST

/*
 * Cut at every bound: the longest whole piece that fits (a character, or
 * its escape), never a part of one, and always a NUL.
 */
START_TEST(a_long_string_is_cut_between_pieces)
{
	static const char	 in[] = "a\n\303\251\346\227\245##[\377z";
	static const char	 full[] =
	    "a\\n\303\251\346\227\245#\\x23[\\xffz";
	/* Where a piece of full ends. */
	static const size_t	 ends[] = { 0, 1, 3, 5, 8, 13, 14, 18, 19 };
	char			 out[64];
	size_t			 outlen, n, i, want;

	for (outlen = 1; outlen <= sizeof full + 1; outlen++) {
		memset(out, 'X', sizeof out);
		n = escape_text(in, sizeof in - 1, ESCAPE_LINE, out, outlen);
		for (want = 0, i = 0; i < nitems(ends); i++)
			if (ends[i] < outlen)
				want = ends[i];
		ck_assert_uint_eq(n, want);
		ck_assert_int_eq(out[n], '\0');
		ck_assert_int_eq(memcmp(out, full, n), 0);
	}
}
END_TEST

START_TEST(a_one_byte_buffer_holds_the_nul)
{
	char	out[1] = { 'X' };

	ck_assert_uint_eq(escape_text("abc", 3, ESCAPE_LINE, out, 1), 0);
	ck_assert_int_eq(out[0], '\0');
}
END_TEST

static Suite *
escape_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("escape");
	tc = tcase_create("rows");
	tcase_add_loop_test(tc, each_row_is_escaped_so, 0, nitems(rows));
	tcase_add_loop_test(tc, needed_agrees_with_the_line_form, 0,
	    nitems(rows));
	suite_add_tcase(s, tc);

	tc = tcase_create("bounds");
	tcase_add_test(tc, a_long_string_is_cut_between_pieces);
	tcase_add_test(tc, a_one_byte_buffer_holds_the_nul);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(escape_suite());
}
