/* SPDX-License-Identifier: ISC */
/*
 * Libraries loaded when a run first needs them (dlopen), not linked: the
 * redis: store's hiredis and c-ares, rediss://'s OpenSSL. A run that
 * uses no store pays nothing for them at start-up (bench/overhead: 1.11
 * of the floor linked, 1.03 without them), and a missing library is a
 * warning for the run that wanted it, not a binary that cannot start.
 *
 * Each library's functions are a struct of pointers typed as its headers
 * declare them (__typeof__), filled by name from an X-macro list
 * (DYNLIB_FIELD, DYNLIB_SYM), so that the compiler checks every call as
 * it would a linked one.
 */
#ifndef RETRY_DYNLIB_H
#define RETRY_DYNLIB_H

#include <stddef.h>
#include <stdint.h>

/* One function to look up: its name, and where its address goes. */
struct dynlib_sym {
	const char	 *name;
	void		**slot;
};

/* A library by soname, and the functions a run takes from it. */
struct dynlib {
	const char		*soname;
	const struct dynlib_sym	*syms;
	size_t			 nsyms;
	void			*handle;	/* set once loaded */
};

/*
 * A library's table, from its X-macro list FUNCS(X, t) of X(t, function):
 *   static struct { FUNCS(DYNLIB_FIELD, t) } t;
 *   static const struct dynlib_sym t_syms[] = { FUNCS(DYNLIB_SYM, t) };
 *   static struct dynlib t_lib = DYNLIB(SONAME, t_syms);
 */
#define DYNLIB_FIELD(t, f)	__typeof__(&(f)) f;
#define DYNLIB_SYM(t, f)	{ #f, (void **)&(t).f },
#define DYNLIB(soname, syms)	\
	{ soname, syms, sizeof(syms) / sizeof((syms)[0]), NULL }

/* Load lib for who ("TLS") and look up its functions; -1 said in err. */
int	dynlib_load(struct dynlib *, const char *, char *, size_t);
/* Whether soname can be loaded here (for --version); loads and unloads it. */
int	dynlib_found(const char *);

/*
 * The ELF note that says which libraries the binary may load (the "ELF
 * dlopen metadata" convention that systemd wrote down and Fedora's rpm
 * and Debian's dh-dlopenlibdeps read): a note of type 0x407c0c0a, owner
 * "FDO", whose text is a JSON array of {feature, description, priority,
 * soname: [...]}. Packagers derive dependencies from it, since no NEEDED
 * entry names these. Only in ELF objects; elsewhere nothing.
 */
#define DYNLIB_NOTE_OWNER	"FDO"
#define DYNLIB_NOTE_TYPE	UINT32_C(0x407c0c0a)
#if defined(__ELF__)
#define DYNLIB_NOTE(var, json)						\
	__attribute__((used, section(".note.dlopen"), aligned(4)))	\
	static const struct {						\
		uint32_t	namesz, descsz, type;			\
		char		owner[sizeof DYNLIB_NOTE_OWNER];	\
		__attribute__((aligned(4))) char desc[sizeof(json)];	\
	} var = {							\
		sizeof DYNLIB_NOTE_OWNER, sizeof(json),			\
		DYNLIB_NOTE_TYPE, DYNLIB_NOTE_OWNER, json		\
	}
#else
#define DYNLIB_NOTE(var, json)	struct dynlib_note_unused_##var
#endif
/* One entry of a note's array: a feature and the one soname it loads. */
#define DYNLIB_NOTE_ENTRY(feature, description, priority, soname)	\
	"{\"feature\":\"" feature "\",\"description\":\"" description	\
	"\",\"priority\":\"" priority "\",\"soname\":[\"" soname "\"]}"

#endif
