/* SPDX-License-Identifier: ISC */
/*
 * --uncounted's LIST: exit statuses, as a status list writes them, and
 * HTTP error statuses written http:N or http:N-M.
 */
#ifndef RETRY_UNCOUNTED_H
#define RETRY_UNCOUNTED_H

#include "policy/http.h"
#include "policy/statuslist.h"

int	uncounted_parse(const char *, struct statuslist *, struct http_list *,
	    int *, const char **);

#endif
