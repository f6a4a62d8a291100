/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the file: store against real files in a fresh directory:
 * concurrent takers in forked children, corrupt and truncated state, a
 * FIFO or a directory in the way, a symlinked, foreign or shared DIR.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_run.h"
#include "check_params.h"
#include "proc/eventloop.h"
#include "store/store.h"
#include "store/store_url.h"

static char	top[4096];	/* a fresh directory per test */
static char	dir[4200];	/* DIR: top/st */
static char	url[4300];	/* file:DIR */

static void
setup(void)
{
	const char	*t = getenv("TMPDIR");

	snprintf(top, sizeof top, "%s/check_store.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(dir, sizeof dir, "%s/st", top);
	snprintf(url, sizeof url, "file:%s", dir);
}

static void
teardown(void)
{
	char	cmd[4400];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", top);
}

/* Open budget "b" in DIR, or fail the test with the store's reason. */
static struct store *
open_b(const struct budget_params *p, enum store_create create)
{
	struct store	*s;
	char		 err[4608];

	s = store_open(url, "b", p, create, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	return s;
}

/* The tokens the store holds now. */
static double
tokens_now(const struct budget_params *p)
{
	struct store		*s = open_b(p, STORE_NO_CREATE);
	struct budget_state	 st;
	uint64_t		 now;
	int			 fresh;

	ck_assert_int_eq(store_read(s, &st, &now, &fresh), 0);
	store_close(s);
	return budget_tokens(p, &st, now);
}

/* Write text as the state file of budget "b". */
static void
put_state(const char *text, size_t len)
{
	char	path[4400];
	FILE	*f;

	snprintf(path, sizeof path, "%s/b.budget", dir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	fclose(f);
}

START_TEST(dir_is_created_private)
{
	struct budget_params	p = params(10, 0.1, 1);
	struct budget_grant	g;
	struct store		*s;
	struct stat		sb;

	umask(0);
	s = open_b(&p, STORE_CREATE);
	ck_assert_int_eq(stat(dir, &sb), 0);
	ck_assert_uint_eq(sb.st_mode & 0777, 0700);
	ck_assert_int_eq(store_admit(s, BUDGET_FIRST, &g), 0);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	store_close(s);
	{
		char	path[4400];

		snprintf(path, sizeof path, "%s/b.budget", dir);
		ck_assert_int_eq(stat(path, &sb), 0);
		ck_assert_uint_eq(sb.st_mode & 0777, 0600);
	}
}
END_TEST

START_TEST(a_dry_run_creates_nothing)
{
	struct budget_params	 p = params(10, 0.1, 1);
	struct store		*s = open_b(&p, STORE_NO_CREATE);
	struct budget_state	 st;
	uint64_t		 now;
	int			 fresh = 0;

	ck_assert_int_eq(store_read(s, &st, &now, &fresh), 0);
	ck_assert_int_eq(fresh, 1);
	ck_assert(st.tokens == 10);
	store_close(s);
	ck_assert_int_eq(access(dir, F_OK), -1);
}
END_TEST

START_TEST(the_state_outlives_the_run)
{
	struct budget_params	p = params(5, 0, 0);
	struct budget_grant	g;
	struct store		*s = open_b(&p, STORE_CREATE);
	struct budget_ticket	 took = { .token = 1 };

	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	store_close(s);
	ck_assert(tokens_now(&p) == 3);
	s = open_b(&p, STORE_CREATE);
	ck_assert_int_eq(store_report(s, BUDGET_SUCCESS, &took), 0);
	store_close(s);
	ck_assert(tokens_now(&p) == 4);
}
END_TEST

/*
 * Take one token in each of n children at once: how many got one; in
 * *open, how many found the lock busy past its bound and went on without
 * the budget (fail open: they change nothing).
 */
static int
takers(const struct budget_params *p, int n, int *open)
{
	pid_t	pid;
	int	i, st, got = 0;

	*open = 0;
	for (i = 0; i < n; i++) {
		pid = fork();
		ck_assert_int_ne(pid, -1);
		if (pid == 0) {
			struct budget_grant	 g;
			struct store		*s;
			char			 err[4608];

			s = store_open(url, "b", p, STORE_CREATE, err,
			    sizeof err);
			if (s == NULL)
				_exit(3);
			if (store_admit(s, BUDGET_RETRY, &g) == -1)
				_exit(2);
			_exit(g.answer == BUDGET_GO ? 0 : 1);
		}
	}
	for (i = 0; i < n; i++) {
		ck_assert_int_ne(wait(&st), -1);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) <= 2,
		    "a taker could not open the store (status %#x)", st);
		got += WEXITSTATUS(st) == 0;
		*open += WEXITSTATUS(st) == 2;
	}
	return got;
}

/*
 * No update is lost: every one of 1,000 processes gets the lock and a
 * token, and the tokens left are the tokens there were less the takes,
 * whatever their interleaving.
 */
START_TEST(a_thousand_concurrent_takers_lose_no_update)
{
	struct budget_params	 p = params(1500, 0, 0);
	struct store		*s = open_b(&p, STORE_CREATE);
	int			 got, open, left;

	store_close(s);
	got = takers(&p, 1000, &open);
	/* The lock's bound is for a stopped holder, not for a crowd. */
	ck_assert_msg(open == 0, "%d of 1000 takers gave up the lock", open);
	ck_assert_int_eq(got, 1000);
	left = 1500 - got;
	ck_assert_msg(tokens_now(&p) == left, "%.3f tokens left, not %d",
	    tokens_now(&p), left);
	/* Past the last token, the takers are told no. */
	got = takers(&p, 600, &open);
	ck_assert_int_eq(got, left < 600 - open ? left : 600 - open);
	ck_assert(tokens_now(&p) == left - got);
}
END_TEST

static const struct {
	const char	*text;
	const char	*said;
} corrupt[] = {
	{ "", "is empty" },
	{ "retry-budget 1 tokens=3.000000000 at=1 fa", "is corrupt" },
	{ "garbage\n", "is corrupt" },
	{ "retry-budget 9 tokens=3 at=1 fails=0 open_until=0 probe_until=0\n",
	    "is corrupt" },
	{ "\0\0\0\0\0\0\0\0\0\0\0\0", "is corrupt" },
};

START_TEST(a_corrupt_file_is_a_fresh_budget_and_a_warning)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	const char		*w;
	size_t			 len = strlen(corrupt[_i].text);

	if (_i == 4)
		len = 12;
	put_state(corrupt[_i].text, len);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	ck_assert(g.tokens == 3);
	w = store_take_warning(s);
	ck_assert_ptr_nonnull(w);
	ck_assert_msg(strstr(w, corrupt[_i].said) != NULL, "%s", w);
	ck_assert_ptr_nonnull(strstr(w, "fresh budget"));
	ck_assert_ptr_null(store_take_warning(s));
	/* Replaced: the next change reads it without a word. */
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert(g.tokens == 2);
	ck_assert_ptr_null(store_take_warning(s));
	store_close(s);
}
END_TEST

