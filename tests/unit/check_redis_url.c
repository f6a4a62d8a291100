/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of redis_url.c: the URLs of retry(1)'s --store=redis://...
 * as a table of good ones with their parts, a table of bad ones with the
 * phrase that says why, and the form shown in messages, which never
 * holds the password.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "check_run.h"
#include "store/redis_url.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

static const struct {
	const char	*url;
	const char	*user, *password;	/* password NULL: none */
	const char	*host;
	unsigned	 port, db;
	const char	*shown;
} good[] = {
	{ "redis://localhost", "", NULL, "localhost", 6379, 0,
	    "redis://localhost:6379/0" },
	{ "redis://127.0.0.1:6380/3", "", NULL, "127.0.0.1", 6380, 3,
	    "redis://127.0.0.1:6380/3" },
	{ "REDIS://h/", "", NULL, "h", 6379, 0, "redis://h:6379/0" },
	{ "redis://:s3cret@h", "", "s3cret", "h", 6379, 0,
	    "redis://:***@h:6379/0" },
	{ "redis://alice:s3cret@cache.example.org:7000/15", "alice", "s3cret",
	    "cache.example.org", 7000, 15,
	    "redis://alice:***@cache.example.org:7000/15" },
	{ "redis://:p%40ss%2Fw%3Ard@h", "", "p@ss/w:rd", "h", 6379, 0,
	    "redis://:***@h:6379/0" },
	{ "redis://:a@b@h", "", "a@b", "h", 6379, 0,
	    "redis://:***@h:6379/0" },
	{ "redis://u:@h", "u", NULL, "h", 6379, 0, "redis://u@h:6379/0" },
	{ "redis://alice@h", "alice", NULL, "h", 6379, 0,
	    "redis://alice@h:6379/0" },
	{ "redis://:@h", "", NULL, "h", 6379, 0, "redis://h:6379/0" },
	{ "redis://[::1]:6390/1", "", NULL, "::1", 6390, 1,
	    "redis://[::1]:6390/1" },
	{ "redis://[fe80::1]", "", NULL, "fe80::1", 6379, 0,
	    "redis://[fe80::1]:6379/0" },
	{ "redis://h:65535/2147483647", "", NULL, "h", 65535, 2147483647U,
	    "redis://h:65535/2147483647" },
	{ "redis://h_1-a.b", "", NULL, "h_1-a.b", 6379, 0,
	    "redis://h_1-a.b:6379/0" },
	{ "redis://a%3Ab%40c:p@h", "a:b@c", "p", "h", 6379, 0,
	    "redis://a%3Ab%40c:***@h:6379/0" },
	/* TLS: the same parts, the scheme kept when shown. */
	{ "rediss://:s3cret@cache.example.org:6380/2", "", "s3cret",
	    "cache.example.org", 6380, 2, "rediss://:***@cache.example.org:6380/2" },
	{ "REDISS://[::1]", "", NULL, "::1", 6379, 0, "rediss://[::1]:6379/0" },
};

START_TEST(good_urls_give_their_parts)
{
	struct redis_url	 u;
	const char		*why = NULL;
	char			 shown[600];

	ck_assert_msg(redis_url_parse(good[_i].url, &u, &why) == 0, "%s: %s",
	    good[_i].url, why);
	ck_assert_str_eq(u.user, good[_i].user);
	ck_assert_int_eq(u.has_password, good[_i].password != NULL);
	if (good[_i].password != NULL)
		ck_assert_str_eq(u.password, good[_i].password);
	ck_assert_str_eq(u.host, good[_i].host);
	ck_assert_uint_eq(u.port, good[_i].port);
	ck_assert_uint_eq(u.db, good[_i].db);
	ck_assert_int_gt(redis_url_format(&u, shown, sizeof shown), 0);
	ck_assert_str_eq(shown, good[_i].shown);
	ck_assert_int_eq(u.tls, strncasecmp(good[_i].url, "rediss:", 7) == 0);
}
END_TEST

static const struct {
	const char	*url;
	const char	*why;	/* a part of the phrase */
} bad[] = {
	{ "", "expected redis[s]://" },
	{ "redis:/h", "expected redis[s]://" },
	{ "http://h", "expected redis[s]://" },
	{ "redisss://h", "expected redis[s]://" },
	{ "rediss:/h", "expected redis[s]://" },
	{ "rediss://", "the host is missing" },
	{ "rediss://h:0", "the port" },
	{ "redis://", "the host is missing" },
	{ "redis://:6379", "the host is missing" },
	{ "redis:///0", "the host is missing" },
	{ "redis://h:0", "the port" },
	{ "redis://h:65536", "the port" },
	{ "redis://h:", "the port" },
	{ "redis://h:63x9", "the port" },
	{ "redis://h:99999999999", "the port" },
	{ "redis://h:-1", "the port" },
	{ "redis://h/x", "the DB" },
	{ "redis://h/-1", "the DB" },
	{ "redis://h/2147483648", "the DB" },
	{ "redis://h/1/2", "the DB" },
	{ "redis://h/0?timeout=1", "no '?'" },
	{ "redis://h#x", "no '?'" },
	{ "redis://@h", "USER@ or [USER]:PASSWORD@" },
	{ "redis://h:4294967297", "the port" },
	{ "redis://h/4294967296", "the DB" },
	{ "redis://:p%4@h", "two hex digits" },
	{ "redis://:p%@h", "two hex digits" },
	{ "redis://:p%zz@h", "two hex digits" },
	{ "redis://:p%00@h", "%00" },
	{ "redis://h o", "expected a host name" },
	{ "redis://h:1@", "the host is missing" },
	{ "redis://[::1", "closing ']'" },
	{ "redis://[]", "IPv6" },
	{ "redis://[h]", "IPv6" },
	{ "redis://[::1]x", "expected ':PORT'" },
};

