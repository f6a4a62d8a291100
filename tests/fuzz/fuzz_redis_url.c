/* SPDX-License-Identifier: ISC */
/*
 * Fuzz the redis: store's URL parser on any bytes (a --store value or a
 * RETRY_STORE anyone could set): it takes or refuses, never overruns;
 * what it takes has a host, a port from 1 to 65535 and parts that are
 * strings, and its shown form holds no password and reads back to the
 * same parts. The same bytes as a cluster's error reply (MOVED or ASK,
 * which a server sends): read or refused, a host that fits and a port
 * from 1 to 65535 when read.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "invariants.h"
#include "store/redis_url.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct redis_url	 u, v;
	const char		*why = NULL;
	char			*url, shown[1024], host[64] = "";
	unsigned		 port = 0;
	int			 n;

	if ((url = malloc(size + 1)) == NULL)
		return 0;
	memcpy(url, data, size);
	url[size] = '\0';
	if (redis_redirect_parse(url, host, sizeof host, &port) !=
	    REDIS_NO_REDIRECT)
		CHECK(port >= 1 && port <= 65535 &&
		    memchr(host, '\0', sizeof host) != NULL);
	else
		CHECK(port == 0 && host[0] == '\0');
	if (redis_url_parse(url, &u, &why) == -1) {
		CHECK(why != NULL && why[0] != '\0');
		free(url);
		return 0;
	}
	CHECK(u.host[0] != '\0' && u.port >= 1 && u.port <= 65535);
	CHECK(u.db <= 2147483647U);
	CHECK(memchr(u.user, '\0', sizeof u.user) != NULL);
	CHECK(memchr(u.password, '\0', sizeof u.password) != NULL);
	n = redis_url_format(&u, shown, sizeof shown);
	CHECK(n > 0);
	CHECK(redis_url_parse(shown, &v, &why) == 0);
	CHECK(strcmp(u.user, v.user) == 0 && strcmp(u.host, v.host) == 0);
	CHECK(u.port == v.port && u.db == v.db);
	CHECK(u.has_password == v.has_password);
	/* The password shown is ***, whatever it was. */
	CHECK(!v.has_password || strcmp(v.password, "***") == 0);
	free(url);
	return 0;
}