START_TEST(a_symlinked_state_file_is_not_followed)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	char			 target[4400], link[4400], buf[64];
	FILE			*f;

	snprintf(target, sizeof target, "%s/target", top);
	snprintf(link, sizeof link, "%s/b.budget", dir);
	ck_assert_ptr_nonnull(f = fopen(target, "w"));
	fputs("precious\n", f);
	fclose(f);
	ck_assert_int_eq(symlink(target, link), 0);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_ptr_nonnull(store_take_warning(s));
	store_close(s);
	ck_assert_ptr_nonnull(f = fopen(target, "r"));
	ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
	fclose(f);
	ck_assert_str_eq(buf, "precious\n");
	ck_assert(tokens_now(&p) == 3);
}
END_TEST

START_TEST(a_symlinked_lock_file_is_replaced)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	char			 target[4400], link[4400];
	struct stat		 sb;

	snprintf(target, sizeof target, "%s/elsewhere", top);
	snprintf(link, sizeof link, "%s/b.lock", dir);
	ck_assert_int_eq(symlink(target, link), 0);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	store_close(s);
	ck_assert_int_eq(access(target, F_OK), -1);	/* never created */
	ck_assert_int_eq(lstat(link, &sb), 0);
	ck_assert(S_ISREG(sb.st_mode));
}
END_TEST

/* What is put in the way of one of budget "b"'s files, and what is said. */
enum obstacle { FIFO, EMPTY_DIR, FULL_DIR };
static const struct {
	const char	*file;
	enum obstacle	 what;
	const char	*said;		/* in the warning; NULL: none */
} in_the_way[] = {
	{ "b.tmp", FIFO, NULL },
	{ "b.budget", FIFO, "is a FIFO, not a regular file" },
	{ "b.tmp", EMPTY_DIR, NULL },
	{ "b.tmp", FULL_DIR, "b.tmp moved to " },
	{ "b.budget", EMPTY_DIR, "is a directory, not a regular file" },
	{ "b.budget", FULL_DIR, "b.budget moved to " },
};

