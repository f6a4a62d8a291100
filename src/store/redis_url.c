/* SPDX-License-Identifier: ISC */
/*
 * redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB], the form that Redis' own
 * clients take (the scheme of the IANA registry, as redis-cli -u reads
 * it): USER and PASSWORD percent-decoded, HOST a name, an IPv4 address
 * or an IPv6 one in brackets, PORT 1 to 65535 (6379), DB a whole number
 * (0). Nothing after DB: no query, no fragment. A password is never
 * shown again: redis_url_format writes *** in its place. rediss:// is
 * the same over TLS (the scheme redis-cli and redis-py read; the port is
 * 6379 all the same).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "store/redis_url.h"

#define SCHEME "redis://"
#define DB_MAX 2147483647U	/* SELECT takes a 32-bit signed index */

/* The value of hex digit c, or -1. */
static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Percent-decode the n bytes at s into out (REDIS_URL_PART_MAX bytes,
 * NUL-terminated). -1 for a bad escape, a NUL byte, or too long a part.
 */
static int
decode(const char *s, size_t n, char *out, const char **why)
{
	size_t	i, o = 0;
	int	hi, lo;

	for (i = 0; i < n; i++) {
		char	c = s[i];

		if (c == '%') {
			hi = i + 2 < n ? hexval(s[i + 1]) : -1;
			lo = i + 2 < n ? hexval(s[i + 2]) : -1;
			if (hi < 0 || lo < 0) {
				*why = "a '%' must be followed by two hex digits";
				return -1;
			}
			c = (char)(hi * 16 + lo);
			if (c == '\0') {
				*why = "%00 is not allowed";
				return -1;
			}
			i += 2;
		}
		if (o + 1 >= REDIS_URL_PART_MAX) {
			*why = "the user or password is too long";
			return -1;
		}
		out[o++] = c;
	}
	out[o] = '\0';
	return 0;
}

/*
 * [USER]:PASSWORD or USER (its password then from RETRY_STORE_PASSWORD),
 * the n bytes at s. An empty password is none.
 */
static int
parse_userinfo(const char *s, size_t n, struct redis_url *u,
    const char **why)
{
	const char	*colon = memchr(s, ':', n);

	if (n == 0) {
		*why = "expected USER@ or [USER]:PASSWORD@ before the host";
		return -1;
	}
	if (colon == NULL)
		return decode(s, n, u->user, why);
	if (decode(s, (size_t)(colon - s), u->user, why) == -1 ||
	    decode(colon + 1, n - (size_t)(colon - s) - 1, u->password,
	    why) == -1)
		return -1;
	u->has_password = u->password[0] != '\0';
	return 0;
}

/* A whole number of digits at [s, s + n), at most max. */
static int
parse_number(const char *s, size_t n, unsigned max, unsigned *out)
{
	unsigned long long	v = 0;
	size_t		i;

	if (n == 0 || n > 10)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned long long)(s[i] - '0');
	}
	if (v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* Whether the n bytes at s are a host name or an IPv4 address. */
static int
name_ok(const char *s, size_t n)
{
	size_t	i;

	if (n == 0 || n >= REDIS_URL_PART_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '.' ||
		    s[i] == '-' || s[i] == '_'))
			return 0;
	return 1;
}

/* Whether the n bytes at s may be an IPv6 address (the resolver checks). */
static int
ipv6_ok(const char *s, size_t n)
{
	size_t	i;

	if (n < 2 || n >= REDIS_URL_PART_MAX || memchr(s, ':', n) == NULL)
		return 0;
	for (i = 0; i < n; i++)
		if (hexval(s[i]) < 0 && s[i] != ':' && s[i] != '.')
			return 0;
	return 1;
}

/* HOST[:PORT], the n bytes at s. */
static int
parse_hostport(const char *s, size_t n, struct redis_url *u,
    const char **why)
{
	const char	*end = s + n, *h = s, *he, *p = NULL;

	if (n > 0 && s[0] == '[') {
		h = s + 1;
		if ((he = memchr(h, ']', (size_t)(end - h))) == NULL) {
			*why = "an IPv6 address needs its closing ']'";
			return -1;
		}
		if (!ipv6_ok(h, (size_t)(he - h))) {
			*why = "expected an IPv6 address between '[' and ']'";
			return -1;
		}
		if (he + 1 < end && he[1] != ':') {
			*why = "expected ':PORT' after ']'";
			return -1;
		}
		p = he + 1 < end ? he + 2 : NULL;
	} else {
		he = memchr(s, ':', n);
		if (he == NULL)
			he = end;
		else
			p = he + 1;
		if (!name_ok(h, (size_t)(he - h))) {
			*why = he == h ? "the host is missing" :
			    "expected a host name or address";
			return -1;
		}
	}
	memcpy(u->host, h, (size_t)(he - h));
	u->host[he - h] = '\0';
	u->port = REDIS_DEFAULT_PORT;
	if (p != NULL && (parse_number(p, (size_t)(end - p), 65535,
	    &u->port) == -1 || u->port == 0)) {
		*why = "the port must be a whole number from 1 to 65535";
		return -1;
	}
	return 0;
}