START_TEST(bad_urls_say_why)
{
	struct redis_url	 u;
	const char		*why = NULL;

	ck_assert_msg(redis_url_parse(bad[_i].url, &u, &why) == -1,
	    "%s was taken", bad[_i].url);
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, bad[_i].why) != NULL, "%s: '%s', not '%s'",
	    bad[_i].url, why, bad[_i].why);
}
END_TEST

/* A user or password of 255 bytes is taken; one more is not. */
START_TEST(parts_are_bounded)
{
	struct redis_url	 u;
	const char		*why;
	char			 url[1200], pw[800];
	int			 i;

	memset(pw, 'p', 255);
	pw[255] = '\0';
	snprintf(url, sizeof url, "redis://:%s@h", pw);
	ck_assert_int_eq(redis_url_parse(url, &u, &why), 0);
	ck_assert_uint_eq(strlen(u.password), 255);
	snprintf(url, sizeof url, "redis://:%sp@h", pw);
	ck_assert_int_eq(redis_url_parse(url, &u, &why), -1);
	ck_assert_ptr_nonnull(strstr(why, "too long"));
	/* %XX counts once: 255 decoded bytes from 765 written. */
	memset(pw, 0, sizeof pw);
	for (i = 0; i < 255; i++)
		memcpy(pw + 3 * i, "%41", 3);
	snprintf(url, sizeof url, "redis://:%s@h", pw);
	ck_assert_int_eq(redis_url_parse(url, &u, &why), 0);
	ck_assert_uint_eq(strlen(u.password), 255);
	memset(url, 'h', sizeof url - 1);
	url[sizeof url - 1] = '\0';
	memcpy(url, "redis://", 8);
	ck_assert_int_eq(redis_url_parse(url, &u, &why), -1);
}
END_TEST

/* A buffer too small for the shown form is said, never overrun. */
START_TEST(format_says_when_it_does_not_fit)
{
	struct redis_url	 u;
	const char		*why;
	char			 buf[8];

	ck_assert_int_eq(redis_url_parse("redis://localhost", &u, &why), 0);
	ck_assert_int_eq(redis_url_format(&u, buf, sizeof buf), -1);
}
END_TEST

/* A cluster's redirections, and replies that are none. */
static const struct {
	const char		*reply;
	enum redis_redirect	 kind;
	const char		*host;	/* after, from "was" */
	unsigned		 port;
} redirects[] = {
	{ "MOVED 3999 127.0.0.1:6381", REDIS_MOVED, "127.0.0.1", 6381 },
	{ "ASK 16383 node-2.cache.internal:7000", REDIS_ASK,
	    "node-2.cache.internal", 7000 },
	{ "MOVED 0 ::1:7001", REDIS_MOVED, "::1", 7001 },
	{ "MOVED 0 [fe80::1]:7001", REDIS_MOVED, "fe80::1", 7001 },
	/* No host: the same one. */
	{ "MOVED 12 :6390", REDIS_MOVED, "was", 6390 },
	{ "MOVED 16384 h:1", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED x h:1", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED 1 h", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED 1 h:", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED 1 h:0", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED 1 h:65536", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED 1 h:70x", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED 1 a b:70", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED", REDIS_NO_REDIRECT, "was", 0 },
	{ "MOVED ", REDIS_NO_REDIRECT, "was", 0 },
	{ "ASKING 1 h:1", REDIS_NO_REDIRECT, "was", 0 },
	{ "ERR MOVED 1 h:1", REDIS_NO_REDIRECT, "was", 0 },
	{ "NOSCRIPT No matching script", REDIS_NO_REDIRECT, "was", 0 },
};

START_TEST(redirects_read_their_node)
{
	char		host[REDIS_URL_PART_MAX] = "was";
	unsigned	port = 0;

	ck_assert_int_eq(redis_redirect_parse(redirects[_i].reply, host,
	    sizeof host, &port), redirects[_i].kind);
	ck_assert_str_eq(host, redirects[_i].host);
	ck_assert_uint_eq(port, redirects[_i].port);
}
END_TEST

/* A host longer than the buffer is no redirection, and no overrun. */
START_TEST(redirect_host_is_bounded)
{
	char		host[8] = "was", reply[64];
	unsigned	port = 0;

	snprintf(reply, sizeof reply, "MOVED 1 %s:7000", "abcdefg");
	ck_assert_int_eq(redis_redirect_parse(reply, host, sizeof host, &port),
	    REDIS_MOVED);
	ck_assert_str_eq(host, "abcdefg");
	snprintf(reply, sizeof reply, "MOVED 1 %s:7000", "abcdefgh");
	ck_assert_int_eq(redis_redirect_parse(reply, host, sizeof host, &port),
	    REDIS_NO_REDIRECT);
	ck_assert_str_eq(host, "abcdefg");
}
END_TEST

static Suite *
redis_url_suite(void)
{
	Suite	*s = suite_create("redis_url");
	TCase	*tc = tcase_create("parse");

	tcase_add_loop_test(tc, good_urls_give_their_parts, 0, nitems(good));
	tcase_add_loop_test(tc, bad_urls_say_why, 0, nitems(bad));
	tcase_add_test(tc, parts_are_bounded);
	tcase_add_test(tc, format_says_when_it_does_not_fit);
	tcase_add_loop_test(tc, redirects_read_their_node, 0, nitems(redirects));
	tcase_add_test(tc, redirect_host_is_bounded);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return check_run(redis_url_suite());
}
