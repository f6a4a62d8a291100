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
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "dynlib.h"
#include "large.h"
#include "tls.h"

struct tls {
	SSL_CTX	*ctx;
};

struct tls_conn {
	SSL	*ssl;
};

/*
 * OpenSSL is loaded (dlopen, dynlib.h) by the first run that needs it,
 * not linked: the dynamic loader's work for libssl and libcrypto is 3.2
 * million instructions at every start (callgrind; 0.13 million for an
 * empty program, 0.28 for all of `retry -- true` without them), which
 * every run would pay for a store that few use. The functions come from
 * libssl's handle, libcrypto's through it.
 */
#define OPENSSL_FUNCS(X) \
	X(ERR_clear_error) X(OPENSSL_init_ssl) X(SSL_CTX_set_security_level) X(ERR_peek_last_error) X(ERR_reason_error_string) \
	X(SSL_CTX_get_security_level) X(CONF_get1_default_config_file) X(CRYPTO_free) \
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

static const struct dynlib_sym ossl_syms[] = {
#define X(f) { #f, (void **)&ossl.f },
	OPENSSL_FUNCS(X)
#undef X
};

DYNLIB_NOTE(tls_note, "[" DYNLIB_NOTE_ENTRY("rediss",
    "TLS for the redis: store of --budget (rediss://)", "recommended",
    LIBSSL_SONAME) "]");

/* OpenSSL's reason for the last failure, or fallback. */
static const char *
reason(const char *fallback)
{
	unsigned long	e = ossl.ERR_peek_last_error();
	const char	*r = e != 0 ? ossl.ERR_reason_error_string(e) : NULL;

	return r != NULL ? r : fallback;
}

/*
 * The OpenSSL configuration, as every TLS client reads it (OPENSSL_CONF,
 * else OpenSSL's own openssl.cnf): a host's crypto policy, a raised
 * MinProtocol or a FIPS provider apply to rediss:// too. OpenSSL reads
 * the file with a blocking open, before any bound of ours: so it is
 * looked at first, and anything but a regular file (a FIFO would hold
 * the run) or a missing one (OpenSSL's default then) is refused, said in
 * err. The file is root's or the caller's own (OPENSSL_CONF): no one
 * else can swap it between the look and OpenSSL's read.
 */
static int
config_checked(char *err, size_t errlen)
{
	const char	*env = getenv("OPENSSL_CONF");
	char		*dflt = NULL;
	const char	*path = env;
	int		 rc = 0, fd;
	struct stat	 st;

	if (path == NULL || path[0] == '\0')
		path = dflt = ossl.CONF_get1_default_config_file();
	if (path == NULL)
		return 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd == -1 && errno != ENOENT) {
		snprintf(err, errlen, "TLS: cannot read the OpenSSL "
		    "configuration %s: %s", path, strerror(errno));
		rc = -1;
	} else if (fd != -1 && (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode))) {
		snprintf(err, errlen, "TLS: cannot read the OpenSSL "
		    "configuration %s: not a regular file", path);
		rc = -1;
	}
	if (fd != -1)
		close(fd);
	ossl.CRYPTO_free(dflt, __FILE__, __LINE__);
	return rc;
}

/* OpenSSL's functions and its configuration, once a run; -1 said in err. */
static int
load_openssl(char *err, size_t errlen)
{
	static struct dynlib	lib = { LIBSSL_SONAME, ossl_syms,
				    sizeof ossl_syms / sizeof ossl_syms[0],
				    NULL };
	static int		started;

	if (started)
		return 0;
	if (dynlib_load(&lib, "TLS", err, errlen) == -1)
		return -1;
	if (config_checked(err, errlen) == -1)
		return -1;
	ossl.ERR_clear_error();
	if (ossl.OPENSSL_init_ssl(OPENSSL_INIT_LOAD_CONFIG, NULL) != 1) {
		snprintf(err, errlen, "TLS: the OpenSSL configuration: %s",
		    reason("cannot load it"));
		return -1;
	}
	started = 1;
	return 0;
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
		why = reason(strerror(errno));
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

/*
 * TLS 1.2 and security level 2 (Debian's openssl.cnf sets the same) at
 * least: raised to, never lowered to, so that what the system's
 * configuration asks for more (MinProtocol = TLSv1.3, a level of 3)
 * stands.
 */
static void
floors(SSL_CTX *ctx)
{
	long	min = ossl.SSL_CTX_ctrl(ctx, SSL_CTRL_GET_MIN_PROTO_VERSION, 0,
		    NULL);

	if (min == 0 || min < TLS1_2_VERSION)
		ossl.SSL_CTX_ctrl(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION,
		    TLS1_2_VERSION, NULL);
	if (ossl.SSL_CTX_get_security_level(ctx) < 2)
		ossl.SSL_CTX_set_security_level(ctx, 2);
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
	floors(t->ctx);
	ossl.SSL_CTX_set_verify(t->ctx, SSL_VERIFY_PEER, NULL);
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

/* Whether OpenSSL's error e says that no protocol version was agreed. */
static int
version_refused(unsigned long e)
{
	switch (ERR_GET_REASON(e)) {
	case SSL_R_TLSV1_ALERT_PROTOCOL_VERSION:
	case SSL_R_UNSUPPORTED_PROTOCOL:
	case SSL_R_NO_PROTOCOLS_AVAILABLE:
	case SSL_R_WRONG_VERSION_NUMBER:
		return 1;
	default:
		return 0;
	}
}

/* The name that openssl.cnf's MinProtocol gives a version. */
static const char *
proto_name(long v)
{
	switch (v) {
	case TLS1_VERSION:
		return "TLSv1";
	case TLS1_1_VERSION:
		return "TLSv1.1";
	case TLS1_2_VERSION:
		return "TLSv1.2";
	case TLS1_3_VERSION:
		return "TLSv1.3";
	default:
		return "no version it names";
	}
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
			snprintf(err, errlen, "TLS: %s", errno != 0 ?
			    strerror(errno) : "connection closed");
			return TLS_FAILED;
		}
		break;
	default:
		break;
	}
	if ((v = ossl.SSL_get_verify_result(c->ssl)) != X509_V_OK)
		snprintf(err, errlen, "TLS: certificate verify failed: %s",
		    ossl.X509_verify_cert_error_string(v));
	else if (version_refused(ossl.ERR_peek_last_error()))
		snprintf(err, errlen, "TLS: %s: this host's OpenSSL allows %s "
		    "at least (its configuration, OPENSSL_CONF)",
		    reason("failed"), proto_name(ossl.SSL_ctrl(c->ssl,
		    SSL_CTRL_GET_MIN_PROTO_VERSION, 0, NULL)));
	else
		snprintf(err, errlen, "TLS: %s", reason("failed"));
	return TLS_FAILED;
}

enum tls_io
tls_handshake(struct tls_conn *c, char *err, size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	errno = 0;
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
	errno = 0;
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
	errno = 0;
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