/*
 * Parse url into u. -1 with *why (a phrase for "invalid value ...: why")
 * when it is not such a URL.
 */
int
redis_url_parse(const char *url, struct redis_url *u, const char **why)
{
	size_t		 h = sizeof SCHEME - 1;
	const char	*auth, *slash, *at, *end;

	memset(u, 0, sizeof *u);
	if (strncasecmp(url, "rediss://", 9) == 0) {
		u->tls = 1;
		h++;
	} else if (strncasecmp(url, SCHEME, h) != 0) {
		*why = "expected redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB]";
		return -1;
	}
	auth = url + h;
	end = auth + strlen(auth);
	if (strpbrk(auth, "?#") != NULL) {
		*why = "nothing may follow /DB (no '?' or '#')";
		return -1;
	}
	slash = strchr(auth, '/');
	if (slash == NULL)
		slash = end;
	/* The last '@': a password may hold one, percent-encoded or not. */
	for (at = slash; at > auth && at[-1] != '@'; at--)
		;
	if (at > auth) {
		if (parse_userinfo(auth, (size_t)(at - 1 - auth), u, why) == -1)
			return -1;
		auth = at;
	}
	if (parse_hostport(auth, (size_t)(slash - auth), u, why) == -1)
		return -1;
	if (slash < end && slash + 1 < end && parse_number(slash + 1,
	    (size_t)(end - slash - 1), DB_MAX, &u->db) == -1) {
		*why = "the DB must be a whole number from 0 to 2147483647";
		return -1;
	}
	return 0;
}

/*
 * The URL to show in messages and JSON, which reads back to the same
 * parts: the user percent-encoded where it must be, the password ***.
 * The length written, or -1 if buf is too small.
 */
int
redis_url_format(const struct redis_url *u, char *buf, size_t len)
{
	char	user[3 * REDIS_URL_PART_MAX];
	size_t	i, o = 0;
	int	v6 = strchr(u->host, ':') != NULL, n;

	for (i = 0; u->user[i] != '\0'; i++) {
		unsigned char	c = (unsigned char)u->user[i];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~", c) != NULL)
			user[o++] = (char)c;
		else
			o += (size_t)snprintf(user + o, sizeof user - o,
			    "%%%02X", c);
	}
	user[o] = '\0';
	n = snprintf(buf, len, "%s://%s%s%s%s%s:%u/%u",
	    u->tls ? "rediss" : "redis", user,
	    u->has_password ? ":***@" : u->user[0] != '\0' ? "@" : "",
	    v6 ? "[" : "", u->host,
	    v6 ? "]" : "", u->port, u->db);
	return n < 0 || (size_t)n >= len ? -1 : n;
}

/*
 * A cluster's error reply "MOVED slot endpoint" or "ASK slot endpoint",
 * endpoint being host:port, [ipv6]:port, ipv6:port (the last ':' ends
 * the host) or :port (the same host: host is then left as it is). Any
 * other reply, or one that does not read so, is REDIS_NO_REDIRECT.
 */
enum redis_redirect
redis_redirect_parse(const char *error, char *host, size_t hostlen,
    unsigned *port)
{
	enum redis_redirect	 kind;
	const char		*p, *colon;
	unsigned long		 n;
	char			*end;
	size_t			 len;

	if (strncmp(error, "MOVED ", 6) == 0)
		kind = REDIS_MOVED;
	else if (strncmp(error, "ASK ", 4) == 0)
		kind = REDIS_ASK;
	else
		return REDIS_NO_REDIRECT;
	p = strchr(error, ' ') + 1;
	if (*p < '0' || *p > '9' || strtoul(p, &end, 10) > 16383 ||
	    *end != ' ')
		return REDIS_NO_REDIRECT;
	p = end + 1;
	if ((colon = strrchr(p, ':')) == NULL || colon[1] < '0' ||
	    colon[1] > '9')
		return REDIS_NO_REDIRECT;
	n = strtoul(colon + 1, &end, 10);
	if (*end != '\0' || n == 0 || n > 65535)
		return REDIS_NO_REDIRECT;
	len = (size_t)(colon - p);
	if (len >= 2 && p[0] == '[' && colon[-1] == ']') {
		p++;
		len -= 2;
	}
	if (len >= hostlen || memchr(p, ' ', len) != NULL)
		return REDIS_NO_REDIRECT;
	if (len > 0) {
		memcpy(host, p, len);
		host[len] = '\0';
	}
	*port = (unsigned)n;
	return kind;
}