START_TEST(a_fifo_or_directory_in_the_way_is_replaced)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	const char		*w;
	char			 path[4400], kept[4500], said[1024] = "";
	struct stat		 sb;

	snprintf(path, sizeof path, "%s/%s", dir, in_the_way[_i].file);
	snprintf(kept, sizeof kept, "%s/kept", path);
	if (in_the_way[_i].what == FIFO)
		ck_assert_int_eq(mkfifo(path, 0600), 0);
	else
		ck_assert_int_eq(mkdir(path, 0700), 0);
	if (in_the_way[_i].what == FULL_DIR)
		ck_assert_int_eq(mkdir(kept, 0700), 0);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert(g.tokens == 3);
	w = store_take_warning(s);
	if (in_the_way[_i].said == NULL)
		ck_assert_msg(w == NULL, "%s", w);
	else
		ck_assert_msg(w != NULL && strstr(w, in_the_way[_i].said) !=
		    NULL, "%s", w != NULL ? w : "no warning");
	if (w != NULL)
		snprintf(said, sizeof said, "%s", w);
	/* Replaced: the next change reads it without a word. */
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert(g.tokens == 2);
	ck_assert_ptr_null(store_take_warning(s));
	store_close(s);
	snprintf(path, sizeof path, "%s/b.budget", dir);
	ck_assert_int_eq(lstat(path, &sb), 0);
	ck_assert(S_ISREG(sb.st_mode));
	if (in_the_way[_i].what == FULL_DIR) {
		/* Moved aside with what is in it, never deleted. */
		snprintf(kept, sizeof kept, "%s/%s.bad-", dir,
		    in_the_way[_i].file);
		ck_assert_ptr_nonnull(strstr(said, kept));
		snprintf(path, sizeof path, "%s/kept", strstr(said, kept));
		ck_assert_int_eq(lstat(path, &sb), 0);
		ck_assert(S_ISDIR(sb.st_mode));
	}
}
END_TEST

START_TEST(a_lock_that_is_a_fifo_is_left_alone)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	char			 path[4400];
	struct stat		 sb;

	snprintf(path, sizeof path, "%s/b.lock", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), -1);
	ck_assert_msg(strstr(store_error(s), "b.lock is a FIFO") != NULL, "%s",
	    store_error(s));
	store_close(s);
	ck_assert_int_eq(lstat(path, &sb), 0);
	ck_assert(S_ISFIFO(sb.st_mode));
}
END_TEST

/* Opening DIR fails, and err says why. */
static void
refused(const char *because)
{
	struct budget_params	p = params(4, 0, 0);
	char			err[4608];

	ck_assert_ptr_null(store_open(url, "b", &p, STORE_CREATE, err,
	    sizeof err));
	ck_assert_msg(strstr(err, because) != NULL, "%s", err);
}

START_TEST(a_symlinked_dir_is_refused)
{
	char	real[4400];

	snprintf(real, sizeof real, "%s/real", top);
	ck_assert_int_eq(mkdir(real, 0700), 0);
	ck_assert_int_eq(symlink(real, dir), 0);
	refused("symbolic link");
}
END_TEST

/* "DIR/" names the directory a symlink DIR points to: refused too. */
START_TEST(a_symlinked_dir_with_a_slash_is_refused)
{
	char	real[4400];

	snprintf(real, sizeof real, "%s/real", top);
	ck_assert_int_eq(mkdir(real, 0700), 0);
	ck_assert_int_eq(symlink(real, dir), 0);
	snprintf(url, sizeof url, "file:%s//", dir);
	refused("symbolic link");
}
END_TEST

