/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of fdutil.c's fd_open_checked(): whatever someone else put
 * at a path (a FIFO no one writes to, a socket, a device, a loop of
 * links, a directory) is refused at once, with errno and its kind, and a
 * regular file (or a directory, where one is meant) is opened; and of
 * fd_read_all(), which reads a file whole, up to a bound. Each test has a
 * directory of its own; Check's timeout fails an open that waits.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "check_run.h"
#include "proc/fdutil.h"

static char	dir[64];
static int	dirfd_;

static void
setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/check_fdutil.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_ne(dirfd_ = open(dir, O_RDONLY | O_DIRECTORY), -1);
}

/* Remove what a test made in its directory, then the directory. */
static void
teardown(void)
{
	static const char	*names[] = { "file", "fifo", "sock", "a", "b",
				    "link", "sub", "big" };
	size_t			 i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (unlinkat(dirfd_, names[i], 0) == -1)
			(void)unlinkat(dirfd_, names[i], AT_REMOVEDIR);
	close(dirfd_);
	rmdir(dir);
}

/* Make a file called name in the directory, holding text. */
static void
make_file(const char *name, const char *text)
{
	int	fd;

	ck_assert_int_ne(fd = openat(dirfd_, name, O_WRONLY | O_CREAT |
	    O_TRUNC, 0600), -1);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

/* fd_open_checked() in the directory refuses name: errno e, kind type. */
static void
refused(const char *name, int flags, int want, int e, mode_t type)
{
	mode_t	found = 1;

	errno = 0;
	ck_assert_int_eq(fd_open_checked(dirfd_, name, flags, 0600, want,
	    &found), -1);
	ck_assert_int_eq(errno, e);
	ck_assert_uint_eq(found, type);
}

START_TEST(a_regular_file_is_opened_close_on_exec)
{
	mode_t	type;
	int	fd;

	make_file("file", "x");
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "file", O_RDONLY, 0,
	    FD_FILE, &type), -1);
	ck_assert_uint_eq(type, 0);
	ck_assert(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	/* The open does not wait: left non-blocking unless asked. */
	ck_assert(fcntl(fd, F_GETFL) & O_NONBLOCK);
	close(fd);
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "file", O_RDONLY, 0,
	    FD_FILE | FD_BLOCKING, &type), -1);
	ck_assert(!(fcntl(fd, F_GETFL) & O_NONBLOCK));
	close(fd);
}
END_TEST

START_TEST(a_file_is_created_where_there_is_none)
{
	struct stat	sb;
	mode_t		type;
	int		fd;

	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "file", O_RDONLY |
	    O_CREAT | O_NOFOLLOW, 0600, FD_FILE, &type), -1);
	close(fd);
	ck_assert_int_eq(fstatat(dirfd_, "file", &sb, 0), 0);
	ck_assert(S_ISREG(sb.st_mode));
	errno = 0;
	ck_assert_int_eq(fd_open_checked(dirfd_, "none", O_RDONLY, 0, FD_FILE,
	    &type), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_uint_eq(type, 0);
}
END_TEST

START_TEST(a_fifo_no_one_writes_to_is_refused_at_once)
{
	ck_assert_int_eq(mkfifoat(dirfd_, "fifo", 0600), 0);
	refused("fifo", O_RDONLY, FD_FILE, EINVAL, S_IFIFO);
	/* To write, as a lock is opened: no reader, and still no wait. */
	refused("fifo", O_WRONLY, FD_FILE, EINVAL, S_IFIFO);
	refused("fifo", O_RDWR | O_CREAT | O_NOFOLLOW, FD_FILE, EINVAL,
	    S_IFIFO);
	ck_assert_str_eq(fd_why(EINVAL, S_IFIFO), "a FIFO, not a regular file");
}
END_TEST

START_TEST(a_socket_is_refused)
{
	struct sockaddr_un	sun;
	int			s;

	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof sun.sun_path, "%s/sock", dir);
	ck_assert_int_ne(s = socket(AF_UNIX, SOCK_STREAM, 0), -1);
	ck_assert_int_eq(bind(s, (struct sockaddr *)&sun, sizeof sun), 0);
	refused("sock", O_RDONLY, FD_FILE, EINVAL, S_IFSOCK);
	refused("sock", O_RDWR | O_CREAT, FD_FILE, EINVAL, S_IFSOCK);
	close(s);
}
END_TEST

START_TEST(a_device_is_refused)
{
	mode_t	type;

	ck_assert_int_eq(fd_open_checked(AT_FDCWD, "/dev/null", O_RDONLY, 0,
	    FD_FILE, &type), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_uint_eq(type, S_IFCHR);
	ck_assert_str_eq(fd_why(errno, type), "a device, not a regular file");
	/* Through a link to it too. */
	ck_assert_int_eq(symlinkat("/dev/null", dirfd_, "link"), 0);
	refused("link", O_WRONLY, FD_FILE, EINVAL, S_IFCHR);
}
END_TEST

START_TEST(a_loop_of_links_is_refused)
{
	ck_assert_int_eq(symlinkat("b", dirfd_, "a"), 0);
	ck_assert_int_eq(symlinkat("a", dirfd_, "b"), 0);
	/* Followed, it is a loop; not followed, a link. */
	refused("a", O_RDONLY, FD_FILE, ELOOP, 0);
	refused("a", O_RDONLY | O_NOFOLLOW, FD_FILE, ELOOP, S_IFLNK);
	refused("a", O_RDONLY | O_CREAT | O_NOFOLLOW, FD_FILE, ELOOP, S_IFLNK);
	ck_assert_str_eq(fd_why(ELOOP, S_IFLNK),
	    "a symbolic link, not followed");
}
END_TEST

START_TEST(a_link_is_followed_unless_asked_not_to)
{
	mode_t	type;
	int	fd;

	make_file("file", "x");
	ck_assert_int_eq(symlinkat("file", dirfd_, "link"), 0);
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "link", O_RDONLY, 0,
	    FD_FILE, &type), -1);
	close(fd);
	refused("link", O_RDONLY | O_NOFOLLOW, FD_FILE, ELOOP, S_IFLNK);
}
END_TEST

