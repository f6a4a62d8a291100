/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of bytes.c: bytes_rchr() answers as memrchr(3) does, with
 * libc's memrchr or without it (the --enable-portable build).
 */
#include <check.h>
#include <stddef.h>

#include "policy/bytes.h"
#include "check_run.h"

static const struct {
	const char	*s;
	size_t		 len;	/* bytes of s looked at */
	int		 c;
	ptrdiff_t	 at;	/* where it is found, -1: not */
} rchr_rows[] = {
	{ .s = "", .len = 0, .c = '\n', .at = -1 },
	{ .s = "\n", .len = 1, .c = '\n', .at = 0 },
	{ .s = "a\nb\nc", .len = 5, .c = '\n', .at = 3 },
	{ .s = "a\nb\nc", .len = 3, .c = '\n', .at = 1 },
	{ .s = "a\nb\nc", .len = 1, .c = '\n', .at = -1 },
	{ .s = "abc\n", .len = 3, .c = '\n', .at = -1 },
	{ .s = "x\0y", .len = 3, .c = '\0', .at = 1 },
	/* A byte past 127: a char is unsigned on ARM, signed on x86. */
	{ .s = "\xff" "a\xff" "b", .len = 4, .c = 0xff, .at = 2 },
	{ .s = "\xff" "a\xff" "b", .len = 4, .c = '\xff', .at = 2 },
};

START_TEST(the_last_match_within_len_is_found)
{
	const char	*p = rchr_rows[_i].s;
	const char	*got = bytes_rchr(p, rchr_rows[_i].c, rchr_rows[_i].len);

	if (rchr_rows[_i].at == -1)
		ck_assert_ptr_null(got);
	else
		ck_assert_ptr_eq(got, p + rchr_rows[_i].at);
}
END_TEST

static Suite *
bytes_suite(void)
{
	Suite	*s = suite_create("bytes");
	TCase	*tc = tcase_create("rchr");

	tcase_add_loop_test(tc, the_last_match_within_len_is_found, 0,
	    (int)(sizeof rchr_rows / sizeof rchr_rows[0]));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(bytes_suite());
}
