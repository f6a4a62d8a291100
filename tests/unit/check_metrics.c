/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of metrics.c: the Prometheus text it writes, read back into
 * the same counts; what it will not read or replace; and the file
 * replaced whole, in a directory of the test's own.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_run.h"
#include "report/metrics.h"

static struct metrics_table	t;
static char			*text;
static size_t			 len;

static void
teardown(void)
{
	metrics_free(&t);
	free(text);
	text = NULL;
}

static const struct metrics_run	failed = { 1, 0, 3, 2500000000ULL,
    1700000000.25 };
static const struct metrics_run	passed = { 0, 1, 1, 1000000ULL,
    1700000100.5 };

/* Whether the text has the line l (without its newline). */
static int
has_line(const char *l)
{
	const char	*p = text;
	size_t		 n = strlen(l);

	while ((p = strstr(p, l)) != NULL) {
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return 1;
		p += n;
	}
	return 0;
}

START_TEST(a_run_is_counted_with_help_and_type)
{
	ck_assert_int_eq(metrics_add(&t, "backup", &failed), 0);
	ck_assert_int_eq(metrics_format(&t, &text, &len), 0);
	ck_assert_uint_eq(strlen(text), len);
	ck_assert(has_line("# HELP retry_runs_total Runs of the command "
	    "through retry that ended."));
	ck_assert(has_line("# TYPE retry_runs_total counter"));
	ck_assert(has_line("# TYPE retry_last_run_status gauge"));
	ck_assert(has_line("retry_runs_total{command=\"backup\"} 1"));
	ck_assert(has_line("retry_attempts_total{command=\"backup\"} 3"));
	ck_assert(has_line("retry_give_ups_total{command=\"backup\"} 1"));
	ck_assert(has_line("retry_last_run_status{command=\"backup\"} 1"));
	ck_assert(has_line("retry_last_run_attempts{command=\"backup\"} 3"));
	ck_assert(has_line("retry_last_run_duration_seconds"
	    "{command=\"backup\"} 2.500000"));
	ck_assert(has_line("retry_last_run_timestamp_seconds"
	    "{command=\"backup\"} 1700000000.250"));
	/* Never succeeded: no time of a last success. */
	ck_assert_ptr_null(strstr(text, "retry_last_success_timestamp_seconds{"));
}
END_TEST

START_TEST(counters_carry_over_through_the_text)
{
	struct metrics_table	back = { NULL, 0, 0 };
	char			*again;
	size_t			 n;

	ck_assert_int_eq(metrics_add(&t, "backup", &failed), 0);
	ck_assert_int_eq(metrics_add(&t, "sync", &passed), 0);
	ck_assert_int_eq(metrics_format(&t, &text, &len), 0);
	ck_assert_int_eq(metrics_parse(&back, text, len), 0);
	ck_assert_uint_eq(back.n, 2);
	ck_assert_int_eq(metrics_add(&back, "backup", &passed), 0);
	ck_assert_int_eq(metrics_format(&back, &again, &n), 0);
	free(text);
	text = again;
	ck_assert(has_line("retry_runs_total{command=\"backup\"} 2"));
	ck_assert(has_line("retry_attempts_total{command=\"backup\"} 4"));
	ck_assert(has_line("retry_give_ups_total{command=\"backup\"} 1"));
	ck_assert(has_line("retry_last_run_status{command=\"backup\"} 0"));
	ck_assert(has_line("retry_last_success_timestamp_seconds"
	    "{command=\"backup\"} 1700000100.500"));
	/* The other label's series, as they were. */
	ck_assert(has_line("retry_runs_total{command=\"sync\"} 1"));
	ck_assert(has_line("retry_give_ups_total{command=\"sync\"} 0"));
	ck_assert(has_line("retry_last_run_duration_seconds"
	    "{command=\"sync\"} 0.001000"));
	metrics_free(&back);
}
END_TEST

START_TEST(labels_are_escaped_and_read_back)
{
	struct metrics_table	back = { NULL, 0, 0 };
	const char		*l = "a\\b \"c\" caf\xc3\xa9";

	ck_assert_int_eq(metrics_add(&t, l, &passed), 0);
	ck_assert_int_eq(metrics_format(&t, &text, &len), 0);
	ck_assert(has_line("retry_runs_total{command=\"a\\\\b \\\"c\\\" "
	    "caf\xc3\xa9\"} 1"));
	ck_assert_int_eq(metrics_parse(&back, text, len), 0);
	ck_assert_uint_eq(back.n, 1);
	ck_assert_str_eq(back.s[0].label, l);
	ck_assert_uint_eq(back.s[0].runs, 1);
	metrics_free(&back);
}
END_TEST