/* The state file's text, in buf. */
static void
get_state(char *buf, size_t len)
{
	char	path[4400];
	FILE	*f;
	size_t	n;

	snprintf(path, sizeof path, "%s/b.budget", dir);
	ck_assert_ptr_nonnull(f = fopen(path, "r"));
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/*
 * A retry told to wait reads the state and writes nothing: the line
 * stays as it was, its time of refill ("at=", in ns) included.
 */
START_TEST(a_waiter_writes_nothing)
{
	struct budget_params	 p = params(1, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	char			 before[256], after[256];
	int			 i;

	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	get_state(before, sizeof before);
	for (i = 0; i < 5; i++) {
		usleep(1000);
		ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
		ck_assert_int_eq(g.answer, BUDGET_NO_TOKEN);
	}
	get_state(after, sizeof after);
	ck_assert_str_eq(before, after);
	store_close(s);
}
END_TEST

/*
 * A circuit whose end lies far ahead (the wall clock was set back) is
 * open for one DURATION from the first run that reads it, not from
 * every run's now: the clamped end is written, even by a run told to
 * wait.
 */
START_TEST(a_clock_set_back_keeps_the_circuit_open_one_duration)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s;
	struct timespec		 ts;
	char			 line[256];
	uint64_t		 now;

	p.breaker_k = 1;
	p.breaker_ns = 200000000ULL;
	clock_gettime(CLOCK_REALTIME, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	s = open_b(&p, STORE_CREATE);
	snprintf(line, sizeof line, "retry-budget 1 tokens=4.000000000 "
	    "at=%llu fails=0 open_until=%llu probe_until=0\n",
	    (unsigned long long)now,
	    (unsigned long long)(now + 100000000000ULL));
	put_state(line, strlen(line));
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_int_eq(g.answer, BUDGET_OPEN);
	ck_assert_uint_le(g.wait, p.breaker_ns);
	usleep(300000);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	ck_assert_int_eq(g.probe, 1);
	store_close(s);
}
END_TEST

/*
 * A lock that another holds (a run stopped while it had it) is waited
 * for half the time to the run's deadline, then the store fails: the
 * run goes on without it.
 */
START_TEST(a_held_lock_is_waited_for_until_the_deadline)
{
	struct budget_params	 p = params(4, 0, 0);
	struct budget_grant	 g;
	struct store		*s = open_b(&p, STORE_CREATE);
	struct flock		 fl;
	char			 path[4400];
	uint64_t		 t0;
	int			 fd;

	snprintf(path, sizeof path, "%s/b.lock", dir);
	ck_assert_int_ne(fd = open(path, O_RDWR | O_CREAT, 0600), -1);
	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	/* A lock of another open file description: it conflicts. */
	ck_assert_int_eq(fcntl(fd, F_OFD_SETLK, &fl), 0);
	t0 = eventloop_now();
	store_set_deadline(s, t0 + 600000000ULL);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), -1);
	/* Half the time to the deadline: the attempt has the rest. */
	ck_assert_uint_ge(eventloop_now() - t0, 300000000ULL);
	ck_assert_uint_lt(eventloop_now() - t0, 3000000000ULL);
	ck_assert_msg(strstr(store_error(s), "locked by another run") != NULL,
	    "%s", store_error(s));
	/* Let go, and the same store works again. */
	fl.l_type = F_UNLCK;
	ck_assert_int_eq(fcntl(fd, F_OFD_SETLK, &fl), 0);
	store_set_deadline(s, 0);
	ck_assert_int_eq(store_admit(s, BUDGET_RETRY, &g), 0);
	ck_assert_int_eq(g.answer, BUDGET_GO);
	store_close(s);
	close(fd);
}
END_TEST

START_TEST(a_dir_others_can_write_is_refused)
{
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	ck_assert_int_eq(chmod(dir, 0770), 0);
	refused("can be written by other users");
	ck_assert_int_eq(chmod(dir, 0703), 0);
	refused("can be written by other users");
}
END_TEST

START_TEST(a_dir_of_another_user_is_refused)
{
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	if (chown(dir, 65534, 65534) == -1) {
		/* Not root: a directory of root's is another user's. */
		ck_assert_int_ne(geteuid(), 0);
		snprintf(url, sizeof url, "file:/");
	}
	refused("owned by another user");
}
END_TEST

START_TEST(a_file_as_dir_is_refused)
{
	FILE	*f = fopen(dir, "w");

	ck_assert_ptr_nonnull(f);
	fclose(f);
	refused("Not a directory");
}
END_TEST

START_TEST(a_missing_parent_is_refused)
{
	snprintf(url, sizeof url, "file:%s/no/such", top);
	refused("cannot create");
}
END_TEST

START_TEST(urls_are_checked)
{
	const char	*why;

	ck_assert_int_eq(store_url_check("file:/x", &why), 0);
	ck_assert_int_eq(store_url_check("file:rel", &why), 0);
	ck_assert_int_eq(store_url_check("file:", &why), -1);
	ck_assert_int_eq(store_url_check("/tmp/x", &why), -1);
	ck_assert_int_eq(store_url_check("http://x", &why), -1);
	ck_assert_int_eq(store_url_check("", &why), -1);
}
END_TEST

/*
 * A URL parsed once: its kind, set even when it is refused (the shown
 * form masks a redis: URL that does not parse), and its parts.
 */
