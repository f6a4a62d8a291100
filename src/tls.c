/* SPDX-License-Identifier: ISC */
/*
 * rediss:// with OpenSSL 3. The settings (tls_new) are read once a run
 * from the environment, as redis-cli's --cacert, --cert and --key:
 *
 *   RETRY_STORE_CACERT  the CAs to trust: a PEM file, or a directory of
 *                       hashed certificates; else the system's (and
 *                       OpenSSL's SSL_CERT_FILE, SSL_CERT_DIR)
 *   RETRY_STORE_CERT    a client certificate (PEM, chain allowed)
 *   RETRY_STORE_KEY     its key (PEM); else read from RETRY_STORE_CERT
 *
 * TLS 1.2 at least. The server's certificate must chain to a trusted CA
 * and name the host we asked for: its DNS name (sent with SNI too), or
 * its IP address when the host is one (no SNI then, RFC 6066).
 */
#include "config.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "large.h"
#include "tls.h"

struct tls {
	SSL_CTX	*ctx;
};

struct tls_conn {
	SSL	*ssl;
};

/*
 * OpenSSL is loaded (dlopen) by the first run that needs it, not linked:
 * the dynamic loader's work for libssl and libcrypto is 3.2 million
 * instructions at every start (callgrind; 0.13 million for an empty
 * program, 0.28 for all of `retry -- true` without them), which every
 * run would pay for a store that few use. Each function's type is the
 * one OpenSSL's headers declare (__typeof__), so the compiler checks the
 * calls as it would linked ones, and a call not in the table fails the
 * link.
 */
#define OPENSSL_FUNCS(X) \
	X(ERR_clear_error) X(OPENSSL_init_ssl) X(SSL_CTX_set_security_level) X(ERR_peek_last_error) X(ERR_reason_error_string) \
	X(SSL_CTX_ctrl) X(SSL_CTX_free) X(SSL_CTX_load_verify_dir) \
	X(SSL_CTX_load_verify_locations) X(SSL_CTX_new) \
	X(SSL_CTX_set_default_verify_paths) X(SSL_CTX_set_verify) \
	X(SSL_CTX_use_PrivateKey_file) X(SSL_CTX_use_certificate_chain_file) \
	X(SSL_connect) X(SSL_ctrl) X(SSL_free) X(SSL_get0_param) \
	X(SSL_get_error) X(SSL_get_verify_result) X(SSL_new) X(SSL_read_ex) \
	X(SSL_set1_host) X(SSL_set_fd) X(SSL_write_ex) X(TLS_client_method) \
	X(X509_VERIFY_PARAM_set1_ip_asc) X(X509_get_default_cert_dir) \
	X(X509_get_default_cert_dir_env) X(X509_get_default_cert_file_env) \
	X(X509_verify_cert_error_string)

static struct {
#define X(f) __typeof__(&(f)) (f);
	OPENSSL_FUNCS(X)
#undef X
} ossl LARGE_ZEROED;	/* a rediss: store's only */

/*
 * The errno that OpenSSL's system calls set. A static retry (configure.ac)
 * loads libssl with a C library of its own, libc.so.6 beside the static
 * one, and each has its own errno: OpenSSL's is found through libssl,
 * where the same lookup in a dynamic retry finds its own.
 */
static int *(*ssl_errno_at)(void) LARGE_ZEROED;

static int *
ssl_errno(void)
{
	return ssl_errno_at != NULL ? ssl_errno_at() : &errno;
}