START_TEST(text_that_is_not_retrys_is_refused)
{
	const char	*other = "hello\n";
	const char	*node = "# HELP node_cpu Seconds.\nnode_cpu 1\n";

	errno = 0;
	ck_assert_int_eq(metrics_parse(&t, other, strlen(other)), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(metrics_parse(&t, node, strlen(node)), -1);
	/* Nothing, or blank lines, is an empty table. */
	ck_assert_int_eq(metrics_parse(&t, "", 0), 0);
	ck_assert_int_eq(metrics_parse(&t, "\n\n", 2), 0);
	ck_assert_uint_eq(t.n, 0);
}
END_TEST

/* Lines that are not retry's samples are passed over, not fatal. */
static const char	*const bad_lines[] = {
	"retry_runs_total{command=\"x\"} -1",
	"retry_runs_total{command=\"x\"} 1.5",
	"retry_runs_total{command=\"x\"} NaN",
	"retry_runs_total{command=\"x\"} 1e400",
	"retry_runs_total{command=\"x\"}",
	"retry_runs_total{command=\"x\"} ",
	"retry_runs_total{command=\"x} 1",
	"retry_runs_total{command=\"x\",job=\"y\"} 1",
	"retry_runs_total{job=\"x\"} 1",
	"retry_runs_total 1",
	"retry_other_total{command=\"x\"} 1",
	"retry_runs_total{command=\"\\q\"} 1",
	"retry_runs_total{command=\"\"} 1",
	"retry_runs_total{command=\"\xff\"} 1",
	"retry_runs_total{command=\"x\"}1",
};

START_TEST(a_malformed_line_is_passed_over)
{
	char	buf[512];

	snprintf(buf, sizeof buf, "# HELP retry_runs_total x\n%s\n"
	    "retry_runs_total{command=\"ok\"} 7\n", bad_lines[_i]);
	ck_assert_int_eq(metrics_parse(&t, buf, strlen(buf)), 0);
	ck_assert_uint_eq(t.n, 1);
	ck_assert_str_eq(t.s[0].label, "ok");
	ck_assert_uint_eq(t.s[0].runs, 7);
}
END_TEST

START_TEST(a_label_must_be_short_utf8_text)
{
	char	long_label[METRICS_LABEL_MAX + 2];

	ck_assert_int_eq(metrics_label_valid("backup"), 1);
	ck_assert_int_eq(metrics_label_valid("caf\xc3\xa9 \"x\""), 1);
	ck_assert_int_eq(metrics_label_valid(""), 0);
	ck_assert_int_eq(metrics_label_valid("a\tb"), 0);
	ck_assert_int_eq(metrics_label_valid("a\nb"), 0);
	ck_assert_int_eq(metrics_label_valid("\xc3"), 0);
	ck_assert_int_eq(metrics_label_valid("\xed\xa0\x80"), 0);
	memset(long_label, 'a', sizeof long_label - 1);
	long_label[sizeof long_label - 1] = '\0';
	ck_assert_int_eq(metrics_label_valid(long_label), 0);
	long_label[METRICS_LABEL_MAX] = '\0';
	ck_assert_int_eq(metrics_label_valid(long_label), 1);
}
END_TEST

START_TEST(a_command_name_is_made_a_label)
{
	char	out[METRICS_LABEL_MAX + 1], small[5];

	metrics_label_clean("ok", out, sizeof out);
	ck_assert_str_eq(out, "ok");
	metrics_label_clean("a\tb\xff" "c", out, sizeof out);
	ck_assert_str_eq(out, "a?b?c");
	metrics_label_clean("", out, sizeof out);
	ck_assert_str_eq(out, "?");
	/* Cut, never inside a character. */
	metrics_label_clean("ab\xc3\xa9\xc3\xa9", small, sizeof small);
	ck_assert_str_eq(small, "ab\xc3\xa9");
	ck_assert_int_eq(metrics_label_valid(small), 1);
}
END_TEST

START_TEST(the_table_keeps_a_bounded_number_of_labels)
{
	char	l[32];
	int	i;

	for (i = 0; i < METRICS_SERIES_MAX; i++) {
		snprintf(l, sizeof l, "c%d", i);
		ck_assert_int_eq(metrics_add(&t, l, &passed), 0);
	}
	errno = 0;
	ck_assert_int_eq(metrics_add(&t, "one more", &passed), -1);
	ck_assert_int_eq(errno, ENOSPC);
	/* A label it has still counts. */
	ck_assert_int_eq(metrics_add(&t, "c0", &passed), 0);
	ck_assert_uint_eq(t.s[0].runs, 2);
}
END_TEST

/* A directory of the test's own, and FILE in it. */
static char	dir[64], file[128];

static void
make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/check_metrics.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/retry.prom", dir);
}