static const struct {
	const char	*url;
	int		 ret;
	enum store_kind	 kind;
	const char	*dir;		/* file: */
	const char	*host;		/* redis: */
	unsigned	 port;
} parsed[] = {
	{ "file:/x", 0, STORE_KIND_FILE, "/x", NULL, 0 },
	{ "file:rel/dir", 0, STORE_KIND_FILE, "rel/dir", NULL, 0 },
	{ "file:", -1, STORE_KIND_FILE, NULL, NULL, 0 },
	{ "redis://h:7000/2", 0, STORE_KIND_REDIS, NULL, "h", 7000 },
	{ "REDISS://h", 0, STORE_KIND_REDIS, NULL, "h", 6379 },
	{ "redis://", -1, STORE_KIND_REDIS, NULL, NULL, 0 },
	{ "/tmp/x", -1, STORE_KIND_NONE, NULL, NULL, 0 },
	{ "http://x", -1, STORE_KIND_NONE, NULL, NULL, 0 },
	{ "", -1, STORE_KIND_NONE, NULL, NULL, 0 },
};

START_TEST(urls_are_parsed_once_into_their_parts)
{
	struct store_url	 u;
	const char		*why = NULL;

	ck_assert_int_eq(store_url_parse(parsed[_i].url, &u, &why),
	    parsed[_i].ret);
	ck_assert_int_eq(u.kind, parsed[_i].kind);
	if (parsed[_i].ret == -1) {
		ck_assert_ptr_nonnull(why);
		return;
	}
	if (parsed[_i].dir != NULL)
		ck_assert_str_eq(u.dir, parsed[_i].dir);
	if (parsed[_i].host != NULL) {
		ck_assert_str_eq(u.redis.host, parsed[_i].host);
		ck_assert_uint_eq(u.redis.port, parsed[_i].port);
	}
}
END_TEST

START_TEST(the_default_store_is_private_to_the_user)
{
	char	buf[4400], want[64];

	setenv("XDG_RUNTIME_DIR", "/run/user/1000", 1);
	store_default_url(buf, sizeof buf);
	ck_assert_str_eq(buf, "file:/run/user/1000/retry");
	unsetenv("XDG_RUNTIME_DIR");
	store_default_url(buf, sizeof buf);
	snprintf(want, sizeof want, "file:/tmp/retry-%lu",
	    (unsigned long)geteuid());
	ck_assert_str_eq(buf, want);
	setenv("XDG_RUNTIME_DIR", "relative", 1);
	store_default_url(buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}
END_TEST

static Suite *
store_suite(void)
{
	Suite	*s = suite_create("store");
	TCase	*tc;

	tc = tcase_create("file");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, dir_is_created_private);
	tcase_add_test(tc, a_dry_run_creates_nothing);
	tcase_add_test(tc, the_state_outlives_the_run);
	tcase_add_test(tc, a_thousand_concurrent_takers_lose_no_update);
	tcase_add_loop_test(tc, a_corrupt_file_is_a_fresh_budget_and_a_warning,
	    0, sizeof corrupt / sizeof corrupt[0]);
	tcase_add_test(tc, a_symlinked_state_file_is_not_followed);
	tcase_add_test(tc, a_symlinked_lock_file_is_replaced);
	tcase_add_loop_test(tc, a_fifo_or_directory_in_the_way_is_replaced,
	    0, sizeof in_the_way / sizeof in_the_way[0]);
	tcase_add_test(tc, a_lock_that_is_a_fifo_is_left_alone);
	tcase_add_test(tc, a_symlinked_dir_is_refused);
	tcase_add_test(tc, a_symlinked_dir_with_a_slash_is_refused);
	tcase_add_test(tc, a_waiter_writes_nothing);
	tcase_add_test(tc, a_clock_set_back_keeps_the_circuit_open_one_duration);
	tcase_add_test(tc, a_held_lock_is_waited_for_until_the_deadline);
	tcase_add_test(tc, a_dir_others_can_write_is_refused);
	tcase_add_test(tc, a_dir_of_another_user_is_refused);
	tcase_add_test(tc, a_file_as_dir_is_refused);
	tcase_add_test(tc, a_missing_parent_is_refused);
	tcase_add_test(tc, urls_are_checked);
	tcase_add_loop_test(tc, urls_are_parsed_once_into_their_parts, 0,
	    sizeof parsed / sizeof parsed[0]);
	tcase_add_test(tc, the_default_store_is_private_to_the_user);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(store_suite());
}