/* OpenSSL's functions, loaded once a run; -1 said in err. */
static int
load_openssl(char *err, size_t errlen)
{
	static void	*lib;
	const char	*missing = NULL;

	if (lib != NULL)
		return 0;
	if ((lib = dlopen(LIBSSL_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		const char	*why = dlerror();

		snprintf(err, errlen, "TLS: cannot load %s: %s", LIBSSL_SONAME,
		    why != NULL ? why : "unknown");
		return -1;
	}
	/* POSIX's way to a function's address from dlsym's void *. */
#define X(f) \
	if (missing == NULL && (*(void **)&ossl.f = dlsym(lib, #f)) == NULL) \
		missing = #f;
	OPENSSL_FUNCS(X)
#undef X
	/* glibc's and musl's name; where there is none, errno is shared. */
	*(void **)&ssl_errno_at = dlsym(lib, "__errno_location");
	/*
	 * No openssl.cnf (OPENSSL_CONF): a file read before any bound, that
	 * could be a FIFO; what Debian's sets, security level 2, is set
	 * here instead.
	 */
	if (missing == NULL && ossl.OPENSSL_init_ssl(
	    OPENSSL_INIT_NO_LOAD_CONFIG, NULL) != 1)
		missing = "OPENSSL_init_ssl";
	if (missing != NULL) {
		snprintf(err, errlen, "TLS: %s has no %s", LIBSSL_SONAME,
		    missing);
		dlclose(lib);
		lib = NULL;
		return -1;
	}
	return 0;
}

/* OpenSSL's reason for the last failure, or fallback. */
static const char *
reason(const char *fallback)
{
	unsigned long	e = ossl.ERR_peek_last_error();
	const char	*r = e != 0 ? ossl.ERR_reason_error_string(e) : NULL;

	return r != NULL ? r : fallback;
}

static int
load_ca(SSL_CTX *ctx, const char *path)
{
	struct stat	st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return ossl.SSL_CTX_load_verify_locations(ctx, NULL, path);
	return ossl.SSL_CTX_load_verify_locations(ctx, path, NULL);
}

static int
load_cert(SSL_CTX *ctx, const char *path)
{
	return ossl.SSL_CTX_use_certificate_chain_file(ctx, path);
}

static int
load_key(SSL_CTX *ctx, const char *path)
{
	return ossl.SSL_CTX_use_PrivateKey_file(ctx, path, SSL_FILETYPE_PEM);
}

/* Load what the variable names with load; -1 said in err. */
static int
load(SSL_CTX *ctx, const char *var, const char *path,
    int (*loader)(SSL_CTX *, const char *), char *err, size_t errlen)
{
	struct stat	 st;
	const char	*why;

	/*
	 * A file that is not there says so better than OpenSSL's reason,
	 * and a FIFO or a device is not read at all: it could hold the run
	 * past any bound (only a CA directory may be a directory).
	 */
	if (stat(path, &st) == -1 || access(path, R_OK) == -1)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode) && !(S_ISDIR(st.st_mode) &&
	    loader == load_ca))
		why = "not a regular file";
	else {
		ossl.ERR_clear_error();
		if (loader(ctx, path) == 1)
			return 0;
		why = reason(strerror(*ssl_errno()));
		/* OpenSSL's words for a key that is not there, or not ours. */
		if (loader == load_key)
			why = strstr(why, "mismatch") != NULL ?
			    "it is not the key of RETRY_STORE_CERT" :
			    "no private key (PEM) in it";
	}
	snprintf(err, errlen, "TLS: cannot read %s (%s): %s", var, path, why);
	return -1;
}

/* Whether dir holds a certificate by hash (c_rehash's 0123abcd.0). */
static int
hashed(const char *dir)
{
	struct dirent	*e;
	DIR		*d;
	int		 found = 0;
	size_t		 i;

	if ((d = opendir(dir)) == NULL)
		return 0;
	while (!found && (e = readdir(d)) != NULL) {
		for (i = 0; i < 8 && isxdigit((unsigned char)e->d_name[i]); i++)
			;
		found = i == 8 && e->d_name[8] == '.' &&
		    isdigit((unsigned char)e->d_name[9]);
	}
	closedir(d);
	return found;
}

/*
 * The system's CAs. OpenSSL's default reads the whole bundle file (146
 * certificates on Debian 12: 18.8 ms, measured, more than the rest of a
 * store's call) and the hashed directory; the directory alone is read
 * lazily, one certificate a lookup (0.1 ms). So the directory when it is
 * hashed, as on Debian, else OpenSSL's default; but what SSL_CERT_FILE
 * and SSL_CERT_DIR name when they are set, as OpenSSL would.
 */
static int
system_cas(SSL_CTX *ctx, char *err, size_t errlen)
{
	const char	*file = getenv(ossl.X509_get_default_cert_file_env());
	const char	*dir = getenv(ossl.X509_get_default_cert_dir_env());

	/* OpenSSL's variables, checked as ours are: never a FIFO. */
	if (file != NULL && load(ctx, ossl.X509_get_default_cert_file_env(),
	    file, load_ca, err, errlen) == -1)
		return -1;
	if (dir != NULL && load(ctx, ossl.X509_get_default_cert_dir_env(),
	    dir, load_ca, err, errlen) == -1)
		return -1;
	if (file != NULL || dir != NULL)
		return 0;
	dir = ossl.X509_get_default_cert_dir();
	if (hashed(dir))
		return ossl.SSL_CTX_load_verify_dir(ctx, dir) == 1 ? 0 : -1;
	return ossl.SSL_CTX_set_default_verify_paths(ctx) == 1 ? 0 : -1;
}

/* The CAs to trust, and our own certificate if one is named. */
static int
settings(SSL_CTX *ctx, char *err, size_t errlen)
{
	const char	*ca = getenv("RETRY_STORE_CACERT");
	const char	*cert = getenv("RETRY_STORE_CERT");
	const char	*key = getenv("RETRY_STORE_KEY");

	if (ca != NULL && ca[0] != '\0') {
		if (load(ctx, "RETRY_STORE_CACERT", ca, load_ca, err,
		    errlen) == -1)
			return -1;
	} else if (system_cas(ctx, err, errlen) == -1) {
		if (err[0] == '\0')
			snprintf(err, errlen, "TLS: cannot read the system's "
			    "CAs: %s", reason("unknown"));
		return -1;
	}
	if (cert == NULL || cert[0] == '\0') {
		if (key != NULL && key[0] != '\0') {
			snprintf(err, errlen, "TLS: RETRY_STORE_KEY without "
			    "RETRY_STORE_CERT");
			return -1;
		}
		return 0;
	}
	if (key == NULL || key[0] == '\0')
		key = cert;
	if (load(ctx, "RETRY_STORE_CERT", cert, load_cert, err, errlen) == -1 ||
	    load(ctx, "RETRY_STORE_KEY", key, load_key, err, errlen) == -1)
		return -1;
	return 0;
}

/* The settings of a run; NULL with one line in err. */
struct tls *
tls_new(char *err, size_t errlen)
{
	struct tls	*t;

	err[0] = '\0';
	if (load_openssl(err, errlen) == -1)
		return NULL;
	if ((t = calloc(1, sizeof *t)) == NULL) {
		snprintf(err, errlen, "TLS: %s", strerror(errno));
		return NULL;
	}
	ossl.ERR_clear_error();
	if ((t->ctx = ossl.SSL_CTX_new(ossl.TLS_client_method())) == NULL) {
		snprintf(err, errlen, "TLS: %s", reason("cannot start"));
		free(t);
		return NULL;
	}
	ossl.SSL_CTX_ctrl(t->ctx, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION,
	    NULL);
	ossl.SSL_CTX_set_verify(t->ctx, SSL_VERIFY_PEER, NULL);
	ossl.SSL_CTX_set_security_level(t->ctx, 2);
	/* We write again with the same bytes, not always the same buffer. */
	ossl.SSL_CTX_ctrl(t->ctx, SSL_CTRL_MODE,
	    SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER, NULL);
	if (settings(t->ctx, err, errlen) == -1) {
		tls_free(t);
		return NULL;
	}
	return t;
}

void
tls_free(struct tls *t)
{
	if (t == NULL)
		return;
	ossl.SSL_CTX_free(t->ctx);
	free(t);
}

/* The name the peer must have: host's IP address, or its DNS name. */
static int
expect_name(SSL *ssl, const char *host)
{
	unsigned char	buf[sizeof(struct in6_addr)];

	if (inet_pton(AF_INET, host, buf) == 1 ||
	    inet_pton(AF_INET6, host, buf) == 1)
		return ossl.X509_VERIFY_PARAM_set1_ip_asc(ossl.SSL_get0_param(ssl),
		    host) == 1 ? 0 : -1;
	if (ossl.SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME,
	    TLSEXT_NAMETYPE_host_name, (void *)(uintptr_t)host) != 1)
		return -1;
	return ossl.SSL_set1_host(ssl, host) == 1 ? 0 : -1;
}

/* A connection over fd, to host; NULL with one line in err. */
struct tls_conn *
tls_conn_new(struct tls *t, int fd, const char *host, char *err,
    size_t errlen)
{
	struct tls_conn	*c;

	if ((c = calloc(1, sizeof *c)) == NULL) {
		snprintf(err, errlen, "TLS: %s", strerror(errno));
		return NULL;
	}
	ossl.ERR_clear_error();
	if ((c->ssl = ossl.SSL_new(t->ctx)) == NULL || ossl.SSL_set_fd(c->ssl, fd) != 1 ||
	    expect_name(c->ssl, host) == -1) {
		snprintf(err, errlen, "TLS: %s", reason("cannot start"));
		tls_conn_free(c);
		return NULL;
	}
	return c;
}

/* What a step that returned r wants, or why it failed. */
static enum tls_io
outcome(struct tls_conn *c, int r, char *err, size_t errlen)
{
	long	v;

	switch (ossl.SSL_get_error(c->ssl, r)) {
	case SSL_ERROR_WANT_READ:
		return TLS_WANT_READ;
	case SSL_ERROR_WANT_WRITE:
		return TLS_WANT_WRITE;
	case SSL_ERROR_ZERO_RETURN:
		snprintf(err, errlen, "TLS: connection closed");
		return TLS_FAILED;
	case SSL_ERROR_SYSCALL:
		if (ossl.ERR_peek_last_error() == 0) {
			snprintf(err, errlen, "TLS: %s", *ssl_errno() != 0 ?
			    strerror(*ssl_errno()) : "connection closed");
			return TLS_FAILED;
		}
		break;
	default:
		break;
	}
	if ((v = ossl.SSL_get_verify_result(c->ssl)) != X509_V_OK)
		snprintf(err, errlen, "TLS: certificate verify failed: %s",
		    ossl.X509_verify_cert_error_string(v));
	else
		snprintf(err, errlen, "TLS: %s", reason("failed"));
	return TLS_FAILED;
}

enum tls_io
tls_handshake(struct tls_conn *c, char *err, size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	*ssl_errno() = 0;
	if ((r = ossl.SSL_connect(c->ssl)) == 1)
		return TLS_DONE;
	return outcome(c, r, err, errlen);
}

enum tls_io
tls_read(struct tls_conn *c, char *buf, size_t len, size_t *got, char *err,
    size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	*ssl_errno() = 0;
	if ((r = ossl.SSL_read_ex(c->ssl, buf, len, got)) == 1)
		return TLS_DONE;
	return outcome(c, r, err, errlen);
}

enum tls_io
tls_write(struct tls_conn *c, const char *buf, size_t len, size_t *put,
    char *err, size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	*ssl_errno() = 0;
	if ((r = ossl.SSL_write_ex(c->ssl, buf, len, put)) == 1)
		return TLS_DONE;
	return outcome(c, r, err, errlen);
}

void
tls_conn_free(struct tls_conn *c)
{
	if (c == NULL)
		return;
	ossl.SSL_free(c->ssl);
	free(c);
}