static void
remove_dir(void)
{
	char	p[160];

	unlink(file);
	snprintf(p, sizeof p, "%s.lock", file);
	unlink(p);
	rmdir(dir);
}

/* FILE's contents, in text. */
static void
read_file(void)
{
	FILE	*f = fopen(file, "r");
	long	 n;

	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	free(text);
	text = calloc(1, (size_t)n + 1);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
}

START_TEST(the_file_is_replaced_whole)
{
	struct stat	a, b;
	char		err[256];
	mode_t		old = umask(022);

	make_dir();
	ck_assert_int_eq(metrics_check(file, err, sizeof err), 0);
	ck_assert_int_eq(metrics_write(file, "x", &failed, 0, NULL, err,
	    sizeof err),
	    0);
	ck_assert_int_eq(stat(file, &a), 0);
	ck_assert_int_eq(a.st_mode & 0777, 0644);
	ck_assert_int_eq(chmod(file, 0640), 0);
	ck_assert_int_eq(metrics_write(file, "x", &passed, 0, NULL, err,
	    sizeof err),
	    0);
	ck_assert_int_eq(stat(file, &b), 0);
	/* Renamed over: a new file, with the old one's mode. */
	ck_assert(a.st_ino != b.st_ino);
	ck_assert_int_eq(b.st_mode & 0777, 0640);
	read_file();
	ck_assert(has_line("retry_runs_total{command=\"x\"} 2"));
	ck_assert_int_eq(metrics_check(file, err, sizeof err), 0);
	umask(old);
	remove_dir();
}
END_TEST

START_TEST(a_file_not_retrys_is_never_replaced)
{
	char	err[256];
	FILE	*f;

	make_dir();
	ck_assert_ptr_nonnull(f = fopen(file, "w"));
	fputs("precious\n", f);
	fclose(f);
	ck_assert_int_eq(metrics_check(file, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "something other than retry's"));
	ck_assert_int_eq(metrics_write(file, "x", &failed, 0, NULL, err,
	    sizeof err),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "cannot write the metrics"));
	read_file();
	ck_assert_str_eq(text, "precious\n");
	remove_dir();
}
END_TEST

START_TEST(a_missing_directory_or_a_directory_is_refused)
{
	char	err[256];

	make_dir();
	snprintf(file, sizeof file, "%s/no/such.prom", dir);
	ck_assert_int_eq(metrics_check(file, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "cannot write in"));
	ck_assert_int_eq(metrics_check(dir, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "directory"));
	snprintf(file, sizeof file, "%s/retry.prom", dir);
	remove_dir();
}
END_TEST

START_TEST(a_lock_held_is_waited_for_no_longer_than_asked)
{
	char	err[256], lock[160];
	int	fd;

	make_dir();
	snprintf(lock, sizeof lock, "%s.lock", file);
	ck_assert_int_ne(fd = open(lock, O_RDONLY | O_CREAT, 0600), -1);
	ck_assert_int_eq(flock(fd, LOCK_EX), 0);
	ck_assert_int_eq(metrics_write(file, "x", &failed, 20000000, NULL,
	    err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "held its lock"));
	ck_assert_int_eq(access(file, F_OK), -1);
	close(fd);
	ck_assert_int_eq(metrics_write(file, "x", &failed, 0, NULL, err,
	    sizeof err), 0);
	remove_dir();
}
END_TEST