START_TEST(a_directory_is_refused_where_a_file_is_meant)
{
	mode_t	type;
	int	fd;

	ck_assert_int_eq(mkdirat(dirfd_, "sub", 0700), 0);
	refused("sub", O_RDONLY, FD_FILE, EISDIR, S_IFDIR);
	refused("sub", O_RDWR | O_CREAT, FD_FILE, EISDIR, S_IFDIR);
	ck_assert_str_eq(fd_why(EISDIR, S_IFDIR),
	    "a directory, not a regular file");
	/* Where a directory is meant, it is opened; a file is not. */
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "sub", O_RDONLY |
	    O_DIRECTORY, 0, FD_DIR, &type), -1);
	close(fd);
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "sub", O_RDONLY, 0,
	    FD_FILE | FD_DIR, &type), -1);
	close(fd);
	make_file("file", "x");
	refused("file", O_RDONLY, FD_DIR, ENOTDIR, S_IFREG);
	refused("file", O_RDONLY | O_DIRECTORY, FD_DIR, ENOTDIR, S_IFREG);
	ck_assert_str_eq(fd_why(ENOTDIR, S_IFREG),
	    "a regular file, not a directory");
	ck_assert_int_eq(mkfifoat(dirfd_, "fifo", 0600), 0);
	refused("fifo", O_RDONLY | O_DIRECTORY, FD_DIR, ENOTDIR, S_IFIFO);
	ck_assert_int_eq(symlinkat("sub", dirfd_, "link"), 0);
	refused("link", O_RDONLY | O_DIRECTORY | O_NOFOLLOW, FD_DIR, ELOOP,
	    S_IFLNK);
}
END_TEST

/* The lengths fd_read_all() reads whole with a bound of 8192 bytes. */
static const size_t	sizes[] = { 0, 1, 4095, 4096, 4097, 8191, 8192 };

START_TEST(a_file_is_read_whole_up_to_the_bound)
{
	char	*text, *buf = NULL;
	size_t	 len = 1, n = sizes[_i];
	mode_t	 type;
	int	 fd;

	ck_assert_ptr_nonnull(text = malloc(n + 1));
	memset(text, 'x', n);
	text[n] = '\0';
	make_file("big", text);
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "big", O_RDONLY, 0,
	    FD_FILE | FD_BLOCKING, &type), -1);
	ck_assert_int_eq(fd_read_all(fd, 8192, &buf, &len), 0);
	ck_assert_uint_eq(len, n);
	ck_assert_str_eq(buf, text);
	close(fd);
	free(buf);
	free(text);
}
END_TEST

START_TEST(a_file_past_the_bound_is_not_read)
{
	char	text[8194], *buf = NULL;
	size_t	len = 0;
	mode_t	type;
	int	fd;

	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	make_file("big", text);
	ck_assert_int_ne(fd = fd_open_checked(dirfd_, "big", O_RDONLY, 0,
	    FD_FILE, &type), -1);
	errno = 0;
	ck_assert_int_eq(fd_read_all(fd, 8192, &buf, &len), -1);
	ck_assert_int_eq(errno, EFBIG);
	ck_assert_ptr_null(buf);
	close(fd);
}
END_TEST

/* A path's directory and last part, as a file that replaces it needs. */
static const struct {
	const char	*path, *dir, *name;
} dir_rows[] = {
	{ "out.env", ".", "out.env" },
	{ "/out.env", "/", "out.env" },
	{ "/tmp/out.env", "/tmp", "out.env" },
	{ "a/b/c", "a/b", "c" },
	{ "./x", ".", "x" },
	{ "dir/", "dir", "" },
};

START_TEST(a_path_splits_into_directory_and_name)
{
	char		 parent[PATH_MAX];
	const char	*name;

	memset(parent, 'x', sizeof parent);
	name = fd_dir_of(dir_rows[_i].path, parent);
	ck_assert_str_eq(parent, dir_rows[_i].dir);
	ck_assert_str_eq(name, dir_rows[_i].name);
}
END_TEST

static Suite *
fdutil_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("fdutil");
	tc = tcase_create("open");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_regular_file_is_opened_close_on_exec);
	tcase_add_test(tc, a_file_is_created_where_there_is_none);
	tcase_add_test(tc, a_fifo_no_one_writes_to_is_refused_at_once);
	tcase_add_test(tc, a_socket_is_refused);
	tcase_add_test(tc, a_device_is_refused);
	tcase_add_test(tc, a_loop_of_links_is_refused);
	tcase_add_test(tc, a_link_is_followed_unless_asked_not_to);
	tcase_add_test(tc, a_directory_is_refused_where_a_file_is_meant);
	suite_add_tcase(s, tc);

	tc = tcase_create("read");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, a_file_is_read_whole_up_to_the_bound, 0,
	    sizeof sizes / sizeof sizes[0]);
	tcase_add_test(tc, a_file_past_the_bound_is_not_read);
	tcase_add_loop_test(tc, a_path_splits_into_directory_and_name, 0,
	    (int)(sizeof dir_rows / sizeof dir_rows[0]));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(fdutil_suite());
}
