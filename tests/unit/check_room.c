/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of room.c: the static room goes to one user at a time, the
 * others get the heap, and what is given back is freed or made free.
 */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "policy/room.h"

static char		buf[64];
static struct room	r = ROOM_OVER(buf);

START_TEST(the_first_taker_gets_the_room)
{
	char	*a = room_take(&r, sizeof buf);

	ck_assert_ptr_eq(a, buf);
	ck_assert_int_eq(r.taken, 1);
	room_give(&r, a);
	ck_assert_int_eq(r.taken, 0);
	/* Free again: the next taker has it. */
	ck_assert_ptr_eq(room_take(&r, 1), buf);
}
END_TEST

START_TEST(a_second_taker_gets_the_heap)
{
	char	*a = room_take(&r, 8), *b = room_take(&r, 8);

	ck_assert_ptr_eq(a, buf);
	ck_assert_ptr_nonnull(b);
	ck_assert_ptr_ne(b, buf);
	memset(b, 'x', 8);		/* its own: ASan sees a misuse */
	room_give(&r, b);		/* freed, the room still taken */
	ck_assert_int_eq(r.taken, 1);
	room_give(&r, a);
	ck_assert_int_eq(r.taken, 0);
}
END_TEST

START_TEST(more_than_the_room_holds_comes_from_the_heap)
{
	char	*a = room_take(&r, sizeof buf + 1);

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_ne(a, buf);
	ck_assert_int_eq(r.taken, 0);
	memset(a, 'x', sizeof buf + 1);
	room_give(&r, a);
	ck_assert_int_eq(r.taken, 0);
	room_give(&r, NULL);		/* nothing, as free(NULL) */
	ck_assert_int_eq(r.taken, 0);
}
END_TEST

static Suite *
room_suite(void)
{
	Suite	*s = suite_create("room");
	TCase	*tc = tcase_create("take and give");

	tcase_add_test(tc, the_first_taker_gets_the_room);
	tcase_add_test(tc, a_second_taker_gets_the_heap);
	tcase_add_test(tc, more_than_the_room_holds_comes_from_the_heap);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(room_suite());
}