START_TEST(a_link_is_followed_and_kept)
{
	char	err[256], target[160], link[160];
	struct stat	sb;

	make_dir();
	snprintf(target, sizeof target, "%s", file);
	snprintf(link, sizeof link, "%s/link.prom", dir);
	ck_assert_int_eq(symlink("retry.prom", link), 0);
	/* A link to nothing yet is not followed: nothing made through it. */
	ck_assert_int_eq(metrics_write(link, "x", &failed, 0, NULL, err,
	    sizeof err), -1);
	ck_assert_int_eq(access(target, F_OK), -1);
	/* To a file that is there: followed, the target replaced. */
	ck_assert_int_eq(metrics_write(target, "x", &failed, 0, NULL, err,
	    sizeof err), 0);
	ck_assert_int_eq(metrics_write(link, "x", &failed, 0, NULL, err,
	    sizeof err), 0);
	ck_assert_int_eq(metrics_write(link, "x", &failed, 0, NULL, err,
	    sizeof err), 0);
	ck_assert_int_eq(lstat(link, &sb), 0);
	ck_assert(S_ISLNK(sb.st_mode));
	read_file();
	ck_assert(has_line("retry_runs_total{command=\"x\"} 3"));
	unlink(link);
	remove_dir();
}
END_TEST

START_TEST(no_lock_is_made_beside_a_target_that_is_refused)
{
	char	err[256], target[160], link[160], lock[170];
	FILE	*f;

	make_dir();
	snprintf(target, sizeof target, "%s/passwd", dir);
	snprintf(lock, sizeof lock, "%s.lock", target);
	snprintf(link, sizeof link, "%s/link.prom", dir);
	ck_assert_ptr_nonnull(f = fopen(target, "w"));
	fputs("root:x:0:0::/root:/bin/sh\n", f);
	fclose(f);
	ck_assert_int_eq(symlink("passwd", link), 0);
	ck_assert_int_eq(metrics_write(link, "x", &failed, 0, NULL, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "something other than retry's"));
	ck_assert_int_eq(access(lock, F_OK), -1);
	/* A FIFO as the target: refused, not waited on, and no lock. */
	unlink(target);
	ck_assert_int_eq(mkfifo(target, 0600), 0);
	ck_assert_int_eq(metrics_write(link, "x", &failed, 0, NULL, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "a FIFO, not a regular file"));
	ck_assert_int_eq(access(lock, F_OK), -1);
	unlink(target);
	unlink(link);
	remove_dir();
}
END_TEST

START_TEST(a_lock_that_is_not_a_regular_file_is_refused)
{
	char	err[256], lock[170];

	make_dir();
	snprintf(lock, sizeof lock, "%s.lock", file);
	ck_assert_int_eq(mkfifo(lock, 0600), 0);
	ck_assert_int_eq(metrics_check(file, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, ".lock is a FIFO, not a regular "
	    "file"));
	ck_assert_int_eq(metrics_write(file, "x", &failed, 0, NULL, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, ".lock is a FIFO, not a regular "
	    "file"));
	ck_assert_int_eq(access(file, F_OK), -1);
	unlink(lock);
	ck_assert_int_eq(symlink("elsewhere", lock), 0);
	ck_assert_int_eq(metrics_write(file, "x", &failed, 0, NULL, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, ".lock is a symbolic link"));
	unlink(lock);
	remove_dir();
}
END_TEST

static Suite *
metrics_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("metrics");
	tc = tcase_create("text");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, a_run_is_counted_with_help_and_type);
	tcase_add_test(tc, counters_carry_over_through_the_text);
	tcase_add_test(tc, labels_are_escaped_and_read_back);
	tcase_add_test(tc, text_that_is_not_retrys_is_refused);
	tcase_add_loop_test(tc, a_malformed_line_is_passed_over, 0,
	    sizeof bad_lines / sizeof bad_lines[0]);
	tcase_add_test(tc, a_label_must_be_short_utf8_text);
	tcase_add_test(tc, a_command_name_is_made_a_label);
	tcase_add_test(tc, the_table_keeps_a_bounded_number_of_labels);
	suite_add_tcase(s, tc);

	tc = tcase_create("file");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, the_file_is_replaced_whole);
	tcase_add_test(tc, a_file_not_retrys_is_never_replaced);
	tcase_add_test(tc, a_missing_directory_or_a_directory_is_refused);
	tcase_add_test(tc, a_lock_held_is_waited_for_no_longer_than_asked);
	tcase_add_test(tc, a_link_is_followed_and_kept);
	tcase_add_test(tc, no_lock_is_made_beside_a_target_that_is_refused);
	tcase_add_test(tc, a_lock_that_is_not_a_regular_file_is_refused);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(metrics_suite());
}
