/* SPDX-License-Identifier: ISC */
/*
 * --uncounted's LIST: "75,http:429,http:500-599". Each element is parsed
 * by the grammar of its kind (statuslist.c, http.c) and added to its set,
 * so that the option given twice adds up.
 */
#include "config.h"

#include <string.h>

#include "policy/uncounted.h"

/* Where the elements go. */
struct sets {
	struct statuslist	*exit;
	struct http_list	*http;
	int			 has_http;
};

/* An element's own text, NUL-terminated, in buf; -1 if it does not fit. */
static int
element(const char *s, size_t len, char *buf, size_t size)
{
	if (len >= size)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return 0;
}

/*
 * One element: http:N or http:N-M (an HTTP error status or a range of
 * them), else an exit status, a range or a word of a status list.
 */
static int
add_element(const char *s, size_t len, void *arg, const char **why)
{
	struct sets		*sets = arg;
	struct statuslist	 more;
	struct http_list	 hmore;
	char			 one[16];

	if (len >= 5 && strncmp(s, "http:", 5) == 0) {
		sets->has_http = 1;
		if (len == 5 || element(s + 5, len - 5, one,
		    sizeof one) == -1) {
			*why = "expected http: and an HTTP error status 400-599 "
			    "or a range N-M";
			return -1;
		}
		if (http_list_parse(one, &hmore, why) == -1)
			return -1;
		http_list_merge(sets->http, &hmore);
		return 0;
	}
	if (len == 0) {
		*why = "empty element";
		return -1;
	}
	if (element(s, len, one, sizeof one) == -1) {
		*why = "not a status 0-255, a range N-M, a word (success, "
		    "true, fail, false) or http:N";
		return -1;
	}
	if (statuslist_parse(one, &more, why) == -1)
		return -1;
	statuslist_merge(sets->exit, &more);
	return 0;
}

/*
 * Add the list's exit statuses to exit and its HTTP statuses to hl;
 * *has_http: an http: element was given. -1 with *why on error.
 */
int
uncounted_parse(const char *s, struct statuslist *exit, struct http_list *hl,
    int *has_http, const char **why)
{
	struct sets	sets = { exit, hl, 0 };
	int		rc = statuslist_split(s, add_element, &sets, why);

	*has_http = sets.has_http;
	return rc;
}
