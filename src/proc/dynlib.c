/* SPDX-License-Identifier: ISC */
/* Libraries loaded with dlopen when first used (dynlib.h says why). */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "proc/dynlib.h"

/* Why dlopen failed, in a few words: "not found", or the loader's own. */
static const char *
load_error(const char *soname)
{
	const char	*why = dlerror();
	size_t		 n = strlen(soname);

	if (why == NULL)
		return "unknown";
	if (strstr(why, "No such file") != NULL)
		return "not found";
	/* glibc's and musl's start with the name, which the caller says. */
	if (strncmp(why, soname, n) == 0 && strncmp(why + n, ": ", 2) == 0)
		why += n + 2;
	return why;
}

/*
 * Load lib and look up each of its functions; -1 with one line in err
 * that says who wanted it: "the redis: store needs libhiredis.so.0.14:
 * not found".
 */
int
dynlib_load(struct dynlib *lib, const char *who, char *err, size_t errlen)
{
	size_t	i;

	if (lib->handle != NULL)
		return 0;
	if ((lib->handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL)) ==
	    NULL) {
		snprintf(err, errlen, "%s needs %s: %s", who, lib->soname,
		    load_error(lib->soname));
		return -1;
	}
	for (i = 0; i < lib->nsyms; i++) {
		/* POSIX's way to a function's address from dlsym's void *. */
		if ((*lib->syms[i].slot = dlsym(lib->handle,
		    lib->syms[i].name)) == NULL) {
			snprintf(err, errlen, "%s needs %s with %s, which it "
			    "lacks", who, lib->soname, lib->syms[i].name);
			dlclose(lib->handle);
			lib->handle = NULL;
			return -1;
		}
	}
	return 0;
}

/* Whether soname can be loaded here (for --version); loads and unloads it. */
int
dynlib_found(const char *soname)
{
	void	*h;

	if ((h = dlopen(soname, RTLD_LAZY | RTLD_LOCAL)) == NULL)
		return 0;
	dlclose(h);
	return 1;
}
