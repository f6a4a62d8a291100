/* SPDX-License-Identifier: ISC */
/*
 * A program that does nothing, linked as a resolver would link it: built
 * plain, with -DCARES (libcares, its library set up and torn down) and
 * with -DGAI_A (getaddrinfo_a referenced, -lanl), so that bench/resolve/run
 * can time the start-up each adds. With the argument "maps" it prints its
 * own /proc/self/maps, for the size of what was mapped.
 */
#define _GNU_SOURCE
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#ifdef CARES
#include <ares.h>
#endif

int
main(int argc, char **argv)
{
	FILE	*f;
	char	 line[512];

#ifdef CARES
	if (ares_library_init(ARES_LIB_INIT_ALL) != ARES_SUCCESS)
		return 1;
	ares_library_cleanup();
#endif
#ifdef GAI_A
	if (argc > 9)	/* never: only the reference counts */
		return getaddrinfo_a(GAI_NOWAIT, NULL, 0, NULL);
#endif
	if (argc > 1 && strcmp(argv[1], "maps") == 0 &&
	    (f = fopen("/proc/self/maps", "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL)
			fputs(line, stdout);
		fclose(f);
	}
	return 0;
}
